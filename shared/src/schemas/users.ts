import { z } from 'zod';
import { DEFAULT_ROLE, ROLES } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';

const optionalEmail = safeText()
  .trim()
  .max(254)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .pipe(z.email(MSG.emailInvalid).nullable());

/** A user's own phone: optional ('' -> null), the support number's characters (digits, spaces, + - ( )). */
const optionalPhone = safeText()
  .trim()
  .max(40, MSG.phoneNumberInvalid)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .pipe(z.string().regex(/^[0-9+\-() ]*[0-9][0-9+\-() ]*$/, MSG.phoneNumberInvalid).nullable());

/** PATCH /api/auth/me body (My Replies 'Your phone'): the signed-in person's own phone; '' or null clears it. */
export const myAccountSchema = z.object({ phone: optionalPhone });
export type MyAccountUpdate = z.output<typeof myAccountSchema>;

/** POST /api/users body (SPEC.md 5: username and password required, email optional, role enum). */
export const userCreateSchema = z.object({
  username: safeText({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(100),
  password: safeText({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
  email: optionalEmail,
  phone: optionalPhone,
  role: z.enum(ROLES, { message: MSG.roleInvalid }).default(DEFAULT_ROLE),
});
export type UserCreate = z.output<typeof userCreateSchema>;

/** PATCH /api/users/:id body (SPEC.md 5): every field optional; a blank password keeps the current one. */
export const userUpdateSchema = z.object({
  username: safeText().trim().min(1, MSG.usernameRequired).max(100).optional(),
  password: safeText()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: optionalEmail,
  /** The user's own phone (the `{{technician.phone}}` reply variable); '' or null clears it. */
  phone: optionalPhone,
  role: z.enum(ROLES, { message: MSG.roleInvalid }).optional(),
});
export type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * A user as User Management shows it (GET /api/users and every users write): the public fields,
 * whether an admin disabled the account, and the last successful sign-in (ISO) or null (never).
 */
export type ManagedUser = import('./auth').PublicUser & { disabled: boolean; lastSignInAt: string | null };

/** GET /api/users/sign-in-locks (admins): the usernames whose sign-in is locked now, and until when (ISO). */
export interface SignInLocks {
  locks: { username: string; lockedUntil: string }[];
}

/** Texts of disabling accounts (User Management, sign-in; tests find elements by them). */
export const USER_STATUS_TEXT = {
  /** The sign-in answer (403 account_disabled) for a disabled account's right password. */
  signInDisabled: 'This account is disabled. Please contact your administrator.',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotDisableAdmin: 'The admin user cannot be disabled.',
  lastAdmin: 'Cannot disable the last active admin.',
  disable: 'Disable',
  enable: 'Enable',
  /** The confirmation of Disable (issue 56: it signed a user out everywhere at one tap). */
  disableTitle: (username: string) => `Disable ${username}?`,
  disableBody: (username: string) => `${username} is signed out on every device at once, their offline vault copies are wiped, and they cannot sign in until an admin enables the account again.`,
  /** 'locked until 9:14 PM' beside 'Unlock sign-in'. */
  lockedUntil: (time: string) => `locked until ${time}`,
  disabledBadge: 'Disabled',
  lastSignIn: 'Last sign-in',
  never: 'Never',
} as const;
