/**
 * The offline vault's job kind (DESIGN.md 6), registered in api/src/notification-kinds.ts:
 * - `vault_device_approved`: an admin approved an offline vault device grant (an export of every
 *   secret; issue 55 defect 3): who approved whose device, when, from which IP. Sent to every admin
 *   with an e-mail address, the approver included (a stolen admin session shows in every inbox).
 */
import { defineJobKind, emailContent, portalLink } from '../../notify';

/** The facts of an approval. */
export interface VaultDeviceApprovedPayload {
  actor: string;
  owner: string;
  deviceName: string;
  at: string;
  ip: string;
}

/** 'Mar 5, 2026 at 3:04 PM UTC' (SPEC.md 9), in UTC so every process renders the same. */
const formatWhen = (iso: string) =>
  `${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/** The e-mail to every admin about an approved offline vault device. */
export const vaultDeviceApproved = defineJobKind<VaultDeviceApprovedPayload, 'email'>({
  kind: 'vault_device_approved',
  channel: 'email',
  summary: (p) => `Offline vault approved by ${p.actor} for ${p.owner} (${p.deviceName})`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: `Security change by ${p.actor}`,
        title: 'Offline vault approved',
        blocks: [
          { type: 'p', text: `The administrator ${p.actor} approved the offline vault on "${p.deviceName}" of ${p.owner} on ${formatWhen(p.at)} from the address ${p.ip}. That device now holds a copy of every vault secret.` },
          { type: 'button', label: 'Open the vault', url: portalLink(brand, '/vault') },
          { type: 'p', text: `If nobody meant to do this, revoke the device and tell ${brand.supportEmail}.` },
        ],
      },
      brand,
    ),
});

/** Every job kind of the offline vault (api/src/notification-kinds.ts). */
export const vaultOfflineKinds = [vaultDeviceApproved];
