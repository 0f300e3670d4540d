/**
 * What the tags feature asks of tickets (docs/tags.md), given to it by the composition root (app.ts)
 * so that tags never imports tickets: each ticket whose tags an admin's rename, merge or delete
 * changed gets `tag_remove` / `tag_add` work-history rows by the admin and moves forward (version + 1,
 * new sync_seq), so phones and the staff list pages see its new tags. A PATCH's own tag changes are
 * written by tagLinks.ts.
 */
import type { Database } from '../../db/client';
import { insertTicketUpdates } from './historyRepository';
import { lockTicketForWrite, updateTicketFields } from './repository';

/** One ticket's tag change by an admin's tag edit. */
export interface TicketTagChange {
  ticketId: string;
  added: string[];
  removed: string[];
}

/** Records `changes` (tickets in id order, the lock order of concurrent edits) in `tx`. */
export async function recordTagChanges(tx: Database, changes: TicketTagChange[], actor: { id: string; username: string }, now: Date): Promise<void> {
  for (const c of [...changes].sort((a, b) => a.ticketId.localeCompare(b.ticketId))) {
    if (!c.added.length && !c.removed.length) continue;
    const current = await lockTicketForWrite(tx, c.ticketId);
    if (!current) continue;
    const version = current.version + 1;
    await updateTicketFields(tx, c.ticketId, {}, version, now);
    await insertTicketUpdates(tx, [
      ...c.removed.map((name) => ({ updateType: 'tag_remove' as const, previousValue: name, newValue: null })),
      ...c.added.map((name) => ({ updateType: 'tag_add' as const, previousValue: null, newValue: name })),
    ].map((h) => ({ ...h, ticketId: c.ticketId, updatedBy: actor.id, comment: null, ticketVersion: version, createdAt: now })));
  }
}
