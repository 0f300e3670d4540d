import { z } from 'zod';
import { VAULT_REVEAL_FIELDS, type VaultRevealField } from '../rules/vault';
import { safeText } from './text';

/**
 * The Customer Vault offline: vault secrets kept on a device, encrypted under a random
 * per-device BUNDLE KEY that the server generates at enablement and keeps encrypted under its vault
 * keyring (to re-encrypt deltas). The device stores only ciphertext and the bundle key wrapped by a
 * key derived from an offline passphrase (Argon2id) and, where supported, a WebAuthn PRF key.
 * docs/vault.md "Customer Vault offline" has the threat model and the parameters.
 */

/** Days without a sync after which the device wipes its copy and the server refuses its feed (VAULT_OFFLINE_DAYS default). */
export const VAULT_OFFLINE_DAYS_DEFAULT = 7;
/** Failed unlocks after which the device wipes its copy. */
export const VAULT_OFFLINE_MAX_FAILED_UNLOCKS = 10;
/** Idle time after which an unlocked offline vault locks again. */
export const VAULT_OFFLINE_IDLE_MS = 5 * 60_000;
/** Shortest offline passphrase (characters): a phrase, never a bare PIN. */
export const VAULT_PASSPHRASE_MIN = 12;
/** Clock difference tolerated between a device and the server for offline reveal times. */
export const VAULT_OFFLINE_CLOCK_SKEW_MS = 5 * 60_000;
/** Format version of the device bundle (the AAD and the payload carry it). */
export const VAULT_BUNDLE_FORMAT = 1;

/**
 * Why an offline passphrase is refused, or null when it is acceptable: at least
 * {@link VAULT_PASSPHRASE_MIN} characters and not only digits (no bare PIN), not one repeated
 * character. The form shows the message; the passphrase never leaves the device.
 */
export function vaultPassphraseProblem(passphrase: string): string | null {
  if ([...passphrase].length < VAULT_PASSPHRASE_MIN) return `Use at least ${VAULT_PASSPHRASE_MIN} characters, for example three or four words.`;
  if (/^[\d\s]+$/.test(passphrase)) return 'A number alone is too easy to guess. Use words.';
  if (new Set(passphrase).size < 4) return 'Use a real phrase, not one repeated character.';
  return null;
}

/** POST /api/vault-devices body: this device's name as the technician sees it in the device list. */
export const vaultDeviceCreateSchema = z.object({
  deviceName: safeText({ error: 'Device name is required.' }).trim().min(1, 'Device name is required.').max(80, 'Must be at most 80 characters'),
});
export type VaultDeviceCreate = z.infer<typeof vaultDeviceCreateSchema>;

