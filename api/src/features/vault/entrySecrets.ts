/**
 * What an offline device's bundle carries of one entry (docs/vault.md "Customer Vault offline"):
 * every secret decrypted at the entry's current version ({@link entrySecrets}) and the non-secret
 * values needed at the site ({@link bundleDetails}: usernames, the Wi-Fi SSID, registrar, providers,
 * static IP, notes and each endpoint's username; stored in clear but never in the offline index).
 * The device feed seals both under the device's bundle key.
 */
import { VAULT_BUNDLE_DETAIL_FIELDS, type VaultBundleDetailField, type VaultBundleDetails } from '@portal/shared';
import type { Database } from '../../db/client';
import type { VaultEndpoint } from '../../db/schema';
import type { VaultKeyring } from '../../lib/vault-keys';
import { decryptSecret, type SecretSlot } from './crypto';
import { findEntry } from './repository';
import { slotsOf } from './sealing';

/** The details of a stored entry row (missing values are null). */
export function bundleDetails(row: Record<VaultBundleDetailField, string | null> & { endpoints: VaultEndpoint[] }): VaultBundleDetails {
  const details = Object.fromEntries(VAULT_BUNDLE_DETAIL_FIELDS.map((f) => [f, row[f] ?? null])) as Record<VaultBundleDetailField, string | null>;
  return { ...details, endpoints: row.endpoints.map((e) => ({ id: e.id, username: e.username ?? null })) };
}

/** Every secret of an entry, decrypted (see port.ts), plus the SSID the Wi-Fi QR code needs. */
export interface EntrySecrets {
  entryId: string;
  version: number;
  wifiSsid: string | null;
  secrets: { field: SecretSlot['field']; endpointId: string | null; value: string }[];
  /** Usernames, SSID, registrar, providers, static IP, notes ({@link bundleDetails}). */
  details: VaultBundleDetails;
}

/**
 * Decrypts every secret of one entry (at its current version) with the entry's non-secret details,
 * for re-encryption under another key (a device's offline bundle). NOT audited here: the caller
 * decides how such an export is recorded.
 * @returns null when the entry does not exist. @throws VaultIntegrityError (fail closed).
 */
export async function entrySecrets(db: Database, keys: VaultKeyring, id: string): Promise<EntrySecrets | null> {
  const row = await findEntry(db, id);
  if (!row) return null;
  const secrets = slotsOf(row).map(({ slot, stored }) => ({ field: slot.field, endpointId: slot.endpointId ?? null, value: decryptSecret(keys, slot, stored) }));
  return { entryId: id, version: row.version, wifiSsid: row.wifiSsid, secrets, details: bundleDetails(row) };
}
