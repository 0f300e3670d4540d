import { z } from 'zod';
import type { Role } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';

/**
 * Staff two-factor authentication (DESIGN.md 7 "Staff second factor"; README "Two-factor
 * authentication"): the policy rule, the request schemas of `/api/auth/2fa/*`, `/api/auth/login/2fa`
 * and the admin reset, and the response shapes. Both the API and the PWA use them.
 */

/** Who must use a second factor: nobody, admins, or admins and technicians (TWO_FACTOR_REQUIRED). */
export const TWO_FACTOR_POLICIES = ['none', 'admins', 'staff'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
/** Key of the policy in the `settings` table (written once from TWO_FACTOR_REQUIRED, then by admins). */
export const TWO_FACTOR_POLICY_KEY = 'two_factor_policy';
/** Minutes a verified second factor counts as fresh for the vault's step-up (DESIGN.md 7: 15). */
export const STEP_UP_MINUTES = 15;
/** Recovery codes made at a time (each single use). */
export const RECOVERY_CODE_COUNT = 10;
/** At or below this many unused recovery codes the security page warns. */
export const RECOVERY_CODES_LOW = 3;

/** true when `policy` requires a second factor of a user with `role` (users, i.e. customers, never). */
export function twoFactorRequiredFor(policy: TwoFactorPolicy, role: Role): boolean {
  if (policy === 'staff') return role === 'admin' || role === 'technician';
  if (policy === 'admins') return role === 'admin';
  return false;
}

/** How a second factor was proven; `password` only for step-up of users without any factor. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey' | 'password';
/** Methods a user can sign in with after the password. */
export type TwoFactorLoginMethod = 'totp' | 'recovery' | 'passkey';

/** A 6-digit TOTP code or a recovery code (letters and digits, dashes and spaces ignored). */
export const twoFactorCodeSchema = safeText({ error: MSG.twoFactorCodeRequired })
  .trim()
  .min(1, MSG.twoFactorCodeRequired)
  .max(40, MSG.twoFactorCodeInvalid);

const b64url = safeText().max(20_000).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** A WebAuthn assertion (navigator.credentials.get) as @simplewebauthn/browser returns it. */
export const webauthnAssertionSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type WebauthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/** A WebAuthn registration (navigator.credentials.create) as @simplewebauthn/browser returns it. */
export const webauthnRegistrationSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type WebauthnRegistration = z.infer<typeof webauthnRegistrationSchema>;

const challengeId = safeText().min(1, MSG.twoFactorChallengeExpired).max(100);

/** POST /api/auth/login/2fa: the sign-in's second step, a code or a passkey assertion. */
export const loginSecondFactorSchema = z.union([
  z.object({ challengeId, code: twoFactorCodeSchema }),
  z.object({ challengeId, assertion: webauthnAssertionSchema }),
]);
export type LoginSecondFactorInput = z.infer<typeof loginSecondFactorSchema>;

/** POST /api/auth/login/2fa/passkey-options. */
export const loginPasskeyOptionsSchema = z.object({ challengeId });

/** POST /api/auth/2fa/totp/confirm, DELETE /api/auth/2fa/totp needs a step-up instead. */
export const totpConfirmSchema = z.object({ code: twoFactorCodeSchema });

/** POST /api/auth/2fa/step-up: a code, a passkey assertion, or (users without any factor) the password. */
export const stepUpSchema = z.union([
  z.object({ code: twoFactorCodeSchema }),
  z.object({ assertion: webauthnAssertionSchema }),
  z.object({ password: safeText({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200) }),
]);
export type StepUpInput = z.infer<typeof stepUpSchema>;

const passkeyName = safeText({ error: MSG.passkeyNameRequired }).trim().min(1, MSG.passkeyNameRequired).max(60);

/** POST /api/auth/2fa/passkeys: a new passkey's name and its registration. */
export const passkeyRegisterSchema = z.object({ name: passkeyName, registration: webauthnRegistrationSchema });
/** PATCH /api/auth/2fa/passkeys/:id. */
export const passkeyRenameSchema = z.object({ name: passkeyName });

/** PUT /api/auth/2fa/policy (admins). */
export const twoFactorPolicySchema = z.object({ policy: z.enum(TWO_FACTOR_POLICIES, { error: 'Choose none, admins or staff' }) });

/** One registered passkey as the API lists it (never its key). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/auth/2fa: the caller's second factors. */
export interface TwoFactorStatus {
  totp: boolean;
  passkeys: PasskeySummary[];
  /** Unused recovery codes (0 when none were made). */
  recoveryCodesLeft: number;
  /** The policy requires a second factor of this user. */
  required: boolean;
  /** This session may do nothing but enrol (and log out) until a method is set up. */
  enrolmentRequired: boolean;
  /** Until when the session's last second factor counts as fresh (step-up), or null. */
  freshUntil: string | null;
}

/** POST /api/auth/2fa/totp/setup: the new secret (base32) and its otpauth:// URL for the QR. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/auth/login answer when a second factor is due (no session yet). */
export interface LoginChallenge {
  twoFactorRequired: true;
  challengeId: string;
  methods: TwoFactorLoginMethod[];
}
