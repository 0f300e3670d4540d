/**
 * The two-factor feature's job kind (README "Two-factor authentication", DESIGN.md 6), registered
 * in api/src/notification-kinds.ts:
 * - `two_factor_reset`: the user's second factors were reset (by an admin or from the command
 *   line): who did it and when, that every session and offline vault device was ended, and what to
 *   do if they did not ask for it. Sent to the user's own e-mail (a user without one gets nothing).
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

/** Every job kind of the two-factor feature (api/src/notification-kinds.ts). */
export const twoFactorKinds = [twoFactorReset];
