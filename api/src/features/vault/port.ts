/**
 * What other features may use of the Customer Vault. The offline vault (secrets offline,
 * encrypted per device) builds on these; nothing else should decrypt vault secrets.
 *
 * - `entrySecrets(db, keys, entryId)`: every secret of one entry in clear (top-level fields and each
 *   endpoint password, with `version`), for re-encryption under a device's bundle key. It writes no
 *   audit row: an export for offline use is not a reveal; record it (and each offline reveal) in
 *   the caller's own tables. Throws VaultIntegrityError on a tampered value (fail closed).
 * - `listEntriesSince(db, since, limit)`: the index delta feed (changed entries and deleted ids), to
 *   know which entries' secrets a device must refresh or drop.
 * - `recordOfflineReveal(tx, record)`: appends the audit row of a reveal made offline on a device
 *  , in the same reveal audit as online reveals, marked 'offline'.
 * - `recordDeviceDelivery(db, record)`: appends the audit rows of a device feed page (one per entry
 *   sent: a reveal of all its secrets, `source` 'device'); call it before answering the page.
 * - `VaultIntegrityError`, `integrityFailed()`: the fail-closed error and its 500 `integrity_failed`.
 * - `vaultEntriesUseClient(db, clientId)`: whether any vault entry refers to the client (the clients
 *   feature refuses deleting it then; wired in app.ts).
 * - `vaultClientLinks`: the vault side of `npm run clients:link` (wired in scripts/clients-link.ts).
 */
export { vaultClientLinks, vaultEntriesUseClient, vaultEntryClients } from './clientUse';
export { recordOfflineReveal, type OfflineRevealRecord } from './reveal';
export { entrySecrets, type EntrySecrets } from './entrySecrets';
export { integrityFailed, listEntriesSince } from './service';
export { VaultIntegrityError } from './crypto';
export { recordDeviceDelivery, type DeviceDeliveryRecord } from './deviceAudit';
/** - `KeyedStore`: another table's values under the vault keyring, which rotateVaultKey re-encrypts too. */
export type { KeyedStore } from './rotation';
