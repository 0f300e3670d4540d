/**
 * `vault.offlineReveal`: the audit report of a secret shown from this device's encrypted
 * copy with no connection. Queued BEFORE the value is shown (no record, no value) and sent when the
 * connection returns: POST /api/vault-devices/:deviceId/reveals with the item's Idempotency-Key, so
 * a resend is recorded once. The report holds no secret: entry, field, time and names only. It
 * survives a wipe of the copy (the outbox is not the copy) and is sent with its author's session.
 */
import type { VaultOfflineReveal } from '@portal/shared';
import { enqueue, type OfflineDb, type OutboxKind } from '../../../offline/core';

export const VAULT_OFFLINE_REVEAL = 'vault.offlineReveal';

/** The item's payload: which device, and the report. */
export interface OfflineRevealPayload {
  deviceId: string;
  report: VaultOfflineReveal;
}

export const vaultOfflineRevealKind: OutboxKind<OfflineRevealPayload> = {
  kind: VAULT_OFFLINE_REVEAL,
  auth: 'session',
  request: (item) => ({ method: 'POST', url: `/api/vault-devices/${item.payload.deviceId}/reveals`, body: item.payload.report }),
  notices: {
    failed: (item) => ({ title: 'Error', description: `${item.label}: ${item.error?.message ?? 'The offline reveal could not be reported.'}`, variant: 'destructive' }),
  },
};

/** Queues the report of one offline reveal (FIFO on one stream). @returns the item's seq. */
export async function enqueueOfflineReveal(db: OfflineDb, payload: OfflineRevealPayload, label: string, user: { id: string; username: string }, now = new Date()): Promise<number> {
  return enqueue<OfflineRevealPayload>(db, { kind: VAULT_OFFLINE_REVEAL, payload, label, entityId: payload.report.entryId, stream: 'vault-offline-reveals', user }, now);
}
