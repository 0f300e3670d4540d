/**
 * The clients feature's offline part against fake IndexedDB (issue 50 item 6): delta pulls of
 * whole cards (deleted ids removed, a newer local card kept), edits shown at once on the card,
 * sent once each with its Idempotency-Key and `base`, the answer stored; a 409 left as a conflict
 * that 'Keep mine' resends over the server's values and "Use the server's" drops.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientDeltaPage, Contact } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { registerOfflineFeature } from '../../offline';
import { drainOutbox, freshDb, memoryLock, pullAll } from '../../offline/model-server.testkit';
import { clientsOffline, enqueueClientWrite, readClientCards, readClientTickets, readClientView, resolveClientConflict } from './offline';

beforeAll(() => {
  registerOfflineFeature(clientsOffline);
});

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const contact = (phone: string, at = '2026-01-01T00:00:00.000Z'): Contact => ({ id: 'k1', clientId: 'c1', name: 'Dana', email: 'dana@acme.test', phone, title: null, preferredContactMethod: null, primary: true, updatedAt: at });
const card = (id: string, name: string, updatedAt = '2026-01-01T00:00:00.000Z', phone = '+12015550123'): Client => ({
  id, name, emailDomains: [], phone: null, archived: false, openTickets: 0, lastTicketAt: null, lastVisitAt: null, version: 1, notes: null,
  contacts: [contact(phone)], sites: [], createdAt: updatedAt, updatedAt,
});
const res = (status: number, body: unknown): HttpResponse => ({ status, body, retryAfterMs: null });

let dbs: { close(): void }[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});
const open = () => {
  const { db } = freshDb();
  dbs.push(db);
  return db;
};

/** A clients API: delta pages; contact PATCH answers the contact, or 409 while `conflict` is set. */
function server(pages: ClientDeltaPage[], opts: { conflict?: boolean } = {}) {
  const requests: { method: string; url: string; body?: unknown; key?: string | undefined }[] = [];
  const transport: Transport = async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body, key: req.headers?.['Idempotency-Key'] });
    if (req.method === 'GET' && req.url.startsWith('/api/clients?since=')) {
      const since = new URL(req.url, 'http://x').searchParams.get('since')!;
      return res(200, pages.find((p) => Number(p.cursor) > Number(since)) ?? { items: [], deleted: [], cursor: since, more: false });
    }
    if (req.method === 'GET') return res(200, { items: [], deleted: [], cursor: '0', more: false });
    if (req.method === 'PATCH' && req.url === '/api/clients/c1/contacts/k1') {
      if (opts.conflict) return res(409, { message: 'Changed by someone else meanwhile: phone', code: 'conflict', fields: ['phone'], current: contact('+12015550177') });
      return res(200, contact('+12015550199', '2026-01-02T00:00:00.000Z'));
    }
    return res(404, { message: 'Not found', code: 'not_found' });
  };
  return { transport, requests };
}

describe('clients collection', () => {
  it('pulls delta pages of whole cards, removes deleted ids and keeps a newer local card', async () => {
    const db = open();
    await db.records.put({ collection: 'clients', id: 'b', data: card('b', 'Beta (newer)', '2026-03-01T00:00:00.000Z') });
    const { transport, requests } = server([
      { items: [card('a', 'Alpha'), card('b', 'Beta')], deleted: [], cursor: '2', more: true },
      { items: [card('c', 'Gamma')], deleted: ['a'], cursor: '4', more: false },
    ]);
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(requests.filter((r) => r.url.startsWith('/api/clients')).map((r) => r.url)).toEqual(['/api/clients?since=0&limit=200', '/api/clients?since=2&limit=200']);
    expect((await readClientCards(db)).map((c) => c.name).sort()).toEqual(['Beta (newer)', 'Gamma']);
  });

  it('a full page (held cards read keys first) keeps each newer local card and replaces each older one', async () => {
    const db = open();
    const ids = Array.from({ length: 200 }, (_, i) => `c${String(i).padStart(3, '0')}`);
    await db.records.bulkPut([
      { collection: 'clients', id: 'c007', data: card('c007', 'Seven (newer here)', '2026-03-01T00:00:00.000Z') },
      { collection: 'clients', id: 'c150', data: card('c150', 'Old 150', '2025-12-01T00:00:00.000Z') },
      // Another collection's row with a card's id is not a held card.
      { collection: 'assets', id: 'c020', data: { updatedAt: '2099-01-01T00:00:00.000Z' } },
    ]);
    const { transport } = server([{ items: ids.map((id) => card(id, `Client ${id}`, '2026-02-01T00:00:00.000Z')), deleted: [], cursor: '2', more: false }]);
    expect((await pullAll({ db, transport })).error).toBeNull();
    const names = new Map((await readClientCards(db)).map((c) => [c.id, c.name]));
    expect(names.size).toBe(200);
    expect(names.get('c007')).toBe('Seven (newer here)');
    expect(names.get('c150')).toBe('Client c150');
    expect(names.get('c020')).toBe('Client c020');
    expect(names.get('c199')).toBe('Client c199');
  });
});

