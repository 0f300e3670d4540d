/**
 * The non-secret values an offline device needs at the site (shared VaultBundleDetails): usernames,
 * the Wi-Fi SSID, registrar, providers, static IP, notes and each endpoint's username. They are
 * stored in clear but never in the offline index; the device feed seals them with the secrets under
 * the device's bundle key (docs/vault.md "Customer Vault offline").
 */
import { VAULT_BUNDLE_DETAIL_FIELDS, type VaultBundleDetailField, type VaultBundleDetails } from '@portal/shared';
import type { VaultEndpoint } from '../../db/schema';

/** The details of a stored entry row (missing values are null). */
export function bundleDetails(row: Record<VaultBundleDetailField, string | null> & { endpoints: VaultEndpoint[] }): VaultBundleDetails {
  const details = Object.fromEntries(VAULT_BUNDLE_DETAIL_FIELDS.map((f) => [f, row[f] ?? null])) as Record<VaultBundleDetailField, string | null>;
  return { ...details, endpoints: row.endpoints.map((e) => ({ id: e.id, username: e.username ?? null })) };
}
