/**
 * Query keys of the Customer Vault. The default query function joins them into the URL:
 * `['/api/vault']` -> the index, `['/api/vault', id]` -> `/api/vault/<id>` (the View dialog's entry).
 * Neither ever holds a secret: revealed values live only in the component that shows them.
 */
export const VAULT_INDEX_KEY = ['/api/vault'] as const;
export const vaultEntryKey = (id: string) => ['/api/vault', id] as const;
