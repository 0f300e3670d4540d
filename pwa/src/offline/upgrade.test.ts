/**
 * Database version 2 (generic outbox items): items queued by version 1 (ticket updates
 * and public ticket creations with their own fields) survive the upgrade, in every state, and the
 * drain sends the pending ones with their original Idempotency-Keys.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketCreateItem } from '../features/support/offline';
import type { TicketUpdateItem } from '../features/tickets/offline';
import { registerOfflineFeatures } from '../offline-registry';
import { OfflineDb, SCHEMA_V1 } from './db';
import { ModelServer, TECH_ID, drainOutbox } from './model-server.testkit';

beforeAll(registerOfflineFeatures);

const common = (seq: number, key: string, stream: string) => ({
  seq, key, stream, state: 'pending', createdAt: '2026-01-05T10:00:00.000Z', attempts: 0, nextAttemptAt: 0, lastError: null, error: null,
});

describe('Dexie version 2 upgrade', () => {
  it('converts queued version-1 items to the generic shape, loses nothing, and the drain sends them', async () => {
    const server = new ModelServer();
    const [a, b] = [server.createTicket(), server.createTicket()];
    const indexedDB = new IDBFactory();
    const name = 'upgrade-test';

    // A device still on version 1 queued these (the old shapes, exactly as the old app wrote them).
    const v1 = new Dexie(name, { indexedDB, IDBKeyRange });
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('tickets').bulkPut([a, b]);
    await v1.table('outbox').bulkAdd([
      {
        ...common(1, '00000000-0000-4000-8000-00000000000a', `ticket:${a.id}`),
        kind: 'ticket.update', ticketId: a.id, ticketNumber: a.ticketNumber, userId: TECH_ID, userName: 'tech',
        patch: { status: 'in_progress', comment: 'On site', baseVersion: 1 }, seen: { status: 'open' }, conflict: null,
      },
      {
        ...common(2, '00000000-0000-4000-8000-00000000000b', `ticket:${b.id}`),
        state: 'conflict',
        kind: 'ticket.update', ticketId: b.id, ticketNumber: b.ticketNumber, userId: TECH_ID, userName: 'tech',
        patch: { resolution: 'Mine', baseVersion: 1 }, seen: { resolution: null },
        conflict: { ticket: { ...b, resolution: 'Theirs', version: 2 }, fields: ['resolution'] },
      },
      {
        ...common(3, '00000000-0000-4000-8000-00000000000c', 'create:00000000-0000-4000-8000-00000000000c'),
        kind: 'ticket.create',
        body: { clientName: 'Cara', customerEmail: 'cara@example.com', customerPhone: '555-0100', severity: 'low', contactMethod: 'email', issue: 'Wi-Fi drops every hour' },
        result: null,
      },
      {
        ...common(4, '00000000-0000-4000-8000-00000000000d', 'create:00000000-0000-4000-8000-00000000000d'),
        state: 'done',
        kind: 'ticket.create',
        body: { clientName: 'Dan', customerEmail: 'dan@example.com', customerPhone: '555-0101', severity: 'high', contactMethod: 'text', issue: 'Printer is on fire' },
        result: { id: 'x', ticketNumber: 'TKT-000099', createdAt: '2026-01-05T10:01:00.000Z' },
      },
    ]);
    v1.close();

    const db = new OfflineDb(name, { indexedDB, IDBKeyRange });
    const items = await db.outbox.orderBy('seq').toArray();
    expect(db.verno).toBe(4); // upgraded through version 2 (this conversion) to the latest
    expect(items.map((i) => [i.seq, i.kind, i.state])).toEqual([
      [1, 'ticket.update', 'pending'],
      [2, 'ticket.update', 'conflict'],
      [3, 'ticket.create', 'pending'],
      [4, 'ticket.create', 'done'],
    ]);
    const [update, conflicted, create, done] = items as [TicketUpdateItem, TicketUpdateItem, TicketCreateItem, TicketCreateItem];
    expect(update).toEqual({
      ...common(1, '00000000-0000-4000-8000-00000000000a', `ticket:${a.id}`),
      kind: 'ticket.update', userId: TECH_ID, userName: 'tech', label: a.ticketNumber, entityId: a.id,
      payload: { patch: { status: 'in_progress', comment: 'On site', baseVersion: 1 }, seen: { status: 'open' } },
      conflict: null, result: null,
    });
    expect(conflicted).toMatchObject({ entityId: b.id, payload: { patch: { resolution: 'Mine' } }, conflict: { fields: ['resolution'], ticket: { resolution: 'Theirs' } } });
    expect(create).toMatchObject({ userId: null, entityId: null, payload: { clientName: 'Cara' }, result: null, conflict: null });
    expect(done).toMatchObject({ result: { ticketNumber: 'TKT-000099' }, payload: { clientName: 'Dan' } });
    expect(await db.outbox.where('entityId').equals(a.id).count()).toBe(1); // the new index is filled

    const report = await drainOutbox({ db, transport: server.transport(TECH_ID), userId: TECH_ID });
    expect(report.sent.map((s) => [s.seq, s.kind])).toEqual([[1, 'ticket.update'], [3, 'ticket.create']]);
    expect(server.tickets.get(a.id)).toMatchObject({ status: 'in_progress', version: 2 });
    expect(server.history.some((h) => h.comment === 'On site' && h.key === '00000000-0000-4000-8000-00000000000a')).toBe(true);
    expect(await db.outbox.get(3)).toMatchObject({ state: 'done', result: { ticketNumber: 'TKT-000003' } });
    expect(await db.outbox.get(2)).toMatchObject({ state: 'conflict' }); // waits for the technician's choice
    expect(await db.outbox.get(4)).toMatchObject({ state: 'done' });
    db.close();
  });
});
