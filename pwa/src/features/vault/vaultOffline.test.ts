/**
 * The vault's offline part against fake IndexedDB: delta pulls in pages (changed entries stored,
 * deleted ids removed, a newer local row kept), the list with unsent writes applied, offline
 * writes that refuse secrets, and the outbox sending them with the server's answer stored.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VaultDeltaPage, VaultIndexEntry } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { registerOfflineFeature } from '../../offline';
import { drainOutbox, freshDb, memoryLock, pullAll } from '../../offline/model-server.testkit';
import { enqueueVaultCreate, enqueueVaultUpdate, readVaultIndex, readVaultList, SecretInOutboxError, vaultOffline } from './offline';

beforeAll(() => {
  registerOfflineFeature(vaultOffline);
});

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const entry = (id: string, businessName: string, version = 1): VaultIndexEntry => ({
  id,
  businessName,
  contactName: null,
  contactEmail: `${id}@x.test`,
  contactPhone: null,
  address: null,
  ispProvider: null,
  endpoints: [{ id: `${id}-ep`, name: 'NAS', url: 'https://nas', hasPassword: true }],
  hasDomainPassword: false,
  hasHostingPassword: false,
  hasWifiPassword: true,
  hasRouterPassword: false,
  hasIspAccountNumber: false,
  hasPhoneAccountNumber: false,
  version,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const res = (status: number, body: unknown): HttpResponse => ({ status, body, retryAfterMs: null });

/** A tiny vault API: delta pages of 2, POST/PATCH answering a full entry. */
function vaultServer(pages: VaultDeltaPage[]) {
  const requests: { method: string; url: string; body?: unknown }[] = [];
  const transport: Transport = async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body });
    if (req.method === 'GET' && req.url.startsWith('/api/vault?since=')) {
      const since = new URL(req.url, 'http://x').searchParams.get('since');
      return res(200, pages.find((p) => p.cursor > since!) ?? { items: [], deleted: [], cursor: since, more: false });
    }
    if (req.method === 'GET') return res(200, []);
    if (req.method === 'POST' && req.url === '/api/vault') return res(201, { ...entry('new-id', (req.body as { businessName: string }).businessName), version: 1 });
    if (req.method === 'PATCH') return res(200, { ...entry(req.url.split('/').pop()!, 'Patched Co', 9) });
    return res(404, { message: 'Not found', code: 'not_found' });
  };
  return { transport, requests };
}

let dbs: { close(): void }[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});

describe('vault index collection', () => {
  it('pulls delta pages until `more` is false, stores entries and removes deleted ids', async () => {
    const { db } = freshDb();
    dbs.push(db);
    const { transport, requests } = vaultServer([
      { items: [entry('a', 'Alpha'), entry('b', 'Beta')], deleted: [], cursor: '2', more: true },
      { items: [entry('c', 'Gamma')], deleted: ['a'], cursor: '4', more: false },
    ]);
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(requests.filter((r) => r.url.startsWith('/api/vault')).map((r) => r.url)).toEqual(['/api/vault?since=0&limit=500', '/api/vault?since=2&limit=500']);
    expect((await readVaultIndex(db)).map((e) => e.id).sort()).toEqual(['b', 'c']);
  });

  it('keeps a newer local row (a write answer) over an older page', async () => {
    const { db } = freshDb();
    dbs.push(db);
    await db.records.put({ collection: 'vault', id: 'b', data: entry('b', 'Beta (newer)', 5) });
    const { transport } = vaultServer([{ items: [entry('b', 'Beta', 2)], deleted: [], cursor: '1', more: false }]);
    await pullAll({ db, transport });
    expect((await readVaultIndex(db))[0]!.businessName).toBe('Beta (newer)');
  });
});

describe('offline writes', () => {
  it('refuse any secret: nothing reaches IndexedDB', async () => {
    const { db } = freshDb();
    dbs.push(db);
    await expect(enqueueVaultCreate(db, { businessName: 'X', wifiPassword: 'pw' }, USER)).rejects.toBeInstanceOf(SecretInOutboxError);
    await expect(enqueueVaultUpdate(db, 'a', 'A', { endpoints: [{ name: 'NAS', password: 'pw' }] }, USER)).rejects.toBeInstanceOf(SecretInOutboxError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('show at once in the list (pending), are sent with the session, and the answer joins the index', async () => {
    const { db } = freshDb();
    dbs.push(db);
    await db.records.bulkPut([entry('a', 'Alpha'), entry('b', 'Beta')].map((e) => ({ collection: 'vault', id: e.id, data: e })));
    await enqueueVaultUpdate(db, 'a', 'Alpha', { contactPhone: '555-0199', endpoints: [{ id: 'a-ep', name: 'NAS 2' }] }, USER);
    await enqueueVaultCreate(db, { businessName: 'Aardvark Inc', contactEmail: 'aa@x.test' }, USER);

    const list = await readVaultList(db);
    expect(list.map((e) => [e.businessName, e.sync.pending, e.queuedSeq !== undefined])).toEqual([
      ['Aardvark Inc', 1, true],
      ['Alpha', 1, false],
      ['Beta', 0, false],
    ]);
    expect(list[1]).toMatchObject({ contactPhone: '555-0199', endpoints: [{ id: 'a-ep', name: 'NAS 2', url: 'https://nas', hasPassword: true }] });

    const { transport, requests } = vaultServer([]);
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', '/api/vault/a', { contactPhone: '555-0199', endpoints: [{ id: 'a-ep', name: 'NAS 2' }] }],
      ['POST', '/api/vault', { businessName: 'Aardvark Inc', contactEmail: 'aa@x.test' }],
    ]);
    expect(await db.outbox.count()).toBe(0);
    const after = await readVaultList(db);
    expect(after.map((e) => [e.businessName, e.version, e.sync.pending])).toEqual([
      ['Aardvark Inc', 1, 0],
      ['Beta', 1, 0],
      ['Patched Co', 9, 0],
    ]);
  });

  it('a rejected write is marked failed with the server message', async () => {
    const { db } = freshDb();
    dbs.push(db);
    await db.records.put({ collection: 'vault', id: 'gone', data: entry('gone', 'Gone Co') });
    await enqueueVaultUpdate(db, 'gone', 'Gone Co', { contactName: 'x' }, USER);
    const transport: Transport = async () => res(404, { message: 'Vault entry not found', code: 'not_found' });
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    const [shown] = await readVaultList(db);
    expect(shown!.sync.failed).toEqual([{ seq: expect.any(Number), message: 'Vault entry not found' }]);
  });
});