/** GET /api/vault-devices/:id/secrets query: `since` is the cursor of the previous page ('0' first). */
export const vaultDeviceFeedQuerySchema = z.object({
  since: safeText()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .default('0'),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type VaultDeviceFeedQuery = z.infer<typeof vaultDeviceFeedQuerySchema>;

/**
 * POST /api/vault-devices/:id/reveals body: one reveal made offline on that device, sent later
 * through the outbox (Idempotency-Key: sent twice, recorded once). `revealedAt` is the device's
 * time of the reveal; the names are the device's copy, used when the entry was deleted since.
 */
export const vaultOfflineRevealSchema = z
  .object({
    entryId: z.uuid('entryId must be an entry id'),
    field: z.enum(VAULT_REVEAL_FIELDS, { message: 'Unknown field' }),
    endpointId: z.uuid('endpointId must be an endpoint id').optional(),
    revealedAt: z.iso.datetime({ offset: true, message: 'revealedAt must be an ISO time' }),
    businessName: safeText().trim().min(1).max(200),
    endpointName: safeText().trim().max(200).optional(),
  })
  .refine((v) => (v.field === 'endpointPassword') === (v.endpointId !== undefined), {
    message: 'endpointId is required for endpointPassword and only for it',
    path: ['endpointId'],
  });
export type VaultOfflineReveal = z.infer<typeof vaultOfflineRevealSchema>;

/** Why a device lost offline access ('role_changed': its user is no longer staff; 'user_deleted': the account was deleted; 'two_factor_reset': an admin reset the user's second factors). */
export type VaultDeviceRevokeReason = 'admin' | 'user' | 'password_change' | 'expired' | 'role_changed' | 'user_deleted' | 'two_factor_reset' | 'user_disabled';

/**
 * A device grant's state: 'pending' waits for an administrator's approval (its feed sends no
 * secret), 'active' receives the feed, 'revoked' has lost access (docs/vault.md "Customer Vault offline").
 */
export type VaultDeviceStatus = 'pending' | 'active' | 'revoked';

/** Grants one user may make per day (VAULT_DEVICE_GRANTS_PER_DAY default): a grant is an export of the vault. */
export const VAULT_DEVICE_GRANTS_PER_DAY_DEFAULT = 3;
/** What the phone shows while its grant waits for approval. */
export const VAULT_DEVICE_PENDING_TEXT = 'Waiting for an administrator';

/** A device with offline vault access (admin list; the grant answer). */
export interface VaultDevice {
  id: string;
  /** Null once the user was deleted (the record stays for the audit). */
  userId: string | null;
  username: string;
  deviceName: string;
  status: VaultDeviceStatus;
  grantedAt: string;
  approvedAt: string | null;
  approvedByName: string | null;
  /** What the device feed has sent it (each page is audited): entries and secrets (counted per page), pages, last page. */
  delivered: { entries: number; secrets: number; pages: number; lastAt: string | null };
  lastSyncAt: string | null;
  revokedAt: string | null;
  revokedReason: VaultDeviceRevokeReason | null;
  revokedByName: string | null;
}

/**
 * POST /api/vault-devices answer, sent ONCE: the device's random 256-bit bundle key (base64url). The
 * device wraps it at once under its passphrase key and never stores it in clear.
 */
export interface VaultDeviceGrant {
  device: VaultDevice;
  bundleKey: string;
  offlineDays: number;
}

/**
 * One entry's secrets for a device: `blob` = base64url(nonce(12) | AES-256-GCM ciphertext | tag)
 * under the bundle key, AAD {@link vaultBundleAad}; plaintext JSON {@link VaultBundlePayload}.
 */
export interface VaultBundleItem {
  entryId: string;
  version: number;
  blob: string;
}

/** GET /api/vault-devices/:id/secrets answer (delta over the vault's sync_seq). */
export interface VaultBundlePage {
  /** True while the grant waits for an administrator: nothing is sent (items and deleted are empty). */
  pending: boolean;
  items: VaultBundleItem[];
  deleted: string[];
  cursor: string;
  more: boolean;
  /** The device must wipe itself after this many days without a sync. */
  offlineDays: number;
}

/**
 * The fields a technician needs at the site besides the secrets (sensitive, not secret: never in the
 * offline index), sealed in the bundle like the secrets so the offline View can show them.
 */
export const VAULT_BUNDLE_DETAIL_FIELDS = [
  'domainRegistrar',
  'domainUsername',
  'hostingProvider',
  'hostingUsername',
  'wifiSsid',
  'routerUsername',
  'staticIp',
  'phoneProvider',
  'notes',
] as const;
export type VaultBundleDetailField = (typeof VAULT_BUNDLE_DETAIL_FIELDS)[number];

/** The non-index, non-secret values of an entry in a bundle item (null: not stored). */
export type VaultBundleDetails = Record<VaultBundleDetailField, string | null> & {
  /** Each endpoint's username by endpoint id. */
  endpoints: { id: string; username: string | null }[];
};

/**
 * Which content a bundle carries: 2 added `details`. A device whose copy was built with an older
 * content version downloads its copy again from the start (the AAD's format stays 1).
 */
export const VAULT_BUNDLE_CONTENT = 2;

/** The decrypted content of a bundle item: every secret of the entry plus what the QR code and the field need. */
export interface VaultBundlePayload {
  format: typeof VAULT_BUNDLE_FORMAT;
  entryId: string;
  version: number;
  wifiSsid: string | null;
  secrets: { field: VaultRevealField; endpointId: string | null; value: string }[];
  /** Usernames, SSID, registrar, providers, static IP, notes (content 2; absent in older copies). */
  details?: VaultBundleDetails;
}

/**
 * Associated data of a bundle item: binds the ciphertext to its format, device, entry and version,
 * so a blob moved to another entry or device, or replayed at another version, fails closed.
 */
export function vaultBundleAad(deviceId: string, entryId: string, version: number): string {
  return `portal-vault-bundle|v${VAULT_BUNDLE_FORMAT}|${deviceId}|${entryId}|${version}`;
}
