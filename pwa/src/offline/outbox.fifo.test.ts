/**
 * The outbox state machine (DESIGN.md 5):
 * FIFO per ticket, re-basing, conflicts and failures, discard, ticket creations and the author
 * rule, against the model API (the rest: outbox.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, UNASSIGNED } from '@portal/shared';
import { enqueueTicketCreate } from '../features/support/offline';
import { resolveConflict, type TicketUpdateItem } from '../features/tickets/offline';
import { registerOfflineFeatures } from '../offline-registry';
import { discard as discardOutboxItem } from './core';
import { OTHER_ID, TECH_ID, pullAll } from './model-server.testkit';
import { edit, items, seed, setup } from './outbox.testkit';

beforeAll(registerOfflineFeatures); // the ticket kinds, as the page and the service worker register them

describe('drain: FIFO per ticket, conflicts and failures', () => {
  it('sends a ticket’s updates in order, re-basing the next one on the version it just made (no 409)', async () => {
    const { db, made, drain, server, requests } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'in_progress' });
    await edit(db, made[0].id, { status: 'resolved', resolution: 'Fixed' });
    const report = await drain();
    expect(report.sent.map((s) => s.seq)).toEqual([1, 2]);
    expect(requests).toHaveLength(2);
    expect(server.tickets.get(made[0].id)).toMatchObject({ status: 'resolved', resolution: 'Fixed', version: 3 });
  });

  it('carries a chain of five own updates through two passes without a 409, rewriting one waiting item per sent one', async () => {
    const { db, made, drain, server, requests, setFault } = setup(1);
    await seed(db, made);
    const comments = ['one', 'two', 'three', 'four', 'five'];
    for (const comment of comments) await edit(db, made[0].id, { comment });
    setFault((n) => (n === 3 ? 'network' : 'ok'));
    const first = await drain();
    expect(first).toMatchObject({ stoppedBy: 'network', remaining: 3 });
    // The sent updates moved only the next one onto the new version; the others wait as queued.
    expect(((await items(db)) as TicketUpdateItem[]).map((i) => [i.payload.patch.baseVersion, i.payload.chainFrom])).toEqual([
      [3, 1],
      [1, undefined],
      [1, undefined],
    ]);
    setFault(null);
    const second = await drain();
    expect(second).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(requests.map((r) => r.url)).toHaveLength(6); // 5 updates + the one lost to the network, no 409
    expect(server.tickets.get(made[0].id)!.version).toBe(6);
    expect(server.history.filter((h) => h.ticketId === made[0].id && h.updateType === 'comment').map((h) => h.comment)).toEqual(comments);
  });

  it('re-bases silently when the 409 only reflects this device’s own earlier change', async () => {
    const { db, made, drain, server, requests } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'in_progress' });
    await edit(db, made[0].id, { status: 'closed' });
    server.patch(made[0].id, { comment: 'someone else commented' }, OTHER_ID, null); // v2: no field change
    const report = await drain();
    expect(report.conflicts).toHaveLength(0);
    expect(requests).toHaveLength(3); // second item: 409 (own status change), re-based, resent
    expect(server.tickets.get(made[0].id)!.status).toBe('closed');
  });

  it('marks a real same-field conflict, blocks only that ticket, and resolves by choice', async () => {
    const { db, made, drain, server } = setup(2);
    await seed(db, made);
    const a = await edit(db, made[0].id, { status: 'resolved', comment: 'done' });
    const b = await edit(db, made[0].id, { comment: 'after' });
    await edit(db, made[1].id, { status: 'closed' });
    server.patch(made[0].id, { status: 'closed' }, OTHER_ID, null);
    const report = await drain();
    expect(report.conflicts.map((c) => c.seq)).toEqual([a]);
    expect(report.sent.map((s) => s.entityId)).toEqual([made[1].id]); // other ticket not blocked
    const conflicted = (await db.outbox.get(a)) as TicketUpdateItem;
    expect(conflicted).toMatchObject({ state: 'conflict', conflict: { fields: ['status'], ticket: { status: 'closed', version: 2 } } });
    expect((await db.outbox.get(b))!.state).toBe('pending'); // blocked behind it
    expect(server.history.filter((h) => h.comment === 'done')).toHaveLength(0); // nothing applied

    expect(await resolveConflict(db, a, { status: 'mine' })).toBe('requeued');
    expect((await db.outbox.get(a)) as TicketUpdateItem).toMatchObject({ state: 'pending', payload: { patch: { status: 'resolved', baseVersion: 2 } }, conflict: null });
    await drain();
    expect(await db.outbox.count()).toBe(0);
    expect(server.tickets.get(made[0].id)!.status).toBe('resolved');
    expect(server.history.filter((h) => h.comment === 'done' || h.comment === 'after')).toHaveLength(2);
  });

  it("keeping the server's value drops my field, and drops the item when nothing is left", async () => {
    const { db, made, drain, server } = setup(1);
    await seed(db, made);
    const a = await edit(db, made[0].id, { status: 'resolved' });
    server.patch(made[0].id, { status: 'closed' }, OTHER_ID, null);
    await drain();
    expect(await resolveConflict(db, a, { status: 'server' })).toBe('dropped');
    expect(await db.outbox.count()).toBe(0);
    expect(await resolveConflict(db, a, { status: 'server' })).toBeNull();
  });

  it("marks other 4xx failed with the server's message until discarded; later items of that ticket wait", async () => {
    const { db, made, drain } = setup(1);
    await seed(db, made);
    const a = await edit(db, made[0].id, { assignedTo: '00000000-0000-4000-8000-00000000dead' });
    const b = await edit(db, made[0].id, { comment: 'next' });
    const report = await drain();
    expect(report.failed.map((f) => f.seq)).toEqual([a]);
    expect(await db.outbox.get(a)).toMatchObject({ state: 'failed', error: { status: 400, message: MSG.assigneeInvalid, fieldErrors: { assignedTo: [MSG.assigneeInvalid] } } });
    expect((await db.outbox.get(b))!.state).toBe('pending');
    expect(await discardOutboxItem(db, b)).toBe(false); // pending items are not discardable
    expect(await discardOutboxItem(db, a)).toBe(true);
    expect((await drain()).sent.map((s) => s.seq)).toEqual([b]);
  });

  it('after a rejected update is discarded, a later update of the same field is judged against what came before it', async () => {
    const { db, made, drain, server } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { assignedTo: TECH_ID });
    const bad = await edit(db, made[0].id, { assignedTo: '00000000-0000-4000-8000-00000000dead' });
    server.patch(made[0].id, { resolution: 'other field' }, OTHER_ID, null); // the ticket moves on (v2)
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const last = await edit(db, made[0].id, { assignedTo: UNASSIGNED }); // made while the bad one was shown
    expect(((await db.outbox.get(last)) as TicketUpdateItem).payload.seen.assignedTo).toBe('00000000-0000-4000-8000-00000000dead');
    await drain();
    expect(await discardOutboxItem(db, bad)).toBe(true);
    expect(((await db.outbox.get(last)) as TicketUpdateItem).payload.seen.assignedTo).toBe(TECH_ID);
    const report = await drain();
    expect(report.conflicts).toHaveLength(0); // only this device changed the assignee: no conflict
    expect(server.tickets.get(made[0].id)).toMatchObject({ assignedTo: null, resolution: 'other field' });
  });

  it('sends ticket updates only for their author; ticket creations go without a session', async () => {
    const { db, made, drain, server } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'closed' });
    const create = await enqueueTicketCreate(db, {
      clientName: 'Cara', customerEmail: 'cara@example.com', customerPhone: '555-0100', severity: 'low', contactMethod: 'email', issue: 'Wi-Fi drops every hour',
    });
    const report = await drain({ userId: null }); // signed out
    expect(report.sent.map((s) => s.kind)).toEqual(['ticket.create']);
    expect(await db.outbox.get(create)).toMatchObject({ state: 'done', result: { ticketNumber: 'TKT-000002' } });
    expect(server.tickets.size).toBe(2);
    expect((await drain({ userId: OTHER_ID })).sent).toHaveLength(0);
    expect((await drain({ userId: TECH_ID })).sent).toHaveLength(1);
    expect(await discardOutboxItem(db, create)).toBe(true);
  });
});
