/**
 * The phone's copy of canned replies, macros and ticket templates (issue 51,
 * docs/replies-and-macros.md "Offline"): three collections in the generic `records` table, each
 * pulled as a delta (`GET /api/<kind>?since=CURSOR&limit=500`, pages until `more` is false;
 * `deleted` ids are removed), so the reply picker, `::`, "Apply macro" and New Ticket work with no
 * signal. The feed holds the shared items and the signed-in person's personal ones; a change of
 * user clears them (the engine's owner rule). No React (the service worker imports it).
 */
import type { CannedReply, Macro, ReplyDeltaPage, TicketTemplate } from '@portal/shared';
import { clearRecords, type OfflineDb, type SyncCollection } from '../../../offline/core';

/** Collection names (rows in `records`, cursors `cursor:<name>`): never rename. */
export const REPLY_COLLECTIONS = { replies: 'cannedReplies', macros: 'macros', templates: 'ticketTemplates' } as const;
/** Delta page size asked of the API. */
export const REPLY_PULL_LIMIT = 500;

/** One delta-synced collection of `records` from `url`'s `?since=` feed. */
function replyCollection(name: string, url: string): SyncCollection {
  const keys = (ids: string[]) => ids.map((id) => [name, id]) as unknown as string[];
  return {
    name,
    async pull(since, { db, get }) {
      let cursor = since ?? '0';
      for (let more = true; more; ) {
        const page = await get<ReplyDeltaPage<{ id: string }>>(`${url}?since=${encodeURIComponent(cursor)}&limit=${REPLY_PULL_LIMIT}`);
        await db.transaction('rw', db.records, async () => {
          await db.records.bulkPut(page.items.map((item) => ({ collection: name, id: item.id, data: item })));
          if (page.deleted.length) await db.records.bulkDelete(keys(page.deleted));
        });
        more = page.more && page.cursor !== cursor;
        cursor = page.cursor;
      }
      return cursor;
    },
    clear: (db) => clearRecords(db, name),
  };
}

/** Canned replies (shared + mine). */
export const cannedRepliesCollection = replyCollection(REPLY_COLLECTIONS.replies, '/api/canned-replies');
/** Macros (shared + mine). */
export const macrosCollection = replyCollection(REPLY_COLLECTIONS.macros, '/api/macros');
/** Ticket templates (shared + mine). */
export const ticketTemplatesCollection = replyCollection(REPLY_COLLECTIONS.templates, '/api/ticket-templates');

async function readAll<T>(db: OfflineDb, name: string, sortKey: (t: T) => string): Promise<T[]> {
  const rows = (await db.records.where('collection').equals(name).toArray()).map((r) => r.data as T);
  return rows.sort((a, b) => sortKey(a).localeCompare(sortKey(b), undefined, { sensitivity: 'base' }));
}

/** The cached canned replies, by title. */
export const readCannedReplies = (db: OfflineDb) => readAll<CannedReply>(db, REPLY_COLLECTIONS.replies, (r) => r.title);
/** The cached macros, by name. */
export const readMacros = (db: OfflineDb) => readAll<Macro>(db, REPLY_COLLECTIONS.macros, (m) => m.name);
/** The cached ticket templates, by name. */
export const readTicketTemplates = (db: OfflineDb) => readAll<TicketTemplate>(db, REPLY_COLLECTIONS.templates, (t) => t.name);
