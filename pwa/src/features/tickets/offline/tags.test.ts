/**
 * Tags offline (docs/tags.md): a tag change queues only the names added and removed, the shown
 * ticket applies them over whatever tags the server copy has now (a tag added online meanwhile
 * stays), and the tag list is cached from GET /api/tags.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerOfflineFeature } from '../../../offline/core';
import { ModelServer, TECH_ID, freshDb, pullAll } from '../../../offline/model-server.testkit';
import { displayTicket, enqueueTagChange, readTagList, ticketsOffline, type TicketUpdateItem } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

describe('tags offline', () => {
  it('queues set operations that merge with tags added elsewhere', async () => {
    const server = new ModelServer();
    const a = server.createTicket();
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const user = { id: TECH_ID, username: 'tech' };
    const stored = (await db.tickets.get(a.id))!;
    await db.tickets.put({ ...stored, tags: ['Printer', 'old'] });
    const shown = displayTicket((await db.tickets.get(a.id))!, []);
    expect(await enqueueTagChange(db, shown, ['Printer', 'old'], user)).toBeNull(); // same set: nothing queued
    await enqueueTagChange(db, shown, ['Printer', 'vpn'], user);
    const [item] = (await db.outbox.toArray()) as TicketUpdateItem[];
    expect(item!.payload.patch).toEqual({ baseVersion: stored.version, tagsAdd: ['vpn'], tagsRemove: ['old'] });
    // Meanwhile someone added 'Onsite' online and the phone pulled it: both stay, 'old' goes.
    await db.tickets.put({ ...stored, version: stored.version + 1, tags: ['old', 'Onsite', 'Printer'] });
    const now = displayTicket((await db.tickets.get(a.id))!, await db.outbox.toArray());
    expect(now.tags).toEqual(['Onsite', 'Printer', 'vpn']);
    expect(now.sync.pending).toBe(1);
  });

  it('caches the tag list, empty before the first pull', async () => {
    const { db } = freshDb();
    expect(await readTagList(db)).toEqual({ tags: [], techniciansMayCreate: false });
    await pullAll({ db, transport: new ModelServer().transport(TECH_ID) });
    expect((await db.records.where('collection').equals('tags').count())).toBe(1);
  });
});
