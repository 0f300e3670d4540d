/**
 * Ticket writes (SPEC.md 4, DESIGN.md 4): create with a gap-free number, and PATCH with the
 * field-by-field merge of a stale `baseVersion`. Both run inside the caller's transaction, and both
 * write their notification jobs (SPEC.md 7, DESIGN.md 6) into that same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, STAFF_ROLES, mergeConflicts, planTicketPatch } from '@portal/shared';
import type { TicketCreate, TicketCreated, TicketMergeField, TicketPatch, TicketPatchResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, users } from '../../db/schema';
import { lockSync, nextSyncSeq } from '../../db/sync';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { enqueueTicketCreated, enqueueTicketPatched } from '../../notify/rules';
import type { TicketChange } from '../../notify/types';
import { inviteOnResolution, type SurveyInviteDeps } from '../surveys/port';
import {
  findTicket,
  insertTicket,
  insertTicketUpdates,
  takeTicketNumber,
  toTicket,
  updateTypesSince,
  type NewTicketUpdate,
  type TicketRow,
} from './repository';

/**
 * Creates an open ticket, its 'created' work-history row (updatedBy null: the public form) and the
 * new-ticket notification jobs.
 */
export async function createTicket(tx: Database, input: TicketCreate, now: Date): Promise<TicketCreated> {
  await lockSync(tx);
  const ticketNumber = await takeTicketNumber(tx, now);
  const ticket = await insertTicket(tx, input, ticketNumber, now);
  await insertTicketUpdates(tx, [
    {
      ticketId: ticket.id,
      updatedBy: null,
      updateType: 'created',
      previousValue: null,
      newValue: ticket.status,
      comment: null,
      ticketVersion: ticket.version,
      createdAt: now,
    },
  ]);
  await enqueueTicketCreated(tx, ticket, now);
  return { id: ticket.id, ticketNumber, createdAt: ticket.createdAt.toISOString() };
}

/** Usernames of the given user ids (assignment history shows names, not ids). */
async function usernames(tx: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** @throws 400 MSG.assigneeInvalid unless `id` is a technician or admin. */
async function assertAssignable(tx: Database, id: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  if (!row) throw badRequest(MSG.assigneeInvalid, { assignedTo: [MSG.assigneeInvalid] });
}

/**
 * Fields of `patch` that conflict with the server: the shared merge rule (DESIGN.md 4) fed with the
 * history types written after `baseVersion`.
 */
async function findConflicts(tx: Database, current: TicketRow, patch: TicketPatch): Promise<TicketMergeField[]> {
  if (patch.baseVersion === undefined || patch.baseVersion === current.version) return [];
  return mergeConflicts(current, patch, await updateTypesSince(tx, current.id, patch.baseVersion));
}

/**
 * Applies a PATCH (SPEC.md 4): each changed field -> one work-history row, a comment -> one
 * 'comment' row, then version + 1 and updatedAt = now once, plus the update's notification jobs.
 * Values equal to the current ones change nothing and notify nobody (200, `updates: []`).
 * Entering resolved/closed invites the customer to the survey (surveys port, `survey` deps).
 * @throws 404 MSG.ticketNotFound; 400 MSG.assigneeInvalid; 409 `{ ticket, conflicts }` with nothing applied.
 */
export async function patchTicket(
  tx: Database,
  ticketId: string,
  patch: TicketPatch,
  actor: AuthUser,
  now: Date,
  survey: SurveyInviteDeps,
): Promise<TicketPatchResult> {
  await lockSync(tx);
  const current = await findTicket(tx, ticketId, true);
  if (!current) throw notFound(MSG.ticketNotFound);
  if (patch.assignedTo) await assertAssignable(tx, patch.assignedTo);
  const conflicts = await findConflicts(tx, current, patch);
  if (conflicts.length > 0) throw conflict(MSG.conflict, { ticket: toTicket(current), conflicts });

  const version = current.version + 1;
  const names = await usernames(tx, [current.assignedTo, patch.assignedTo ?? null]);
  const plan = planTicketPatch(current, patch, (id) => names.get(id));
  if (plan.history.length === 0) return { ticket: toTicket(current), updates: [] };
  const set = plan.set;
  const history: NewTicketUpdate[] = plan.history.map((h) => ({ ...h, ticketId, updatedBy: actor.id, ticketVersion: version, createdAt: now }));

  const [updated] = await tx
    .update(supportTickets)
    .set({ ...set, version, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.id, ticketId))
    .returning();
  const ids = await insertTicketUpdates(tx, history);
  const changes = history.map(
    (h): TicketChange =>
      h.updateType === 'comment'
        ? { type: 'comment', from: null, to: h.comment }
        : { type: h.updateType as TicketChange['type'], from: h.previousValue, to: h.newValue },
  );
  await enqueueTicketPatched(tx, { before: current, after: updated!, changes, actor }, now);
  await inviteOnResolution(tx, { before: current, after: updated! }, survey, now);
  const updates = history.map((h, i) => ({
    id: ids[i]!,
    ticketId,
    updatedBy: actor.id,
    updatedByName: actor.username,
    updateType: h.updateType,
    previousValue: h.previousValue,
    newValue: h.newValue,
    comment: h.comment,
    createdAt: now.toISOString(),
  }));
  return { ticket: toTicket(updated!), updates };
}

/**
 * Unassigns every ticket of a user about to be deleted: assignment history row by `actorId`,
 * version + 1 and a new sync_seq, so offline clients see the change (SPEC.md 2 user deletion).
 */
export async function unassignTicketsOf(tx: Database, userId: string, username: string, actorId: string, now: Date): Promise<number> {
  await lockSync(tx);
  const rows = await tx
    .update(supportTickets)
    .set({ assignedTo: null, version: sql`${supportTickets.version} + 1`, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.assignedTo, userId))
    .returning({ id: supportTickets.id, version: supportTickets.version });
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
