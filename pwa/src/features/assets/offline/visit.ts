/**
 * The asset page's 'Log a visit' and vault entries, offline (issue 53 item 4; no React).
 *
 * A visit is a time entry on one of the asset's tickets, queued as the tickets feature's own outbox
 * kind `ticket.timeEntry` (POST /api/tickets/:id/time-entries with the item's Idempotency-Key: sent
 * once, also offline). Features import nothing of each other, so the kind is named here by its stored
 * name (the tickets feature never renames it: queued items carry it) with the same payload, label and
 * entity as its own `enqueueTimeEntry`; the Update Ticket panel's totals count it as waiting.
 *
 * The vault entries are read from the vault's index on this device (records collection `vault`, read
 * as data): names only, never a secret; revealing is the vault screen's (step-up online, the offline
 * vault offline).
 */
import { timeEntryCreateSchema, type PublicUser, type TimeEntryCreate, type VaultIndexEntry } from '@portal/shared';
import { enqueue, type OfflineDb } from '../../../offline/core';

/** The tickets feature's time-entry outbox kind (its stored name). */
export const TIME_ENTRY_KIND = 'ticket.timeEntry';

/** A visit as typed: whole minutes as a string, billable, a note. */
export interface VisitInput {
  minutes: string;
  billable: boolean;
  note: string;
}

/**
 * The time entry of a visit, or the first message the shared schema (the API's rule) gives:
 * 'Minutes must be at least 1', ... Empty or non-numeric minutes: 'Enter whole minutes from 1 to 1440.'
 */
export function visitEntry(input: VisitInput): { entry: TimeEntryCreate } | { error: string } {
  const text = input.minutes.trim();
  if (!/^\d+$/.test(text)) return { error: 'Enter whole minutes from 1 to 1440.' };
  const parsed = timeEntryCreateSchema.safeParse({ minutes: Number(text), billable: input.billable, note: input.note.trim() || null });
  return parsed.success ? { entry: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Enter whole minutes from 1 to 1440.' };
}

/** Queues a visit's time entry on `ticket` (one outbox item, its own Idempotency-Key). Returns the item's seq. */
export function enqueueAssetVisit(db: OfflineDb, ticket: { id: string; ticketNumber: string }, entry: TimeEntryCreate, user: Pick<PublicUser, 'id' | 'username'> | null): Promise<number> {
  return enqueue(db, { kind: TIME_ENTRY_KIND, payload: entry, label: ticket.ticketNumber, entityId: ticket.id, user });
}

/** One of the asset's vault entries: its name from this device's vault index, or null when the index lacks it. */
export interface AssetVaultEntry {
  id: string;
  name: string | null;
}

/** The vault entries of `ids` in that order, named from this device's vault index (no secret is read or stored). */
export async function readAssetVaultEntries(db: OfflineDb, ids: readonly string[]): Promise<AssetVaultEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db.records.bulkGet(ids.map((id) => ['vault', id] as unknown as string));
  return ids.map((id, i) => ({ id, name: (rows[i]?.data as VaultIndexEntry | undefined)?.businessName ?? null }));
}
