/**
 * Ticket writes (SPEC.md 4, DESIGN.md 4) other than creates (create.ts): PATCH with the shared
 * merge rule (shared/src/rules/merge.ts) deciding conflicts and history, unassigning a deleted
 * user's tickets, the customer's answer resuming the SLA clocks, and the start-up recounts and
 * backfills. Writes run inside the route's transaction (http/transaction.ts) and write their
 * notification jobs (SPEC.md 7, DESIGN.md 6) into that same transaction. No SQL here:
 * repository.ts holds it.
 */
import { MSG, mergeConflicts, planTicketPatch } from '@portal/shared';
import type { TicketPatch, TicketPatchResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { lockSync } from '../../db/sync';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { readSlaPolicy } from '../sla/port';
import { dueColumns, patchColumns, resumeColumns } from './sla';
import { setDueTimes, ticketsWithoutDueTimes } from './slaRepository';
import { recordAttachments, type AttachmentBatch } from '../attachments/port';
import { event, type DomainEvent, type EventBus, type TicketChange } from '../../events';
import { presentTicket, presentTicketUpdate } from './presenter';
import { isAssignable, type NewTicket, lockTicketForWrite, unassignAllOf, updateTicketFields, usernamesOf } from './repository';
import { insertTicketUpdates, updateTypesSince } from './historyRepository';
import { adjustTicketCounts, recountTickets } from './staffListRepository';
import { resolveTicketLinks } from './clientLinks';

/**
 * Applies a PATCH (SPEC.md 4) with the shared merge rule: each changed field -> one work-history
 * row, a comment -> one 'comment' row (`reply` true for a customer-visible reply, else an internal
 * note), then version + 1 and updatedAt = now once, then the events in the same transaction:
 * `ticket.patched` (before, after, changes), plus `ticket.status_changed` / `ticket.assigned` when
 * those changed (their subscribers write the update's jobs, the survey invitation, ...). Values
 * equal to the current ones change nothing and emit nothing (200, `updates: []`).
 * Client, site and contact links are completed and checked by clientLinks.ts (docs/clients.md).
 * @throws 404 MSG.ticketNotFound; 400 MSG.assigneeInvalid; 400 a site/contact of another client;
 *   409 `{ ticket, conflicts }` with nothing applied.
 */
export async function patchTicket(
  tx: Database,
  ticketId: string,
  patch: TicketPatch,
  actor: AuthUser,
  now: Date,
  events: EventBus,
  attachments?: AttachmentBatch,
): Promise<TicketPatchResult> {
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current) throw notFound(MSG.ticketNotFound);
  if (patch.assignedTo && !(await isAssignable(tx, patch.assignedTo))) {
    throw badRequest(MSG.assigneeInvalid, { assignedTo: [MSG.assigneeInvalid] });
  }
  const stale = patch.baseVersion !== undefined && patch.baseVersion !== current.version;
  const conflicts = stale ? mergeConflicts(current, patch, await updateTypesSince(tx, ticketId, patch.baseVersion!)) : [];
  if (conflicts.length > 0) throw conflict(MSG.conflict, { ticket: presentTicket(current), conflicts });

  const links = await resolveTicketLinks(tx, current, patch);
  const names = await usernamesOf(tx, [current.assignedTo, patch.assignedTo ?? null]);
  const plan = planTicketPatch(current, links.patch, (id) => names.get(id), (_field, id) => links.names.get(id));
  if (plan.history.length === 0) return { ticket: presentTicket(current), updates: [] };

  const version = current.version + 1;
  const clock = patchColumns(await readSlaPolicy(tx), current, plan.set, now, true);
  const updated = await updateTicketFields(tx, ticketId, { ...plan.set, ...clock }, version, now);
  if (updated.status !== current.status || updated.assignedTo !== current.assignedTo) {
    await adjustTicketCounts(tx, [
      { assignee: current.assignedTo, status: current.status, delta: -1 },
      { assignee: updated.assignedTo, status: updated.status, delta: 1 },
    ]);
  }
  const rows = await insertTicketUpdates(
    tx,
    plan.history.map((h) => ({ ...h, ticketId, updatedBy: actor.id, ticketVersion: version, createdAt: now })),
  );
  const changes = plan.history.map(
    (h): TicketChange =>
      h.updateType === 'comment'
        ? { type: 'comment', from: null, to: h.comment, reply: h.reply }
        : { type: h.updateType as TicketChange['type'], from: h.previousValue, to: h.newValue },
  );
  const before = presentTicket(current);
  const after = presentTicket(updated);
  const updates = rows.map((r) => presentTicketUpdate({ ...r, updatedByName: actor.username }));
  // The update's files belong to its comment entry; a reply's go to the customer, a note's stay internal.
  const comment = updates.find((u) => u.updateType === 'comment');
  if (comment && attachments) {
    const added = await recordAttachments(tx, attachments, { ticketId, updateId: comment.id, customerVisible: comment.reply, now });
    if (added.length) comment.attachments = added;
  }
  const replyFiles = (comment?.reply && comment.attachments?.map((a) => ({ fileName: a.fileName, size: a.size }))) || [];
  const by = { id: actor.id, username: actor.username };
  const emitted: DomainEvent[] = [event('ticket.patched', { before, after, changes, replyFiles }, now, by)];
  if (after.status !== before.status) emitted.push(event('ticket.status_changed', { ticket: after, from: before.status, to: after.status }, now, by));
  if (after.assignedTo !== before.assignedTo) emitted.push(event('ticket.assigned', { ticket: after, from: before.assignedTo, to: after.assignedTo }, now, by));
  await events.emit(tx, emitted);
  return { ticket: after, updates };
}

