import { z } from 'zod';
import { MIN_NEW_PASSWORD_LENGTH, ROLES } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';

/** POST /api/auth/login body and the login form (SPEC.md 5: both fields required). */
export const loginSchema = z.object({
  username: safeText({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(100),
  password: safeText({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/change-password body (SPEC.md 5). */
export const changePasswordSchema = z.object({
  currentPassword: safeText({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(200),
  newPassword: safeText({ error: MSG.newPasswordTooShort }).min(MIN_NEW_PASSWORD_LENGTH, MSG.newPasswordTooShort).max(200),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the request plus a confirmation that must match (SPEC.md 5). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: safeText({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired) })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** A user as the API returns it: never a password or hash (DESIGN.md 4). */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** Their own phone (staff: the `{{technician.phone}}` reply variable); absent from older answers. */
  phone: z.string().nullable().optional(),
  role: z.enum(ROLES),
  createdAt: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/auth/login response: the session the PWA stores (SPEC.md 3 "Session"). */
export interface LoginResponse {
  user: PublicUser;
  token: string;
  expiresAt: string;
  /** The policy requires a second factor and the user has none: the session may only enrol (README "Two-factor authentication"). */
  twoFactorEnrolmentRequired?: boolean;
  /** Signed in with a recovery code: how many unused ones are left (issue 56 item 12; the sign-in says so). */
  recoveryCodesLeft?: number;
}
