/**
 * Helpers of the two-factor API tests: enrol a user's authenticator app over HTTP (the code is
 * computed from the secret the set-up answers, at the test clock's time) and sign in with it.
 */
import type { LoginChallenge, LoginResponse, TotpSetup } from '@portal/shared';
import type { TestApp, TestUser } from '../../test/app';
import { TOTP_PERIOD, totpCode } from './codes';

/** A user with a confirmed authenticator app: its secret, recovery codes and a token (session that enrolled). */
export interface EnrolledUser extends TestUser {
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** Moves the clock to the next TOTP step (a new code). */
export const nextStep = (t: TestApp) => t.clock.advance(TOTP_PERIOD * 1000);

/** The current code of `secret` on the test clock. */
export const codeNow = (t: TestApp, secret: string) => totpCode(secret, t.clock.now());

/** Creates a user of `role`, signs in with the password and enrols an authenticator app. */
export async function enrolledUser(t: TestApp, role: TestUser['role']): Promise<EnrolledUser> {
  const user = await t.createUser(role);
  const login = await t.request('POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
  if (login.status !== 200 || !login.body.token) throw new Error(`login: ${login.status} ${login.text}`);
  const token = login.body.token as string;
  const setup = await t.request<TotpSetup>('POST', '/api/auth/2fa/totp/setup', { token });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  const confirm = await t.request('POST', '/api/auth/2fa/totp/confirm', { token, body: { code: codeNow(t, setup.body.secret) } });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.text}`);
  return { ...user, token, secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** POST /api/auth/login with the password; the answer (a challenge for enrolled users). */
export const passwordStep = (t: TestApp, u: TestUser) =>
  t.request<Partial<LoginChallenge & LoginResponse>>('POST', '/api/auth/login', { body: { username: u.username, password: u.password } });

/** Signs an enrolled user in with a fresh TOTP code (moves the clock one step); returns the token. */
export async function signInWithTotp(t: TestApp, u: EnrolledUser): Promise<string> {
  nextStep(t);
  const first = await passwordStep(t, u);
  const res = await t.request('POST', '/api/auth/login/2fa', { body: { challengeId: first.body.challengeId, code: codeNow(t, u.secret) } });
  if (res.status !== 200) throw new Error(`2fa: ${res.status} ${res.text}`);
  return res.body.token as string;
}
