/**
 * Query keys of the Customer Vault. The default query function joins them into the URL:
 * `['/api/vault', id]` -> `/api/vault/<id>` (the View dialog's entry, no secret values). The list
 * itself is the offline index in IndexedDB (features/vault/offline), not a query. Revealed values
 * live only in the component that shows them.
 */
export const vaultEntryKey = (id: string) => ['/api/vault', id] as const;
