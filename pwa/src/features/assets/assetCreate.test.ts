/**
 * The `asset.create` outbox kind against fake IndexedDB (issue 53 item 7, docs/assets.md "Created
 * offline"): an asset made with no signal has its id chosen on the device and shows at once as
 * waiting (kept through a pull even when its client has no ticket here); it is sent once with that
 * id and its Idempotency-Key, an edit of it made meanwhile is sent after it, and the server's answer
 * replaces the draft; a refused create needs attention and Discard removes the draft.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { discard, registerOfflineFeature } from '../../offline';
import { drainOutbox, freshDb, memoryLock, pullAll } from '../../offline/model-server.testkit';
import { assetsOffline, enqueueAssetCreate, enqueueAssetUpdate, readAssetList, readAssetView, readAssets } from './offline';

beforeAll(() => {
  registerOfflineFeature(assetsOffline);
});

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const CLIENT = '00000000-0000-4000-8000-0000000000c1';
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

/** An assets API that creates (201 with tag A-0007, or `refuse`) and edits; an empty delta feed. */
function server(opts: { refuse?: boolean } = {}) {
  const requests: { method: string; url: string; body?: unknown; key?: string | undefined }[] = [];
  let stored: Asset | null = null;
  const transport: Transport = async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body, key: req.headers?.['Idempotency-Key'] });
    if (req.method === 'GET' && req.url.startsWith('/api/assets?since=')) return res(200, { items: [], deleted: [], cursor: '1', more: false });
    if (req.method === 'POST' && req.url === '/api/assets') {
      if (opts.refuse) return res(409, { message: 'An asset with this tag already exists.', code: 'conflict', fieldErrors: { assetTag: ['An asset with this tag already exists.'] } });
      const b = req.body as Asset;
      stored = { ...b, assetTag: b.assetTag || 'A-0007', version: 1, ticketIds: [], vaultEntryIds: [], history: [], createdAt: 'x', updatedAt: 'x' } as Asset;
      return res(201, stored);
    }
    if (req.method === 'PATCH' && stored && req.url === `/api/assets/${stored.id}`) {
      stored = { ...stored, ...(req.body as Partial<Asset>), version: stored.version + 1 };
      return res(200, stored);
    }
    return res(404, { message: 'Asset not found', code: 'not_found' });
  };
  return { transport, requests };
}
const drain = (db: ReturnType<typeof open>, transport: Transport) => drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });

describe('asset.create', () => {
  it('shows the draft at once as waiting, keeps it through a pull, sends it once with its id and key (its edit after it), and stores the answer', async () => {
    const db = open();
    const id = await enqueueAssetCreate(db, { clientId: CLIENT, type: 'laptop', name: 'Site laptop', serialNumber: 'SN-9' }, USER);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readAssetList(db)).map((a) => [a.id, a.name, a.assetTag, a.version, a.waiting])).toEqual([[id, 'Site laptop', '', 0, true]]);
    const api = server();
    await pullAll({ db, transport: api.transport });
    expect((await readAssets(db)).map((a) => a.id)).toEqual([id]);
    await enqueueAssetUpdate(db, (await readAssetView(db, id))!, { status: 'in_repair' }, USER);

    await drain(db, api.transport);
    await drain(db, api.transport);
    const writes = api.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/api/assets'],
      ['PATCH', `/api/assets/${id}`],
    ]);
    expect(writes[0]!.body).toMatchObject({ id, clientId: CLIENT, type: 'laptop', name: 'Site laptop', serialNumber: 'SN-9' });
    expect(writes[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readAssetView(db, id)).toMatchObject({ assetTag: 'A-0007', status: 'in_repair', version: 2, waiting: false });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused create needs attention; Discard removes the draft', async () => {
    const db = open();
    const id = await enqueueAssetCreate(db, { clientId: CLIENT, type: 'printer', name: 'Copy', assetTag: 'PRN-01' }, USER);
    await drain(db, server({ refuse: true }).transport);
    const view = (await readAssetView(db, id))!;
    expect(view.attention.map((i) => [i.state, i.error?.message])).toEqual([['failed', 'An asset with this tag already exists.']]);
    expect(await discard(db, view.attention[0]!.seq)).toBe(true);
    expect(await readAssetView(db, id)).toBeNull();
  });
});
