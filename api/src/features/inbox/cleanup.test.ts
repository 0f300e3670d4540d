/**
 * Inbox housekeeping (docs/notifications.md "The inbox") on PGlite, and PostgreSQL with DATABASE_URL:
 * read entries created more than 90 days ago are deleted; unread ones and newer read ones stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { purgeOldInboxItems } from './port';

let t: TestApp;
let admin: TestUser & { token: string };
let tech: TestUser & { token: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'purge-admin' });
  tech = await t.loginAs('technician', { username: 'purge-tech' });
});
afterAll(() => t.close());

const entries = async () => (await t.request<InboxPage>('GET', '/api/me/inbox', { token: tech.token })).body.items.map((i) => [i.ticketNumber, i.readAt !== null]);
const assignNew = async () => {
  const ticket = await t.createTicket({});
  await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: admin.token, body: { assignedTo: tech.id } });
  return ticket;
};

describe('purgeOldInboxItems', () => {
  it('deletes read entries older than 90 days, keeps unread ones and newer read ones', async () => {
    t.clock.current = new Date('2026-06-01T10:00:00Z');
    const oldRead = await assignNew();
    const oldUnread = await assignNew();
    const mine = (await t.request<InboxPage>('GET', '/api/me/inbox', { token: tech.token })).body.items;
    const readIds = mine.filter((i) => i.ticketId === oldRead.id).map((i) => i.id);
    expect(readIds.length).toBeGreaterThan(0); // its new-ticket entry and its assignment
    expect((await t.request('POST', '/api/me/inbox/read', { token: tech.token, body: { ids: readIds } })).status).toBe(200);
    t.clock.current = new Date('2026-08-25T10:00:00Z');
    const recentRead = await assignNew();
    const recentIds = (await t.request<InboxPage>('GET', '/api/me/inbox', { token: tech.token })).body.items.filter((i) => i.ticketId === recentRead.id).map((i) => i.id);
    await t.request('POST', '/api/me/inbox/read', { token: tech.token, body: { ids: recentIds } });
    const before = await entries();

    expect(await purgeOldInboxItems(t.db, new Date('2026-08-29T10:00:00Z'))).toBe(0); // 89 days: nothing yet
    const removed = await purgeOldInboxItems(t.db, new Date('2026-08-31T10:00:00Z')); // 91 days after the first
    expect(removed).toBe(readIds.length);
    expect(await entries()).toEqual(before.filter(([n]) => n !== oldRead.ticketNumber));
    expect((await entries()).map(([n]) => n)).toEqual(expect.arrayContaining([oldUnread.ticketNumber, recentRead.ticketNumber]));
    expect(await purgeOldInboxItems(t.db, new Date('2026-08-31T10:00:00Z'))).toBe(0);
  });
});
