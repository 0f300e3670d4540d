/**
 * The two-factor feature's job kind (README "Two-factor authentication", DESIGN.md 6), registered
 * in api/src/notification-kinds.ts:
 * - `two_factor_reset`: the user's second factors were reset (by an admin or from the command
 *   line): who did it and when, that every session and offline vault device was ended, and what to
 *   do if they did not ask for it. Sent to the user's own e-mail (a user without one gets nothing).
 * - `two_factor_changed`: a factor of the user's own account was added or removed, or recovery
 *   codes were made (issue 55 defect 1): what, when, from which IP, and what to do if it was not them.
 * - `two_factor_locked`: wrong codes reached the per-account limit (issue 55 defect 7): sign-in
 *   codes are refused for the lockout's minutes; what to do if it was not them.
 */
import { defineJobKind, emailContent, portalLink } from '../../notify';

/** The facts of a reset: the user, who reset and when (ISO). */
export interface TwoFactorResetPayload {
  username: string;
  actor: string;
  at: string;
  devicesRevoked: number;
}

/** 'Mar 5, 2026 at 3:04 PM UTC' (SPEC.md 9 'MMM d, yyyy at h:mm a'), in UTC so every process renders the same. */
const formatWhen = (iso: string) =>
  `${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/** The e-mail telling a user their second factors were reset. */
export const twoFactorReset = defineJobKind<TwoFactorResetPayload, 'email'>({
  kind: 'two_factor_reset',
  channel: 'email',
  summary: (p) => `Two-factor authentication reset for ${p.username}`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: `Your two-factor authentication was reset`,
        title: 'Two-factor authentication reset',
        blocks: [
          { type: 'p', text: `Hello ${p.username},` },
          {
            type: 'p',
            text: `${p.actor} removed the authenticator app, passkeys and recovery codes of your account on ${formatWhen(p.at)}. You were signed out everywhere${p.devicesRevoked > 0 ? ` and the offline vault was removed from ${p.devicesRevoked} device(s)` : ''}.`,
          },
          { type: 'p', text: 'Sign in with your password and set up a new second factor on the Security page.' },
          { type: 'button', label: 'Open the Security page', url: portalLink(brand, '/account/security') },
          { type: 'p', text: `If you did not ask for this, tell your administrator or ${brand.supportEmail} at once.` },
        ],
      },
      brand,
    ),
});

/** A change of a user's own second factors. */
export type FactorChange = 'totp_added' | 'totp_removed' | 'passkey_added' | 'passkey_removed' | 'recovery_codes_regenerated';

/** The facts of a factor change: the user, what changed, when (ISO) and from which IP. */
export interface TwoFactorChangedPayload {
  username: string;
  change: FactorChange;
  at: string;
  ip: string;
}

/** The subject line of each change, e.g. 'A passkey was added to your account' (issue 55). */
export const FACTOR_CHANGE_SUBJECT: Record<FactorChange, string> = {
  totp_added: 'An authenticator app was added to your account',
  totp_removed: 'The authenticator app was removed from your account',
  passkey_added: 'A passkey was added to your account',
  passkey_removed: 'A passkey was removed from your account',
  recovery_codes_regenerated: 'New recovery codes were made for your account',
};

/** The e-mail telling a user a second factor of their account changed. */
export const twoFactorChanged = defineJobKind<TwoFactorChangedPayload, 'email'>({
  kind: 'two_factor_changed',
  channel: 'email',
  summary: (p) => `${FACTOR_CHANGE_SUBJECT[p.change]} (${p.username})`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: FACTOR_CHANGE_SUBJECT[p.change],
        title: 'Two-factor authentication changed',
        blocks: [
          { type: 'p', text: `Hello ${p.username},` },
          { type: 'p', text: `${FACTOR_CHANGE_SUBJECT[p.change]} on ${formatWhen(p.at)} from the address ${p.ip}.` },
          { type: 'button', label: 'Open the Security page', url: portalLink(brand, '/account/security') },
          { type: 'p', text: `If this was not you, change your password, check your methods, and tell your administrator or ${brand.supportEmail} at once.` },
        ],
      },
      brand,
    ),
});

/** The facts of a lockout: the user, when (ISO), and for how many minutes codes are refused. */
export interface TwoFactorLockedPayload {
  username: string;
  at: string;
  minutes: number;
}

/** The e-mail telling a user that repeated wrong codes locked their second step. */
export const twoFactorLocked = defineJobKind<TwoFactorLockedPayload, 'email'>({
  kind: 'two_factor_locked',
  channel: 'email',
  summary: (p) => `Two-factor codes locked for ${p.username}`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: 'Repeated wrong sign-in codes on your account',
        title: 'Two-factor codes locked',
        blocks: [
          { type: 'p', text: `Hello ${p.username},` },
          {
            type: 'p',
            text: `Wrong two-factor codes were entered for your account many times (last on ${formatWhen(p.at)}), so codes are refused for ${p.minutes} minutes.`,
          },
          { type: 'p', text: `Someone may know your password: if it was not you, change it and tell your administrator or ${brand.supportEmail}.` },
        ],
      },
      brand,
    ),
});

/** Every job kind of the two-factor feature (api/src/notification-kinds.ts). */
export const twoFactorKinds = [twoFactorReset, twoFactorChanged, twoFactorLocked];
