/**
 * The phone's copy of canned replies, macros and templates (replyItems.ts): delta pages are stored
 * and deleted ids removed; and a macro's update carries `macroId` and `timeEntry` in its one PATCH,
 * also when the time entry is its only change; the queued item keeps the macro's name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketEditDefaults, type CannedReply, type ReplyDeltaPage } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { freshDb, ModelServer } from '../../../offline/model-server.testkit';
import { cannedRepliesCollection, enqueueTicketUpdate, readCannedReplies, ticketsOffline, type TicketUpdateItem } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const reply = (id: string, title: string): CannedReply => ({ id, title, body: 'Hi', scope: 'shared', ownerId: null, createdAt: '', updatedAt: '' });

describe('the cannedReplies collection', () => {
  it('stores delta pages, removes deleted ids and returns the last cursor', async () => {
    const { db } = freshDb();
    const pages: Record<string, ReplyDeltaPage<CannedReply>> = {
      '0': { items: [reply('a', 'Zed'), reply('b', 'alpha')], deleted: [], cursor: '5', more: true },
      '5': { items: [reply('c', 'Mid')], deleted: ['a'], cursor: '7', more: false },
    };
    const urls: string[] = [];
    const get = async <T,>(url: string) => {
      urls.push(url);
      return pages[new URL(url, 'http://x').searchParams.get('since')!] as T;
    };
    expect(await cannedRepliesCollection.pull(null, { db, get })).toBe('7');
    expect(urls).toEqual(['/api/canned-replies?since=0&limit=500', '/api/canned-replies?since=5&limit=500']);
    expect((await readCannedReplies(db)).map((r) => r.title)).toEqual(['alpha', 'Mid']);
    await cannedRepliesCollection.clear(db);
    expect(await readCannedReplies(db)).toEqual([]);
  });
});

describe('a macro in the ticket update', () => {
  const macro = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Resolved on site', timeEntry: { minutes: 30, billable: true } };
  it('sends macroId and timeEntry with the changed fields, once', async () => {
    const { db } = freshDb();
    const shown = new ModelServer().createTicket();
    const values = { ...ticketEditDefaults(shown), status: 'resolved' as const, resolution: 'Done', comment: 'Hi', reply: true };
    const result = await enqueueTicketUpdate(db, { shown, values, user: null, macro });
    expect(result.status).toBe('queued');
    const [item] = (await db.outbox.toArray()) as TicketUpdateItem[];
    expect(item!.payload.patch).toMatchObject({ status: 'resolved', resolution: 'Done', comment: 'Hi', reply: true, macroId: macro.id, timeEntry: macro.timeEntry, baseVersion: shown.version });
    // The macro's name stays with the queued item for 'Macro: {name}', outside the PATCH body.
    expect(item!.payload.macroName).toBe('Resolved on site');
    expect(item!.payload.patch).not.toHaveProperty('macroName');
  });

  it('a time entry alone is a change; without one an unchanged form is No Changes', async () => {
    const { db } = freshDb();
    const shown = new ModelServer().createTicket();
    const values = ticketEditDefaults(shown);
    expect(await enqueueTicketUpdate(db, { shown, values, user: null, macro: { ...macro, timeEntry: undefined } })).toEqual({ status: 'no-changes' });
    expect((await enqueueTicketUpdate(db, { shown, values, user: null, macro })).status).toBe('queued');
    const [item] = (await db.outbox.toArray()) as TicketUpdateItem[];
    expect(item!.payload.patch).toEqual({ baseVersion: shown.version, macroId: macro.id, timeEntry: macro.timeEntry });
  });
});
