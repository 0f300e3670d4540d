/**
 * Tags (issue 57 point 3, docs/tags.md): a ticket's tags change by set operations (PATCH
 * /api/tickets/:id `tagsAdd` / `tagsRemove`, applied by the tickets feature through port.ts), and
 * admins rename, merge and delete tags. A rename, merge or delete changes the tags of tickets: each
 * such ticket gets work-history rows and moves forward, through the tickets feature's function given
 * by the composition root ({@link TagTicketPort}), so tags never imports tickets.
 */
import { TAG_MSG, tagKey, type Tag } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { deleteTagRow, findTag, insertTag, linkTags, mergeTagRows, renameTagRow, tagsNamed, techniciansMayCreate, ticketsOfTag, unlinkTags } from './repository';

/** What tags needs of tickets (tickets/tagHistory.ts, wired by app.ts). */
export interface TagTicketPort {
  recordTagChanges(tx: Database, changes: { ticketId: string; added: string[]; removed: string[] }[], actor: { id: string; username: string }, now: Date): Promise<void>;
}

/** Admins always; technicians when the setting allows. */
async function mayCreate(tx: Database, actor: AuthUser): Promise<boolean> {
  return actor.role === 'admin' || (await techniciansMayCreate(tx));
}

/** POST /api/tags. @throws 403 a technician without the setting; 409 the name is taken. */
export async function createTag(tx: Database, name: string, actor: AuthUser): Promise<Tag> {
  if (!(await mayCreate(tx, actor))) throw forbidden(TAG_MSG.mayNotCreate);
  const tag = await insertTag(tx, name);
  if (!tag) throw conflict(TAG_MSG.nameTaken, { fieldErrors: { name: [TAG_MSG.nameTaken] } });
  return tag;
}

/**
 * Applies a PATCH's tag operations to ticket `ticketId` (locked by the caller): adds by name
 * (existing tags in any case; new ones when the actor may create them), removes by name.
 * @returns the names really added and removed (a replay or a tag already there changes nothing).
 * @throws 400 under `tagsAdd` when a new tag is not allowed.
 */
export async function applyTicketTags(tx: Database, ticketId: string, ops: { add?: string[] | undefined; remove?: string[] | undefined }, actor: AuthUser, now: Date): Promise<{ added: string[]; removed: string[] }> {
  const removeKeys = new Set((ops.remove ?? []).map(tagKey));
  const add = (ops.add ?? []).filter((n) => !removeKeys.has(tagKey(n)));
  let found = await tagsNamed(tx, add);
  const missing = add.filter((n) => !found.some((t) => tagKey(t.name) === tagKey(n)));
  if (missing.length) {
    if (!(await mayCreate(tx, actor))) throw badRequest(TAG_MSG.mayNotCreate, { tagsAdd: [TAG_MSG.mayNotCreate] });
    for (const n of new Map(missing.map((m) => [tagKey(m), m])).values()) await insertTag(tx, n);
    found = await tagsNamed(tx, add);
  }
  const removed = await unlinkTags(tx, ticketId, (await tagsNamed(tx, ops.remove ?? [])).map((t) => t.id));
  const added = await linkTags(tx, ticketId, found.map((t) => t.id), now);
  return { added, removed };
}

async function lockedTag(tx: Database, id: string): Promise<Tag> {
  const tag = await findTag(tx, id, true);
  if (!tag) throw notFound(TAG_MSG.notFound);
  return tag;
}

/** PATCH /api/tags/:id `{ name }`: each ticket of the tag records the new name. @throws 404; 409 name taken. */
export async function renameTag(tx: Database, port: TagTicketPort, id: string, name: string, actor: AuthUser, now: Date): Promise<Tag> {
  const tag = await lockedTag(tx, id);
  if (tag.name === name) return tag;
  if (!(await renameTagRow(tx, id, name))) throw conflict(TAG_MSG.nameTaken, { fieldErrors: { name: [TAG_MSG.nameTaken] } });
  const tickets = await ticketsOfTag(tx, id);
  await port.recordTagChanges(tx, tickets.map((ticketId) => ({ ticketId, removed: [tag.name], added: [name] })), actor, now);
  return { ...tag, name };
}

/**
 * PATCH /api/tags/:id `{ mergeInto }`: every ticket of this tag gets the target (once, also when it
 * had both) and this tag is deleted; the history of each ticket records the change.
 * @returns the target with its new count. @throws 404 either tag; 400 into itself.
 */
export async function mergeTag(tx: Database, port: TagTicketPort, id: string, into: string, actor: AuthUser, now: Date): Promise<Tag> {
  if (id === into) throw badRequest(TAG_MSG.mergeIntoSelf, { mergeInto: [TAG_MSG.mergeIntoSelf] });
  // Both rows locked in id order: two merges of the same pair at once wait for each other.
  const [first, second] = [id, into].sort();
  const locked = new Map([[first!, await lockedTag(tx, first!)], [second!, await lockedTag(tx, second!)]]);
  const source = locked.get(id)!;
  const target = locked.get(into)!;
  const { gained, hadBoth } = await mergeTagRows(tx, id, into);
  await port.recordTagChanges(
    tx,
    [...gained.map((ticketId) => ({ ticketId, removed: [source.name], added: [target.name] })), ...hadBoth.map((ticketId) => ({ ticketId, removed: [source.name], added: [] }))],
    actor,
    now,
  );
  return (await findTag(tx, into))!;
}

/** DELETE /api/tags/:id: removed from its tickets (history rows) and deleted. @throws 404. */
export async function deleteTag(tx: Database, port: TagTicketPort, id: string, actor: AuthUser, now: Date): Promise<void> {
  const tag = await lockedTag(tx, id);
  const tickets = await ticketsOfTag(tx, id);
  await deleteTagRow(tx, id);
  await port.recordTagChanges(tx, tickets.map((ticketId) => ({ ticketId, removed: [tag.name], added: [] })), actor, now);
}
