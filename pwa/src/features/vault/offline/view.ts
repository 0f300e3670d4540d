/**
 * What /vault lists: the cached index with this device's unsent vault writes applied, so an edit
 * or a new customer saved offline shows at once, marked as waiting (or failed with the server's
 * message). Sorted by business name (case-insensitive). No React.
 */
import { VAULT_TEXT_FIELDS, type VaultIndexEntry } from '@portal/shared';
import type { OfflineDb, OutboxItem } from '../../../offline/core';
import { readVaultIndex } from './collection';
import { isVaultCreate, isVaultUpdate } from './kinds';

/** Unsent writes of a listed entry. */
export interface VaultSyncMarks {
  /** pending or sending items. */
  pending: number;
  /** items the server refused (state 'failed'), with their seq and message. */
  failed: { seq: number; message: string }[];
}

/** A listed entry: the index entry as shown, its unsent writes, and for a customer created offline the item's seq. */
export interface VaultListEntry extends VaultIndexEntry {
  sync: VaultSyncMarks;
  /** Set for an entry that exists only in the outbox (created offline, not sent yet). */
  queuedSeq?: number;
}

const INDEX_FIELDS = new Set<string>(['businessName', ...VAULT_TEXT_FIELDS.filter((f) => ['contactName', 'contactEmail', 'contactPhone', 'address', 'ispProvider'].includes(f))]);

function mark(entry: VaultListEntry, item: OutboxItem): void {
  if (item.state === 'failed') entry.sync.failed.push({ seq: item.seq, message: item.error?.message ?? 'Rejected by the server' });
  else entry.sync.pending += 1;
}

/** Applies an index-visible patch (fields and endpoint names/URLs) to an entry. */
function applyPatch(entry: VaultListEntry, patch: Record<string, unknown>): void {
  const target = entry as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) if (INDEX_FIELDS.has(k)) target[k] = v ?? null;
  const endpoints = patch.endpoints as { id?: string; name: string; url?: string | null }[] | undefined;
  if (endpoints) {
    const before = new Map(entry.endpoints.map((e) => [e.id, e]));
    entry.endpoints = endpoints.map((e, i) => {
      const old = e.id ? before.get(e.id) : undefined;
      return { id: e.id ?? `queued-${i}`, name: e.name, url: e.url === undefined ? (old?.url ?? null) : e.url, hasPassword: old?.hasPassword ?? false };
    });
  }
}

/** The list of /vault (see the module doc). */
export async function readVaultList(db: OfflineDb): Promise<VaultListEntry[]> {
  const [index, items] = await Promise.all([readVaultIndex(db), db.outbox.where('kind').anyOf('vault.create', 'vault.update').sortBy('seq')]);
  const byId = new Map<string, VaultListEntry>(index.map((e) => [e.id, { ...e, endpoints: [...e.endpoints], sync: { pending: 0, failed: [] } }]));
  const list = [...byId.values()];
  for (const item of items) {
    if (item.state === 'done') continue;
    if (isVaultUpdate(item) && item.entityId) {
      const entry = byId.get(item.entityId);
      if (!entry) continue;
      applyPatch(entry, item.payload as Record<string, unknown>);
      mark(entry, item);
    } else if (isVaultCreate(item)) {
      const p = item.payload;
      const entry: VaultListEntry = {
        id: `queued:${item.seq}`,
        businessName: p.businessName,
        clientId: p.clientId ?? null,
        contactName: p.contactName ?? null,
        contactEmail: p.contactEmail ?? null,
        contactPhone: p.contactPhone ?? null,
        address: p.address ?? null,
        ispProvider: p.ispProvider ?? null,
        endpoints: (p.endpoints ?? []).map((e, i) => ({ id: `queued-${i}`, name: e.name, url: e.url ?? null, hasPassword: false })),
        hasDomainPassword: false,
        hasHostingPassword: false,
        hasWifiPassword: false,
        hasRouterPassword: false,
        hasIspAccountNumber: false,
        hasPhoneAccountNumber: false,
        version: 0,
        updatedAt: item.createdAt,
        sync: { pending: 0, failed: [] },
        queuedSeq: item.seq,
      };
      mark(entry, item);
      list.push(entry);
    }
  }
  return list.sort((a, b) => a.businessName.localeCompare(b.businessName, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}
