/**
 * The vault's offline writes: `vault.create` (POST /api/vault) and `vault.update`
 * (PATCH /api/vault/:id), queued through the outbox when there is no connection and sent with the
 * author's session and the item's Idempotency-Key.
 *
 * Decision (docs/vault.md): secrets typed offline are REFUSED, not held: the form disables
 * the secret inputs offline, and {@link assertNoSecrets} throws if a body still carries one, so no
 * password or account number is ever written to IndexedDB. Offline bodies hold only index fields
 * and endpoint names/URLs (the server keeps everything an update leaves out). Online writes do not
 * use the outbox (they may carry secrets). No React: the service worker registers these kinds too.
 */
import { VAULT_SECRET_FIELDS, type VaultCreateInput, type VaultEntry, type VaultPatchInput } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { putVaultIndex } from './collection';

export const VAULT_CREATE = 'vault.create';
export const VAULT_UPDATE = 'vault.update';

/** SPEC.md 8 texts of the outcomes. */
const ADDED = 'Customer information has been added.';
const UPDATED = 'Customer information has been updated.';
const SAVE_FAILED = 'Failed to save customer information. Please try again.';

/** Thrown when an offline body carries a secret (a programming error: the form must not allow it). */
export class SecretInOutboxError extends Error {
  constructor(field: string) {
    super(`A vault secret (${field}) must never be queued on the device`);
    this.name = 'SecretInOutboxError';
  }
}

/** Throws {@link SecretInOutboxError} when `body` holds a secret value (top level or an endpoint password). */
export function assertNoSecrets(body: VaultCreateInput | VaultPatchInput): void {
  for (const f of VAULT_SECRET_FIELDS) if (body[f] !== undefined && body[f] !== null) throw new SecretInOutboxError(f);
  for (const e of body.endpoints ?? []) if (e.password !== undefined && e.password !== null) throw new SecretInOutboxError('endpoints.password');
}

export type VaultCreateItem = OutboxItem<VaultCreateInput, never, VaultEntry>;
export type VaultUpdateItem = OutboxItem<VaultPatchInput, never, VaultEntry>;

/** Stores the server's answer in the offline index (same transaction as the item's settling). */
const storeAnswer = async ({ db, body }: { db: OfflineDb; body: unknown }) => {
  if (body && typeof body === 'object' && 'id' in body) await putVaultIndex(db, [body as VaultEntry]);
};

const failedNotice = (item: OutboxItem) => ({
  title: 'Error',
  description: `${item.label}: ${item.error?.message ?? SAVE_FAILED}`,
  variant: 'destructive' as const,
});

/** POST /api/vault of an entry created offline; the answer joins the index. */
export const vaultCreateKind: OutboxKind<VaultCreateInput, never, VaultEntry> = {
  kind: VAULT_CREATE,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ method: 'POST', url: '/api/vault', body: item.payload }),
  onSuccess: storeAnswer,
  notices: {
    sent: (labels) => ({ title: 'Success', description: labels.length === 1 ? `${labels[0]}: ${ADDED}` : `${labels.length} customers: ${ADDED}` }),
    failed: failedNotice,
  },
};

/** PATCH /api/vault/:id of an edit made offline (only the changed fields); the answer replaces the index row. */
export const vaultUpdateKind: OutboxKind<VaultPatchInput, never, VaultEntry> = {
  kind: VAULT_UPDATE,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ method: 'PATCH', url: `/api/vault/${item.entityId}`, body: item.payload }),
  onSuccess: storeAnswer,
  notices: {
    sent: (labels) => ({ title: 'Success', description: labels.length === 1 ? `${labels[0]}: ${UPDATED}` : `${labels.length} customers: ${UPDATED}` }),
    failed: failedNotice,
  },
};

export const isVaultCreate = (item: OutboxItem): item is VaultCreateItem => isItemOf(vaultCreateKind, item);
export const isVaultUpdate = (item: OutboxItem): item is VaultUpdateItem => isItemOf(vaultUpdateKind, item);

type Author = { id: string; username: string };

/** Queues an entry created offline (no secrets: see the module doc). @returns the item's seq. */
export async function enqueueVaultCreate(db: OfflineDb, body: VaultCreateInput, user: Author, now = new Date()): Promise<number> {
  assertNoSecrets(body);
  return enqueue<VaultCreateInput>(db, { kind: VAULT_CREATE, payload: body, label: body.businessName, user }, now);
}

/** Queues an offline edit of entry `id` (FIFO per entry; no secrets). @returns the item's seq. */
export async function enqueueVaultUpdate(db: OfflineDb, id: string, label: string, patch: VaultPatchInput, user: Author, now = new Date()): Promise<number> {
  assertNoSecrets(patch);
  return enqueue<VaultPatchInput>(db, { kind: VAULT_UPDATE, payload: patch, label, entityId: id, stream: `vault:${id}`, user }, now);
}
