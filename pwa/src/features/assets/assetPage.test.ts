/**
 * The asset page's offline parts (issue 53 item 4) against fake IndexedDB: 'Log a visit' queues the
 * tickets' own time-entry item (the registered `ticket.timeEntry` kind sends it once, with its key,
 * to POST /api/tickets/:id/time-entries); the vault entries are named from the vault index (no
 * secret); an edit of site and contact is sent with `base` like the other fields.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { drainOutbox, freshDb, memoryLock } from '../../offline/model-server.testkit';
import { registerOfflineFeatures } from '../../offline/registry.testkit';
import { changedFields, formValues } from './formModel';
import { TIME_ENTRY_KIND, enqueueAssetUpdate, enqueueAssetVisit, readAssetVaultEntries, readAssetView, visitEntry } from './offline';

beforeAll(() => registerOfflineFeatures());

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const SITE = '00000000-0000-4000-8000-00000000051e';
const CONTACT = '00000000-0000-4000-8000-0000000000c7';
const asset = (over: Partial<Asset> = {}): Asset => ({
  id: 'p1', clientId: 'c1', type: 'printer', name: 'Reception printer', make: null, model: null, serialNumber: null, assetTag: 'A-0001', siteId: null, contactId: null,
  ipAddress: null, macAddress: null, operatingSystem: null, purchaseDate: null, warrantyEnd: null, notes: null, status: 'active', vaultEntryIds: [],
  ticketIds: ['t1'], version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over,
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
function recorder(answer: (method: string, url: string) => HttpResponse) {
  const requests: { method: string; url: string; body?: unknown; key?: string | undefined }[] = [];
  const transport: Transport = async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body, key: req.headers?.['Idempotency-Key'] });
    return answer(req.method, req.url);
  };
  const drain = (db: ReturnType<typeof open>) => drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
  return { requests, drain };
}

describe('Log a visit', () => {
  it('checks the minutes as the API does', () => {
    expect(visitEntry({ minutes: '', billable: true, note: '' })).toEqual({ error: 'Enter whole minutes from 1 to 1440.' });
    expect(visitEntry({ minutes: '1.5', billable: true, note: '' })).toEqual({ error: 'Enter whole minutes from 1 to 1440.' });
    expect(visitEntry({ minutes: '0', billable: true, note: '' })).toEqual({ error: 'Minutes must be at least 1' });
    expect(visitEntry({ minutes: '1441', billable: false, note: '' })).toEqual({ error: 'Minutes must be at most 1440 (one day)' });
    expect(visitEntry({ minutes: ' 45 ', billable: false, note: '  Replaced the fuser ' })).toEqual({ entry: { minutes: 45, billable: false, note: 'Replaced the fuser' } });
  });

  it("queues the tickets' time entry, which is sent once with its key", async () => {
    const db = open();
    await enqueueAssetVisit(db, { id: 't1', ticketNumber: 'TKT-000001' }, { minutes: 45, billable: true, note: 'Replaced the fuser' }, USER);
    expect(await db.outbox.toArray()).toMatchObject([{ kind: TIME_ENTRY_KIND, entityId: 't1', label: 'TKT-000001', state: 'pending' }]);
    const api = recorder(() => res(201, { id: 'e1', ticketId: 't1', minutes: 45, billable: true, note: 'Replaced the fuser' }));
    await api.drain(db);
    await api.drain(db);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/api/tickets/t1/time-entries', body: { minutes: 45, billable: true, note: 'Replaced the fuser' } });
    expect(api.requests[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("the asset's vault entries", () => {
  it('are named from the vault index in order; one the index lacks has no name', async () => {
    const db = open();
    await db.records.bulkPut([
      { collection: 'vault', id: 'v1', data: { id: 'v1', businessName: 'NAS admin' } },
      { collection: 'vault', id: 'v2', data: { id: 'v2', businessName: 'Printer web panel' } },
    ]);
    expect(await readAssetVaultEntries(db, ['v2', 'v9', 'v1'])).toEqual([
      { id: 'v2', name: 'Printer web panel' },
      { id: 'v9', name: null },
      { id: 'v1', name: 'NAS admin' },
    ]);
    expect(await readAssetVaultEntries(db, [])).toEqual([]);
  });
});

describe('editing site and contact', () => {
  it('sends the changed site and contact with base, shown at once', async () => {
    const before = asset({ contactId: CONTACT });
    const changes = changedFields(before, { ...formValues(before), siteId: SITE, contactId: '' });
    expect(changes).toEqual({ siteId: SITE, contactId: null });
    expect(changedFields(before, formValues(before))).toEqual({});

    const db = open();
    await db.records.put({ collection: 'assets', id: 'p1', data: before });
    await enqueueAssetUpdate(db, before, changes, USER);
    expect(await readAssetView(db, 'p1')).toMatchObject({ siteId: SITE, contactId: null, waiting: true });
    const api = recorder(() => res(200, asset({ siteId: SITE, version: 2 })));
    await api.drain(db);
    expect(api.requests).toMatchObject([{ method: 'PATCH', url: '/api/assets/p1', body: { siteId: SITE, contactId: null, base: { siteId: null, contactId: CONTACT } } }]);
    expect(await readAssetView(db, 'p1')).toMatchObject({ siteId: SITE, contactId: null, version: 2, waiting: false });
  });
});
