/**
 * What the checklists feature asks of tickets (docs/recurring-tickets.md), given to it by the
 * composition root (app.ts, event-subscribers.ts) so that checklists never imports tickets:
 * - {@link lockTicketForChecklist}: the ticket row locked for the caller's transaction (two
 *   technicians ticking items of one ticket are serialised; each tick still applies);
 * - {@link recordChecklistChanges}: each checklist change as a 'checklist' work-history row by the
 *   actor, and the ticket moved forward (version + 1, new sync_seq, updatedAt) so phones and the
 *   staff list see the new checklist.
 */
import type { TicketStatus, TicketUpdateEntry } from '@portal/shared';
import type { Database } from '../../db/client';
import { presentTicketUpdate } from './presenter';
import { lockTicketForWrite, updateTicketFields } from './repository';
import { insertTicketUpdates } from './historyRepository';

/** Locks ticket `id` (and the sync lock) in `tx`; null when there is no such ticket. */
export async function lockTicketForChecklist(tx: Database, id: string): Promise<{ id: string; status: TicketStatus; version: number } | null> {
  const row = await lockTicketForWrite(tx, id);
  return row ? { id: row.id, status: row.status, version: row.version } : null;
}

/**
 * Records `texts` (e.g. 'Ticked "Check backups"') as 'checklist' history rows of ticket `ticketId`
 * by `actor` at `now`, and moves the ticket forward once. Call after {@link lockTicketForChecklist}
 * in the same transaction. Nothing happens for an empty list.
 * @returns the presented history rows.
 */
export async function recordChecklistChanges(
  tx: Database,
  ticketId: string,
  actor: { id: string; username: string },
  texts: string[],
  now: Date,
): Promise<TicketUpdateEntry[]> {
  if (texts.length === 0) return [];
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current) return [];
  const version = current.version + 1;
  await updateTicketFields(tx, ticketId, {}, version, now);
  const rows = await insertTicketUpdates(
    tx,
    texts.map((newValue) => ({ ticketId, updatedBy: actor.id, updateType: 'checklist' as const, previousValue: null, newValue, comment: null, ticketVersion: version, createdAt: now })),
  );
  return rows.map((r) => presentTicketUpdate({ ...r, updatedByName: actor.username }));
}
