/**
 * Tags on the phone (issue 57 point 3, docs/tags.md), no React: the `tags` collection (the staff's
 * tag list with counts and the "technicians may create tags" setting, a full snapshot of
 * `GET /api/tags` in the generic `records` table) and the queued tag changes. A change is a
 * `ticket.update` carrying only `tagsAdd` / `tagsRemove`: set operations the server applies to the
 * tags the ticket has when they arrive, so they never conflict (a tag added offline merges with one
 * added online), and the optimistic view applies them the same way (shared `applyTicketPatch`).
 */
import { TICKET_UPDATE_KIND, tagChanges, ticketStream, type TagList, type Ticket, type TicketUpdatePayload } from '@portal/shared';
import { clearRecords, enqueue, replaceRecords, type OfflineDb, type SyncCollection } from '../../../offline/core';

/** The records collection holding the tag list (one row). */
export const TAGS_COLLECTION = 'tags';
const LIST_ID = 'list';

/** The tag list: `GET /api/tags`, the whole list each time (admins rename, merge and delete tags). */
export const tagsCollection: SyncCollection = {
  name: TAGS_COLLECTION,
  async pull(_since, { db, get }) {
    const list = await get<TagList>('/api/tags');
    await replaceRecords(db, TAGS_COLLECTION, [{ id: LIST_ID, data: list }]);
    return null;
  },
  clear: (db) => clearRecords(db, TAGS_COLLECTION),
};

/** The cached tag list, or an empty one before the first pull. */
export async function readTagList(db: OfflineDb): Promise<TagList> {
  const row = await db.records.get([TAGS_COLLECTION, LIST_ID]);
  return (row?.data as TagList | undefined) ?? { tags: [], techniciansMayCreate: false };
}

/**
 * Queues the change from the tags `shown` (the ticket as the person saw it) to `chosen`: only the
 * added and removed names travel. Returns the item's seq, or null when nothing changed.
 */
export async function enqueueTagChange(
  db: OfflineDb,
  shown: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'tags'>,
  chosen: readonly string[],
  user: { id: string; username: string } | null,
): Promise<number | null> {
  const change = tagChanges(shown.tags ?? [], chosen);
  if (!change) return null;
  const payload: TicketUpdatePayload = { patch: { baseVersion: shown.version, ...change }, seen: {} };
  return enqueue<TicketUpdatePayload>(db, { kind: TICKET_UPDATE_KIND, payload, label: shown.ticketNumber, entityId: shown.id, stream: ticketStream(shown.id), user });
}
