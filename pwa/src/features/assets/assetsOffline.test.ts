/**
 * The assets feature's offline part against fake IndexedDB (issue 53 item 7): the phone keeps the
 * assets of the clients of its tickets (delta pages, deleted ids removed; a new client restarts the
 * feed so its older assets come too); an edit shows at once, is sent once with its Idempotency-Key
 * and `base`, and the answer is stored; a 409 waits as a conflict that Keep mine / Keep theirs settles.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetDeltaPage, Ticket } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { registerOfflineFeature } from '../../offline';
import { drainOutbox, freshDb, memoryLock, pullAll } from '../../offline/model-server.testkit';
import { assetsOffline, enqueueAssetUpdate, readAssetList, readAssetTickets, readAssetView, readAssets, resolveAssetConflict } from './offline';

beforeAll(() => {
  registerOfflineFeature(assetsOffline);
});

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const asset = (id: string, clientId: string, over: Partial<Asset> = {}): Asset => ({
  id, clientId, type: 'printer', name: `Printer ${id}`, make: null, model: null, serialNumber: null, assetTag: `A-${id}`, siteId: null, contactId: null,
  ipAddress: null, macAddress: null, operatingSystem: null, purchaseDate: null, warrantyEnd: null, notes: null, status: 'active', vaultEntryIds: [],
  ticketIds: [], version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over,
});
const ticket = (id: string, clientId: string) => ({ id, clientId, ticketNumber: `TKT-${id}`, issue: 'Paper jam', status: 'open', createdAt: '2026-01-02T00:00:00.000Z', version: 1 }) as unknown as Ticket;
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

/** An assets API: the feed answers `feed(since)`; PATCH answers the asset, or 409 while `conflict` is set. */
function server(feed: (since: string) => AssetDeltaPage, opts: { conflict?: boolean } = {}) {
  const requests: { method: string; url: string; body?: unknown; key?: string | undefined }[] = [];
  const transport: Transport = async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body, key: req.headers?.['Idempotency-Key'] });
    if (req.method === 'GET' && req.url.startsWith('/api/assets?since=')) return res(200, feed(new URL(req.url, 'http://x').searchParams.get('since')!));
    if (req.method === 'PATCH' && req.url === '/api/assets/p1') {
      if (opts.conflict) return res(409, { message: 'Changed by someone else meanwhile: name', code: 'conflict', fields: ['name'], current: asset('p1', 'c1', { name: 'Lobby printer', version: 3 }) });
      return res(200, asset('p1', 'c1', { name: 'Front desk printer', version: 2 }));
    }
    return res(404, { message: 'Not found', code: 'not_found' });
  };
  return { transport, requests };
}

describe('assets collection', () => {
  it('keeps the assets of the clients of its tickets, removes deleted ids, and restarts the feed for a new client', async () => {
    const db = open();
    await db.tickets.put(ticket('t1', 'c1'));
    const all = [asset('p1', 'c1', { ticketIds: ['t1'] }), asset('p2', 'c2'), asset('p3', 'c1')];
    const first = server((since) => (since === '0' ? { items: all, deleted: [], cursor: '5', more: false } : { items: [], deleted: ['p3'], cursor: '6', more: false }));
    await pullAll({ db, transport: first.transport });
    expect((await readAssets(db)).map((a) => a.id).sort()).toEqual(['p1', 'p3']);
    expect((await readAssetTickets(db, (await readAssetView(db, 'A-p1', true))!)).map((t) => t.ticketNumber)).toEqual(['TKT-t1']);

    await pullAll({ db, transport: first.transport });
    expect((await readAssets(db)).map((a) => a.id)).toEqual(['p1']);
    expect(first.requests.map((r) => r.url)).toEqual(['/api/assets?since=0&limit=200', '/api/assets?since=5&limit=200']);

    // A ticket of client c2 arrives: its asset p2 is older than the cursor, so the feed starts again.
    await db.tickets.put(ticket('t2', 'c2'));
    const again = server((since) => ({ items: since === '0' ? all.slice(0, 2) : [], deleted: [], cursor: '7', more: false }));
    await pullAll({ db, transport: again.transport });
    expect(again.requests.map((r) => r.url)).toEqual(['/api/assets?since=0&limit=200']);
    expect((await readAssets(db)).map((a) => a.id).sort()).toEqual(['p1', 'p2']);
  });
});

describe('asset.update', () => {
  it('shows an edit at once, sends it once with base and its key, and stores the answer', async () => {
    const db = open();
    await db.records.put({ collection: 'assets', id: 'p1', data: asset('p1', 'c1') });
    await enqueueAssetUpdate(db, asset('p1', 'c1'), { name: 'Front desk printer' }, USER);
    expect((await readAssetList(db))[0]).toMatchObject({ name: 'Front desk printer', waiting: true });

    const { transport, requests } = server(() => ({ items: [], deleted: [], cursor: '0', more: false }));
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    const sent = requests.filter((r) => r.method === 'PATCH');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/assets/p1', body: { name: 'Front desk printer', base: { name: 'Printer p1' } } });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readAssetView(db, 'p1')).toMatchObject({ name: 'Front desk printer', version: 2, waiting: false });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 409 waits as a conflict; Keep mine resends over the server value, Keep theirs drops it', async () => {
    const db = open();
    await db.records.put({ collection: 'assets', id: 'p1', data: asset('p1', 'c1') });
    const seq = await enqueueAssetUpdate(db, asset('p1', 'c1'), { name: 'Front desk printer' }, USER);
    const conflicted = server(() => ({ items: [], deleted: [], cursor: '0', more: false }), { conflict: true });
    await drainOutbox({ db, transport: conflicted.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect((await readAssetView(db, 'p1'))?.attention.map((i) => [i.state, i.conflict?.fields])).toEqual([['conflict', ['name']]]);

    expect(await resolveAssetConflict(db, seq, 'mine')).toBe('requeued');
    expect(await db.outbox.get(seq)).toMatchObject({ state: 'pending', payload: { body: { name: 'Front desk printer', base: { name: 'Lobby printer' } } } });
    await drainOutbox({ db, transport: conflicted.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect(await resolveAssetConflict(db, seq, 'server')).toBe('dropped');
    expect(await db.outbox.count()).toBe(0);
    expect((await readAssetView(db, 'p1'))?.name).toBe('Lobby printer');
  });
});
