/**
 * The inbox's offline part (issue 57 point 5; no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the person's inbox entries in the generic `records` table
 * (collection `inbox`) and their unread count (collection `inboxMeta`), delta-pulled with
 * `GET /api/me/inbox?since=` (newest change first; the pull follows `before` while `more`, at most
 * {@link MAX_PAGES} pages); the `inbox.read` outbox kind marks entries read, also offline.
 */
import { inboxEntryExpired, type InboxItem, type InboxPage, type InboxRead } from '@portal/shared';
import { PullError, clearRecords, enqueue, type OfflineDb, type OfflineFeature, type OutboxKind, type SyncCollection } from '../../../offline/core';

export const INBOX_COLLECTION = 'inbox';
const META_COLLECTION = 'inboxMeta';
const PAGE = 100;
/** Most pages one pull reads (older entries than that stay on the server). */
const MAX_PAGES = 5;

/**
 * Stores a page's entries (each over an older copy) and the unread count, and drops the copy's read
 * entries older than 90 days (`inboxEntryExpired`: the server's housekeeping deletes them, and a
 * delta pull never says so).
 */
export async function storeInboxPage(db: OfflineDb, page: Pick<InboxPage, 'items' | 'unread'>, now = new Date()): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    await db.records.bulkPut(page.items.filter((i) => !inboxEntryExpired(i, now)).map((i) => ({ collection: INBOX_COLLECTION, id: i.id, data: i })));
    await db.records.put({ collection: META_COLLECTION, id: 'unread', data: page.unread });
    const expired = (await db.records.where('collection').equals(INBOX_COLLECTION).toArray()).filter((r) => inboxEntryExpired(r.data as InboxItem, now));
    if (expired.length) await db.records.bulkDelete(expired.map((r) => [r.collection, r.id] as unknown as string)); // compound key [collection+id]
  });
}

/** The stored entries, newest first, and the unread count (a Dexie reader for `useOfflineQuery`). */
export async function readInbox(db: OfflineDb): Promise<{ items: InboxItem[]; unread: number }> {
  const rows = await db.records.where('collection').equals(INBOX_COLLECTION).toArray();
  const items = rows.map((r) => r.data as InboxItem).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const unread = items.filter((i) => i.readAt === null).length;
  return { items, unread };
}

/** The unread count as stored (the bell), 0 before the first pull. */
export async function readUnread(db: OfflineDb): Promise<number> {
  return (await readInbox(db)).unread;
}

/** Pulls what changed since the last pull (module doc); a caller who may not read an inbox (403) stores nothing. */
export const inboxCollection: SyncCollection = {
  name: INBOX_COLLECTION,
  async pull(since, { db, get }) {
    const base = `/api/me/inbox?limit=${PAGE}${since ? `&since=${since}` : ''}`;
    try {
      let page = await get<InboxPage>(base);
      const cursor = page.cursor;
      await storeInboxPage(db, page);
      for (let n = 1; page.more && page.before && n < MAX_PAGES; n++) {
        page = await get<InboxPage>(`${base}&before=${page.before}`);
        await storeInboxPage(db, page);
      }
      return cursor;
    } catch (e) {
      if (e instanceof PullError && e.status === 403) return since;
      throw e;
    }
  },
  clear: async (db) => {
    await clearRecords(db, INBOX_COLLECTION);
    await clearRecords(db, META_COLLECTION);
  },
};

/** `POST /api/me/inbox/read` as an outbox write: kept across reloads, sent once online. */
export const inboxReadKind: OutboxKind<InboxRead> = {
  kind: 'inbox.read',
  auth: 'session',
  request: (item) => ({ method: 'POST', url: '/api/me/inbox/read', body: item.payload }),
};

/** Marks entries read on the phone at once and queues the same for the server. */
export async function markInboxRead(db: OfflineDb, ids: string[], user: { id: string; username: string }, at = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction('rw', db.records, db.outbox, async () => {
    const rows = await db.records.bulkGet(ids.map((id) => [INBOX_COLLECTION, id]) as unknown as string[]);
    const changed = rows.filter((r) => r && (r.data as InboxItem).readAt === null).map((r) => ({ ...r!, data: { ...(r!.data as InboxItem), readAt: at.toISOString() } }));
    await db.records.bulkPut(changed);
    await enqueue(db, { kind: 'inbox.read', payload: { ids }, label: 'Inbox read', entityId: ids[0]!, user });
  });
}

export const inboxOffline: OfflineFeature = { name: 'inbox', kinds: [inboxReadKind], collections: [inboxCollection] };
