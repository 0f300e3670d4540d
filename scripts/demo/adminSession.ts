/**
 * The admin session of `npm run seed:demo` under the two-factor policy (README "Set-up", docs/two-factor.md):
 * - the admin has no second factor yet (a new install; `TWO_FACTOR_REQUIRED=staff` is the default):
 *   the password gives an enrolment-only session, so the script sets up the admin's authenticator app
 *   through the API the Security page uses (setup, confirm with the current code) and hands back the
 *   setup key, its otpauth:// URL and the recovery codes, which the caller prints ONCE: the admin adds
 *   the key to an authenticator app (or keeps a recovery code) before signing in in the browser;
 * - the admin has a factor: a code is needed (`code`: an authenticator code or a recovery code);
 * - the policy does not cover admins: the password session is used as is.
 * Uses only the public HTTP API, like the rest of the seeding.
 */
import * as OTPAuth from 'otpauth';
import type { LoginChallenge, LoginResponse, TotpSetup } from '@portal/shared';

/** One JSON request of the seeding (see seed.ts `call`). */
export type Call = <T>(path: string, init?: { method?: string; token?: string; body?: unknown }) => Promise<{ status: number; body: T }>;

/** What the seeding did to the admin's second factor, for the caller to print. */
export type AdminEnrolment = { setupKey: string; otpauthUrl: string; recoveryCodes: string[] };

/** The admin session, and the enrolment the script made (absent when none was needed). */
export interface AdminSession {
  token: string;
  enrolled?: AdminEnrolment;
}

/** Thrown when the admin has a second factor and no code was given: the message says what to do. */
export class CodeNeededError extends Error {
  constructor() {
    super(
      'The admin account has a second factor: run it again with ADMIN_CODE set to a code from its authenticator app (or one of its recovery codes), e.g. ADMIN_PASSWORD=... ADMIN_CODE=123456 npm run seed:demo',
    );
    this.name = 'CodeNeededError';
  }
}

/** The current code of a base32 TOTP secret (RFC 6238, 30 s, 6 digits: the portal's settings). */
export function currentCode(secret: string, now: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: now.getTime() });
}

const fail = (what: string, r: { status: number; body: unknown }) => new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);

/**
 * Signs `admin` in (module doc). `askCode` is called only when the admin already has a factor.
 * @throws CodeNeededError when a code is needed and `askCode` gives none; Error with the server's answer otherwise.
 */
export async function adminSession(call: Call, password: string, askCode: () => Promise<string | undefined>, now: () => Date = () => new Date()): Promise<AdminSession> {
  const login = await call<LoginResponse | LoginChallenge>('/api/auth/login', { method: 'POST', body: { username: 'admin', password } });
  if (login.status !== 200) throw fail('signing in as admin', login);
  if ('twoFactorRequired' in login.body) {
    const code = (await askCode())?.trim();
    if (!code) throw new CodeNeededError();
    const second = await call<LoginResponse>('/api/auth/login/2fa', { method: 'POST', body: { challengeId: login.body.challengeId, code } });
    if (second.status !== 200) throw fail('the admin second factor', second);
    return { token: second.body.token };
  }
  const { token, twoFactorEnrolmentRequired } = login.body;
  if (!twoFactorEnrolmentRequired) return { token };
  const setup = await call<TotpSetup>('/api/auth/2fa/totp/setup', { method: 'POST', token });
  if (setup.status !== 200) throw fail('setting up the admin authenticator app', setup);
  const confirm = await call<{ recoveryCodes: string[] }>('/api/auth/2fa/totp/confirm', { method: 'POST', token, body: { code: currentCode(setup.body.secret, now()) } });
  if (confirm.status !== 200) throw fail('confirming the admin authenticator app', confirm);
  return { token, enrolled: { setupKey: setup.body.secret, otpauthUrl: setup.body.otpauthUrl, recoveryCodes: confirm.body.recoveryCodes } };
}
