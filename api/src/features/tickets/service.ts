/**
 * Ticket writes (SPEC.md 4, DESIGN.md 4): create with a gap-free number, and PATCH with the shared
 * merge rule (shared/src/rules/merge.ts) deciding conflicts and history. Both run inside the route's
 * transaction (http/transaction.ts) and write their notification jobs (SPEC.md 7, DESIGN.md 6)
 * into that same transaction. No SQL here: repository.ts holds it.
 */
import { MSG, mergeConflicts, planTicketPatch } from '@portal/shared';
import type { TicketCreate, TicketCreated, TicketPatch, TicketPatchResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { lockSync } from '../../db/sync';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { enqueueTicketCreated, enqueueTicketPatched } from '../../notify/rules';
import type { TicketChange } from '../../notify/types';
import { presentTicket, presentTicketUpdate } from './presenter';
import {
  findTicket,
  insertTicket,
  insertTicketUpdates,
  isAssignable,
  takeTicketNumber,
  unassignAllOf,
  updateTicketFields,
  updateTypesSince,
  usernamesOf,
} from './repository';

/**
 * Creates an open ticket, its 'created' work-history row (updatedBy null: the public form) and the
 * new-ticket notification jobs.
 */
export async function createTicket(tx: Database, input: TicketCreate, now: Date): Promise<TicketCreated> {
  await lockSync(tx);
  const ticketNumber = await takeTicketNumber(tx, now);
  const row = await insertTicket(tx, input, ticketNumber, now);
  await insertTicketUpdates(tx, [
    { ticketId: row.id, updatedBy: null, updateType: 'created', previousValue: null, newValue: row.status, comment: null, ticketVersion: row.version, createdAt: now },
  ]);
  const ticket = presentTicket(row);
  await enqueueTicketCreated(tx, ticket, now);
  return { id: ticket.id, ticketNumber, createdAt: ticket.createdAt };
}

/**
 * Applies a PATCH (SPEC.md 4) with the shared merge rule: each changed field -> one work-history
 * row, a comment -> one 'comment' row (`reply` true for a customer-visible reply, else an internal
 * note; issue 10), then version + 1 and updatedAt = now once, plus the update's notification jobs
 * (notify/rules.ts decides who hears of what: internal notes are never e-mailed). Values equal to the current ones change nothing and notify nobody (200,
 * `updates: []`).
 * @throws 404 MSG.ticketNotFound; 400 MSG.assigneeInvalid; 409 `{ ticket, conflicts }` with nothing applied.
 */
export async function patchTicket(
  tx: Database,
  ticketId: string,
  patch: TicketPatch,
  actor: AuthUser,
  now: Date,
): Promise<TicketPatchResult> {
  await lockSync(tx);
  const current = await findTicket(tx, ticketId, true);
  if (!current) throw notFound(MSG.ticketNotFound);
  if (patch.assignedTo && !(await isAssignable(tx, patch.assignedTo))) {
    throw badRequest(MSG.assigneeInvalid, { assignedTo: [MSG.assigneeInvalid] });
  }
  const stale = patch.baseVersion !== undefined && patch.baseVersion !== current.version;
  const conflicts = stale ? mergeConflicts(current, patch, await updateTypesSince(tx, ticketId, patch.baseVersion!)) : [];
  if (conflicts.length > 0) throw conflict(MSG.conflict, { ticket: presentTicket(current), conflicts });

  const names = await usernamesOf(tx, [current.assignedTo, patch.assignedTo ?? null]);
  const plan = planTicketPatch(current, patch, (id) => names.get(id));
  if (plan.history.length === 0) return { ticket: presentTicket(current), updates: [] };

  const version = current.version + 1;
  const updated = await updateTicketFields(tx, ticketId, plan.set, version, now);
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
  await enqueueTicketPatched(tx, { before, after, changes, actor }, now);
  return { ticket: after, updates: rows.map((r) => presentTicketUpdate({ ...r, updatedByName: actor.username })) };
}

/**
 * Unassigns every ticket of a user about to be deleted: an assignment history row by `actorId` per
 * ticket, version + 1 and a new sync_seq, so offline clients see the change (SPEC.md 2 user
 * deletion). Exposed to the users feature through port.ts.
 * @returns how many tickets were unassigned.
 */
export async function unassignTicketsOf(tx: Database, userId: string, username: string, actorId: string, now: Date): Promise<number> {
  await lockSync(tx);
  const rows = await unassignAllOf(tx, userId, now);
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
