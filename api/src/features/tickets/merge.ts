/**
 * Merge a ticket into another (docs/merge.md, issue 57 point 2), in the route's ONE transaction:
 * the source's work history (all but its 'created' entry, customer replies from the status link and
 * e-mail included), attachments (attachments port) and time entries (SLA port) move to the target
 * and keep their times, so the target's history reads in order; the target gets an internal note
 * "Merged TKT-… into this ticket" with the source's request (and the files of the source's form);
 * the source closes with a status change and the note "Merged into TKT-…" and names the target in
 * `merged_into`, which its status link (statusLinks.ts) and e-mail replies (mailReply.ts) follow.
 * Tags and (same client) asset links move to the target too (mergeLinks.ts); both answered tickets
 * carry `tags` and `assetIds` as reads do.
 * One `ticket.merged` event; no `ticket.patched` / `ticket.status_changed` for the source's closing
 * (no survey invitation, no closing e-mail, no checklist refusal: the merge's own alert says it).
 */
import { MSG, MERGE_MSG, mergedFromText, mergedIntoText } from '@portal/shared';
import type { TicketMergeInput, TicketMergeResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { event, type EventBus } from '../../events';
import { readSlaPolicy } from '../sla/port';
import { moveTimeEntries } from '../sla/port';
import { moveAttachments } from '../attachments/port';
import { presentTicket } from './presenter';
import { lockTicketForWrite, updateTicketFields, type TicketRow } from './repository';
import { insertTicketUpdates, updateTypesSince } from './historyRepository';
import { adjustTicketCounts } from './staffListRepository';
import { closeAsMerged, moveHistory } from './mergeRepository';
import { moveMergeLinks } from './mergeLinks';
import { withTags } from './tagLinks';
import { withAssetIds } from './assetLinks';
import { patchColumns } from './sla';

/** Refuses (409) a merge of `row` that cannot happen: closed, merged already, or its status changed since `base`. */
async function refusal(tx: Database, row: TicketRow, base: number | undefined): Promise<string | null> {
  if (row.mergedInto) return MERGE_MSG.merged(row.ticketNumber, row.mergedIntoNumber ?? 'another ticket');
  if (row.status === 'closed') return MERGE_MSG.closed(row.ticketNumber);
  // The check a stale PATCH of the status gets (shared mergeConflicts): the status changed since the base version.
  if (base !== undefined && base !== row.version && (await updateTypesSince(tx, row.id, base)).has('status_change')) return MERGE_MSG.changed(row.ticketNumber);
  return null;
}

/**
 * Merges ticket `sourceId` into `input.intoTicketId` (see module doc) at `now` by `actor`.
 * @throws 404 either ticket missing; 409 the same ticket, either closed or merged already, or its
 *   status changed since `baseVersion` / `intoBaseVersion` (a merge queued offline); nothing applied.
 */
export async function mergeTicket(tx: Database, sourceId: string, input: TicketMergeInput, actor: AuthUser, now: Date, events: EventBus): Promise<TicketMergeResult> {
  if (sourceId === input.intoTicketId) throw conflict(MERGE_MSG.same);
  // Both rows locked in id order: two merges of the same pair in opposite directions cannot deadlock.
  const [first, second] = [sourceId, input.intoTicketId].sort();
  const locked = new Map<string, TicketRow | undefined>([[first!, await lockTicketForWrite(tx, first!)], [second!, await lockTicketForWrite(tx, second!)]]);
  const source = locked.get(sourceId);
  const target = locked.get(input.intoTicketId);
  if (!source) throw notFound(MSG.ticketNotFound);
  if (!target) throw notFound(MERGE_MSG.targetNotFound);
  const refused = (await refusal(tx, source, input.baseVersion)) ?? (await refusal(tx, target, input.intoBaseVersion));
  if (refused) throw conflict(refused, { source: presentTicket(source), target: presentTicket(target) });

  const history = await moveHistory(tx, source.id, target.id);
  const timeEntries = await moveTimeEntries(tx, source.id, target.id);
  const targetVersion = target.version + 1;
  const sourceVersion = source.version + 1;
  const [note] = await insertTicketUpdates(tx, [
    { ticketId: target.id, updatedBy: actor.id, updateType: 'comment', previousValue: null, newValue: null, comment: `${mergedFromText(source.ticketNumber)}\n\n${source.issue}`, ticketVersion: targetVersion, createdAt: now },
  ]);
  const attachments = await moveAttachments(tx, source.id, target.id, { from: history.createdEntry, to: note!.id });
  await insertTicketUpdates(tx, [
    { ticketId: source.id, updatedBy: actor.id, updateType: 'status_change', previousValue: source.status, newValue: 'closed', comment: null, ticketVersion: sourceVersion, createdAt: now },
    { ticketId: source.id, updatedBy: actor.id, updateType: 'comment', previousValue: null, newValue: null, comment: mergedIntoText(target.ticketNumber), ticketVersion: sourceVersion, createdAt: now },
  ]);
  const clock = patchColumns(await readSlaPolicy(tx), source, { status: 'closed' }, now, true);
  const closed = await closeAsMerged(tx, source.id, target, clock, sourceVersion, now);
  await adjustTicketCounts(tx, [
    { assignee: source.assignedTo, status: source.status, delta: -1 },
    { assignee: source.assignedTo, status: 'closed', delta: 1 },
  ]);
  const links = await moveMergeLinks(tx, source, target, { source: sourceVersion, target: targetVersion }, actor, now);
  const grown = await updateTicketFields(tx, target.id, {}, targetVersion, now);
  const moved = { updates: history.moved, attachments, timeEntries, tags: links.tags, assets: links.assets };
  const [sourceRead, targetRead] = await withAssetIds(tx, await withTags(tx, [presentTicket(closed), presentTicket(grown)]));
  const result = { source: sourceRead!, target: targetRead!, moved };
  await events.emit(tx, [event('ticket.merged', result, now, { id: actor.id, username: actor.username })]);
  return result;
}
