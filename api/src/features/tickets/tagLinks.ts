/**
 * A ticket's tags (issue 57 point 3, docs/tags.md), through the tags port: `tags` on ticket reads and
 * PATCH /api/tickets/:id `tagsAdd` / `tagsRemove` (set operations: an update made offline adds to
 * what the ticket has when it arrives, never conflicts). Each tag added or removed is one work-history
 * row (`tag_add` / `tag_remove`, the name stored).
 */
import type { Ticket, TicketPatch, TicketPatchResult } from '@portal/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/state';
import { applyTicketTags, tagsOfTickets } from '../tags/port';
import { insertTicketUpdates } from './historyRepository';
import { presentTicket, presentTicketUpdate } from './presenter';
import { lockTicketForWrite, updateTicketFields } from './repository';

/** `tickets` with their `tags` (one query for all). */
export async function withTags<T extends Ticket>(db: Database, tickets: T[]): Promise<T[]> {
  const names = await tagsOfTickets(db, tickets.map((t) => t.id));
  return tickets.map((t) => ({ ...t, tags: names.get(t.id) ?? [] }));
}

/**
 * After the merge of a PATCH (`result`): applies `tagsAdd` / `tagsRemove`. A change writes its history
 * rows at the update's version, or, when nothing else changed, as a new version of its own.
 * Returns the result with `tags` and the new rows.
 */
export async function applyTagLinks(tx: Database, ticketId: string, patch: TicketPatch, result: TicketPatchResult, actor: AuthUser, now: Date): Promise<TicketPatchResult> {
  const change = patch.tagsAdd?.length || patch.tagsRemove?.length ? await applyTicketTags(tx, ticketId, { add: patch.tagsAdd, remove: patch.tagsRemove }, actor, now) : null;
  if (!change || (change.added.length === 0 && change.removed.length === 0)) {
    const [ticket] = await withTags(tx, [result.ticket]);
    return { ...result, ticket: ticket! };
  }
  let ticket = result.ticket;
  if (result.updates.length === 0) {
    const current = (await lockTicketForWrite(tx, ticketId))!;
    ticket = { ...ticket, ...presentTicket(await updateTicketFields(tx, ticketId, {}, current.version + 1, now)) };
  }
  const rows = await insertTicketUpdates(tx, [
    ...change.removed.map((name) => ({ updateType: 'tag_remove' as const, previousValue: name, newValue: null })),
    ...change.added.map((name) => ({ updateType: 'tag_add' as const, previousValue: null, newValue: name })),
  ].map((h) => ({ ...h, comment: null, ticketId, updatedBy: actor.id, ticketVersion: ticket.version, createdAt: now })));
  const updates = [...result.updates, ...rows.map((r) => presentTicketUpdate({ ...r, updatedByName: actor.username }))];
  const [withNames] = await withTags(tx, [ticket]);
  return { ...result, ticket: withNames!, updates };
}
