/**
 * The rules of canned replies, macros and ticket templates (issue 51, docs/replies-and-macros.md):
 * - every staff member reads the shared items and their own personal ones;
 * - shared items are written by admins (403 otherwise); personal items only by their owner (others
 *   get 404: they cannot see them);
 * - at most REPLY_LIMITS items per kind and scope (409), so a phone's copy stays small;
 * - a macro's or template's assignee that is a user id must be a technician or admin (400);
 * - delete keeps the row as deleted (the feed tells phones; a macro's name stays for the history).
 * Texts were validated by the shared schemas (unknown variables refused there). No SQL here.
 */
import { MSG, REPLY_LIMITS, REPLY_TEXT, type MacroAssignee, type ReplyScope } from '@portal/shared';
import type { Database } from '../../db/client';
import type { ReplyItemKind } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { lockSync } from '../../db/sync';
import { countItems, deleteItem, findItem, insertItem, isStaffUser, updateItem, type ReplyItemRow } from './repository';

/** Per kind: its 404 message and how the limit message names it. */
export const KIND_TEXT: Record<ReplyItemKind, { notFound: string; plural: string }> = {
  reply: { notFound: REPLY_TEXT.replyNotFound, plural: 'canned replies' },
  macro: { notFound: REPLY_TEXT.macroNotFound, plural: 'macros' },
  template: { notFound: REPLY_TEXT.templateNotFound, plural: 'ticket templates' },
};

/** An item to create: its name, scope and `data` (db/schema/replies.ts). */
export interface NewItem {
  name: string;
  scope: ReplyScope;
  data: Record<string, unknown>;
}

/** Refuses an assignee user id that is not staff. */
async function checkAssignee(tx: Database, assignee: MacroAssignee | undefined): Promise<void> {
  if (!assignee || assignee === 'me' || assignee === 'unassigned') return;
  if (!(await isStaffUser(tx, assignee))) throw badRequest(MSG.assigneeInvalid, { assignee: [MSG.assigneeInvalid] });
}

/** The assignee an item's data names (macro actions or template). */
const assigneeOf = (data: Record<string, unknown>): MacroAssignee | undefined =>
  ((data.actions as { assignee?: MacroAssignee } | undefined)?.assignee ?? data.assignee) as MacroAssignee | undefined;

/** Creates an item of `kind` for `actor` (see the module doc for the rules). */
export async function createItem(tx: Database, kind: ReplyItemKind, item: NewItem, actor: AuthUser, now: Date): Promise<ReplyItemRow> {
  if (item.scope === 'shared' && actor.role !== 'admin') throw forbidden(REPLY_TEXT.sharedNeedsAdmin);
  await checkAssignee(tx, assigneeOf(item.data));
  await lockSync(tx); // the count and the insert under one lock: concurrent creates cannot pass the limit
  const ownerId = item.scope === 'shared' ? null : actor.id;
  const max = ownerId ? REPLY_LIMITS.personalPerKind : REPLY_LIMITS.sharedPerKind;
  if ((await countItems(tx, kind, ownerId)) >= max) throw conflict(REPLY_TEXT.tooMany(`${item.scope} ${KIND_TEXT[kind].plural}`, max));
  return insertItem(tx, { kind, ownerId, name: item.name, data: item.data }, now);
}

/** The live item `id` of `kind` that `actor` may change; 404 when it is gone or someone else's, 403 when shared and not admin. */
async function writable(tx: Database, kind: ReplyItemKind, id: string, actor: AuthUser): Promise<ReplyItemRow> {
  const row = await findItem(tx, kind, id);
  if (!row || row.deletedAt || (row.ownerId !== null && row.ownerId !== actor.id)) throw notFound(KIND_TEXT[kind].notFound);
  if (row.ownerId === null && actor.role !== 'admin') throw forbidden(REPLY_TEXT.sharedNeedsAdmin);
  return row;
}

/**
 * Changes an item: `name` and/or `data` fields (merged over the stored data: a template's PATCH
 * sends only what changes).
 */
export async function changeItem(
  tx: Database,
  kind: ReplyItemKind,
  id: string,
  change: { name?: string | undefined; data?: Record<string, unknown> },
  actor: AuthUser,
  now: Date,
): Promise<ReplyItemRow> {
  const row = await writable(tx, kind, id, actor);
  const data = change.data ? { ...row.data, ...change.data } : undefined;
  if (data) await checkAssignee(tx, assigneeOf(data));
  const updated = await updateItem(tx, id, { ...(change.name !== undefined ? { name: change.name } : {}), ...(data ? { data } : {}) }, now);
  if (!updated) throw notFound(KIND_TEXT[kind].notFound);
  return updated;
}

/** Deletes an item (kept as deleted, see the module doc). */
export async function removeItem(tx: Database, kind: ReplyItemKind, id: string, actor: AuthUser, now: Date): Promise<void> {
  await writable(tx, kind, id, actor);
  if (!(await deleteItem(tx, id, now))) throw notFound(KIND_TEXT[kind].notFound);
}