/**
 * Unassigns every ticket of a user about to be deleted: an assignment history row by `actorId` per
 * ticket, version + 1 and a new sync_seq, so offline clients see the change (SPEC.md 2 user
 * deletion). Exposed to the users feature through port.ts.
 * @returns how many tickets were unassigned.
 */
export async function unassignTicketsOf(tx: Database, userId: string, username: string, actorId: string | null, now: Date): Promise<number> {
  await lockSync(tx);
  const rows = await unassignAllOf(tx, userId, now);
  await adjustTicketCounts(
    tx,
    rows.flatMap((r) => [
      { assignee: userId, status: r.status, delta: -1 },
      { assignee: null, status: r.status, delta: 1 },
    ]),
  );
  await insertTicketUpdates(
    tx,
    rows.map((r) => ({
      ticketId: r.id,
      updatedBy: actorId,
      updateType: 'assignment' as const,
      previousValue: username,
      newValue: null,
      comment: null,
      ticketVersion: r.version,
      createdAt: now,
    })),
  );
  return rows.length;
}

/**
 * Rebuilds the status-tab counts (ticket_counts) from the tickets, under the sync lock so no ticket
 * write interleaves. main.ts calls it at every start: counts stay right after an upgrade or rows
 * written by hand. One scan of support_tickets.
 */
export async function rebuildTicketCounts(db: Database): Promise<void> {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    await lockSync(tx);
    await recountTickets(tx);
  });
}

/**
 * Clears "waiting on customer" because the customer answered (docs/sla.md): the clocks
 * resume (due times move by the business time waited), version + 1, and one `waiting` history row
 * 'true' -> 'false' by nobody (updatedBy null: the customer). Nothing happens when the ticket is
 * not waiting. Customer replies (status links) call it through port.ts in their transaction.
 * @returns true when the flag was cleared; false when not waiting or no such ticket.
 */
export async function clearWaitingOnCustomer(tx: Database, ticketId: string, now: Date): Promise<boolean> {
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current?.waitingOnCustomer) return false;
  const version = current.version + 1;
  await updateTicketFields(tx, ticketId, resumeColumns(await readSlaPolicy(tx), current, now), version, now);
  await insertTicketUpdates(tx, [
    { ticketId, updatedBy: null, updateType: 'waiting', previousValue: 'true', newValue: 'false', comment: null, ticketVersion: version, createdAt: now },
  ]);
  return true;
}

/** Tickets per backfill transaction. */
const BACKFILL_BATCH = 1000;

/**
 * Gives every ticket without due times its due and warning times under the policy in force
 * (tickets created before the SLA clocks; migration 0015 filled the first-response and resolved
 * times from the work history). main.ts runs it at every start; a no-op once done. Batches of
 * BACKFILL_BATCH tickets, each in its own transaction under the sync lock.
 * @returns how many tickets were given due times.
 */
export async function backfillSlaDueTimes(db: Database): Promise<number> {
  const policy = await readSlaPolicy(db);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      await lockSync(tx);
      const rows = await ticketsWithoutDueTimes(tx, BACKFILL_BATCH);
      await setDueTimes(tx, rows.map((r) => ({ id: r.id, ...(dueColumns(policy, r.severity, r.createdAt, r.pausedMinutes) as NewTicket['due']) })));
      return rows.length;
    });
    total += done;
    if (done < BACKFILL_BATCH) return total;
  }
}
