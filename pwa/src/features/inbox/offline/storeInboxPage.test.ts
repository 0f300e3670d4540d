import { describe, expect, it } from 'vitest';
import type { InboxItem } from '@portal/shared';
import { freshDb } from '../../../offline/model-server.testkit';
import { readInbox, storeInboxPage } from '.';

const now = new Date('2026-11-29T12:00:00Z');
const item = (id: string, daysAgo: number, read: boolean): InboxItem => {
  const createdAt = new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  return { id, ticketId: `t-${id}`, ticketNumber: `TKT-00000${id}`, kind: 'assigned', text: `entry ${id}`, createdAt, readAt: read ? createdAt : null, cursor: id } as InboxItem;
};

describe("the phone's inbox copy drops read entries older than 90 days (as the server's housekeeping does)", () => {
  it('keeps unread ones however old and read ones of the last 90 days; removes older read ones already stored', async () => {
    const { db } = freshDb();
    await storeInboxPage(db, { items: [item('1', 100, false), item('2', 89, true), item('3', 120, true)], unread: 1 }, new Date(now.getTime() - 40 * 86_400_000));
    expect((await readInbox(db)).items.map((i) => i.id).sort()).toEqual(['1', '2', '3']); // 40 days earlier: 3 was 80 days old
    await storeInboxPage(db, { items: [item('4', 1, false)], unread: 2 }, now);
    expect((await readInbox(db)).items.map((i) => i.id).sort()).toEqual(['1', '2', '4']);
    expect((await readInbox(db)).unread).toBe(2);
  });
});
