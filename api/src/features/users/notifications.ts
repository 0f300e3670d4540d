/**
 * The users feature's job kind (DESIGN.md 6), registered in api/src/notification-kinds.ts:
 * - `admin_security_action`: a security-relevant admin action (issue 55 defect 3: the 2FA policy,
 *   resetting another user's factors or password, creating or promoting an admin, approving an
 *   offline vault device): who did what to whom, when, from which IP. Sent to every admin with an
 *   e-mail address, the actor included (a stolen admin session shows up in every admin's inbox).
 */
import { defineJobKind, emailContent, portalLink } from '../../notify';

/** The facts of one action: its sentence (e.g. 'set the two-factor policy to "none"'), who, when (ISO), from where. */
export interface AdminSecurityPayload {
  action: string;
  actor: string;
  at: string;
  ip: string;
}

/** 'Mar 5, 2026 at 3:04 PM UTC' (SPEC.md 9), in UTC so every process renders the same. */
const formatWhen = (iso: string) =>
  `${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/** The e-mail to every admin about one security-relevant admin action. */
export const adminSecurityAction = defineJobKind<AdminSecurityPayload, 'email'>({
  kind: 'admin_security_action',
  channel: 'email',
  summary: (p) => `Security change by ${p.actor}: ${p.action}`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: `Security change by ${p.actor}`,
        title: 'Security change',
        blocks: [
          { type: 'p', text: `The administrator ${p.actor} ${p.action} on ${formatWhen(p.at)} from the address ${p.ip}.` },
          { type: 'button', label: 'Open User Management', url: portalLink(brand, '/admin') },
          { type: 'p', text: `If nobody meant to do this, sign in, check the users and the two-factor policy, and tell ${brand.supportEmail}.` },
        ],
      },
      brand,
    ),
});

/** Every job kind of the users feature (api/src/notification-kinds.ts). */
export const userKinds = [adminSecurityAction];