describe("the card's tickets offline", () => {
  it("lists the card's newest tickets merged with the tickets this device holds (held ones current), newest 10", async () => {
    const db = open();
    const summary = (n: number, status = 'open') => ({ id: `t${n}`, ticketNumber: `TKT-00000${n}`, status, issue: `Issue ${n}`, createdAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z` });
    const recentTickets = Array.from({ length: 10 }, (_, i) => summary(10 - i));
    await db.records.put({ collection: 'clients', id: 'c1', data: { ...card('c1', 'Acme'), recentTickets } });
    // Held: t9 resolved since the card was read, and t12, newer than every ticket on the card.
    await db.tickets.bulkPut([{ ...summary(9, 'resolved'), clientId: 'c1' }, { ...summary(12), clientId: 'c1' }, { ...summary(11), clientId: 'other' }] as never);
    const listed = await readClientTickets(db, 'c1');
    expect(listed.map((t) => t.id)).toEqual(['t12', 't10', 't9', 't8', 't7', 't6', 't5', 't4', 't3', 't2']);
    expect(listed.find((t) => t.id === 't9')!.status).toBe('resolved');
  });
});

describe('client.write', () => {
  it('shows an edit at once, sends it once with base, and stores the answer', async () => {
    const db = open();
    await db.records.put({ collection: 'clients', id: 'c1', data: card('c1', 'Acme') });
    await enqueueClientWrite(db, { op: 'contact.patch', clientId: 'c1', childId: 'k1', body: { phone: '201-555-0199', base: { phone: '+12015550123' } } }, 'Acme', USER);
    const shown = await readClientView(db, 'c1');
    expect(shown?.contacts[0]?.phone).toBe('201-555-0199');
    expect(shown?.pending.has('k1')).toBe(true);

    const { transport, requests } = server([]);
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    const sent = requests.filter((r) => r.method === 'PATCH');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/clients/c1/contacts/k1', body: { phone: '201-555-0199', base: { phone: '+12015550123' } } });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const after = await readClientView(db, 'c1');
    expect(after?.contacts[0]?.phone).toBe('+12015550199');
    expect(after?.pending.size).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 409 waits as a conflict; Keep mine resends over the server value, Use the server\'s drops it', async () => {
    const db = open();
    await db.records.put({ collection: 'clients', id: 'c1', data: card('c1', 'Acme') });
    const seq = await enqueueClientWrite(db, { op: 'contact.patch', clientId: 'c1', childId: 'k1', body: { phone: '201-555-0199', base: { phone: '+12015550123' } } }, 'Acme', USER);
    const conflicted = server([], { conflict: true });
    await drainOutbox({ db, transport: conflicted.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    const view = await readClientView(db, 'c1');
    expect(view?.attention.map((i) => [i.state, i.conflict?.fields])).toEqual([['conflict', ['phone']]]);

    expect(await resolveClientConflict(db, seq, 'mine')).toBe('requeued');
    const item = await db.outbox.get(seq);
    expect(item).toMatchObject({ state: 'pending', payload: { body: { phone: '201-555-0199', base: { phone: '+12015550177' } } } });
    await drainOutbox({ db, transport: conflicted.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect(await resolveClientConflict(db, seq, 'server')).toBe('dropped');
    expect(await db.outbox.count()).toBe(0);
  });
});
