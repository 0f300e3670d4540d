/**
 * Assets API over HTTP against a real database (issue 53 items 1, 2, 8, 9): create with the MAC
 * normalised and an automatic tag, each bad input's exact message with nothing written (duplicate tag
 * ignoring case, bad MAC, bad IP, a site / vault entry of another client), filters and keyset pages,
 * by-tag, the delta feed with tombstones, offline edits with `base`, roles; tickets and assets many
 * to many (`assetIds` on PATCH and reads, each link and unlink in the work history, the asset page's
 * tickets with their time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MSG, CLIENT_MSG, type Asset, type AssetDeltaPage, type AssetDetail, type AssetPage, type Client, type Site, type TicketPatchResult, type TicketUpdateEntry, type TicketWithAssets } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
let admin = '';
let acme: Client;
let other: Client;
let acmeSite: Site;
let otherSite: Site;
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  admin = (await t.loginAs('admin')).token;
  acme = (await call<Client>('POST', '/api/clients', { name: 'Acme Dental' })).body;
  other = (await call<Client>('POST', '/api/clients', { name: 'Other Corp' })).body;
  acmeSite = (await call<Site>('POST', `/api/clients/${acme.id}/sites`, { name: 'Main office' })).body;
  otherSite = (await call<Site>('POST', `/api/clients/${other.id}/sites`, { name: 'Warehouse' })).body;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and assets alike
const call = <T = Asset & { message?: string; fieldErrors?: any; fields?: string[]; current?: any }>(method: string, path: string, body?: unknown, token = tech) => t.request<T>(method, path, { token, body });
const count = async (table: string) => Number(((await t.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

async function newAsset(body: Record<string, unknown>): Promise<Asset> {
  const res = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('assets', () => {
  it('creates an asset (MAC normalised, IP checked, tag kept) and one with an automatic tag; by-tag ignores case', async () => {
    const a = await newAsset({ name: 'Reception printer', assetTag: 'PRN-01', make: 'HP', model: 'LaserJet M404', serialNumber: 'SN-111', siteId: acmeSite.id, ipAddress: '192.168.1.20', macAddress: '00-1a-2b-3c-4d-5e', purchaseDate: '2024-02-01', warrantyEnd: '2027-02-01' });
    expect(a).toMatchObject({ assetTag: 'PRN-01', macAddress: '00:1A:2B:3C:4D:5E', ipAddress: '192.168.1.20', status: 'active', siteId: acmeSite.id, warrantyEnd: '2027-02-01', version: 1, ticketIds: [], vaultEntryIds: [] });
    const auto = await newAsset({ name: 'Front desk PC', type: 'workstation', ipAddress: '2001:db8::1' });
    expect(auto.assetTag).toMatch(/^A-\d{4}$/);
    const byTag = await call<AssetDetail>('GET', '/api/assets/by-tag/prn-01');
    expect(byTag.status).toBe(200);
    expect(byTag.body).toMatchObject({ id: a.id, tickets: [] });
    expect((await call('GET', '/api/assets/by-tag/NOPE-1')).body.message).toBe(ASSET_MSG.notFound);
  });

  it('refuses a duplicate tag (ignoring case), a bad MAC or IP, a site or vault entry of another client: clear messages, nothing written', async () => {
    const before = await count('assets');
    const dup = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', name: 'Copy', assetTag: 'prn-01' });
    expect([dup.status, dup.body.message, dup.body.fieldErrors.assetTag]).toEqual([409, ASSET_MSG.tagTaken, [ASSET_MSG.tagTaken]]);
    const mac = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', name: 'X', macAddress: '00:1A:2B:3C:4D' });
    expect([mac.status, mac.body.fieldErrors.macAddress]).toEqual([400, [ASSET_MSG.macInvalid]]);
    const ip = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', name: 'X', ipAddress: '192.168.1.300' });
    expect([ip.status, ip.body.fieldErrors.ipAddress]).toEqual([400, [ASSET_MSG.ipInvalid]]);
    const site = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', name: 'X', siteId: otherSite.id });
    expect([site.status, site.body.message, site.body.fieldErrors.siteId]).toEqual([400, ASSET_MSG.siteOfOtherClient, [ASSET_MSG.siteOfOtherClient]]);
    const vault = await call<{ id: string }>('POST', '/api/vault', { businessName: 'Other Corp', clientId: other.id }, admin);
    expect(vault.status, vault.text).toBe(201);
    const v = await call('POST', '/api/assets', { clientId: acme.id, type: 'server', name: 'NAS', vaultEntryIds: [vault.body.id] });
    expect([v.status, v.body.fieldErrors.vaultEntryIds]).toEqual([400, [ASSET_MSG.vaultOfOtherClient]]);
    const type = await call('POST', '/api/assets', { clientId: acme.id, type: 'toaster', name: 'X' });
    expect([type.status, type.body.fieldErrors.type]).toEqual([400, [ASSET_MSG.typeInvalid]]);
    expect(await count('assets')).toBe(before);
    const nas = await call('POST', '/api/assets', { clientId: other.id, type: 'server', name: 'NAS', vaultEntryIds: [vault.body.id] });
    expect([nas.status, nas.body.vaultEntryIds]).toEqual([201, [vault.body.id]]);
  });

  it('filters (client, site, type, status, warranty before, q) in keyset pages', async () => {
    for (let i = 1; i <= 5; i++) await newAsset({ name: `Laptop ${i}`, type: 'laptop', serialNumber: `LT-${i}`, warrantyEnd: `2026-0${i}-15`, status: i === 5 ? 'retired' : 'active' });
    const first = await call<AssetPage>('GET', `/api/assets?clientId=${acme.id}&type=laptop&limit=2`);
    expect(first.body.items.map((a) => a.name)).toEqual(['Laptop 1', 'Laptop 2']);
    const second = await call<AssetPage>('GET', `/api/assets?clientId=${acme.id}&type=laptop&limit=2&after=${first.body.next}`);
    expect(second.body.items.map((a) => a.name)).toEqual(['Laptop 3', 'Laptop 4']);
    const last = await call<AssetPage>('GET', `/api/assets?clientId=${acme.id}&type=laptop&limit=2&after=${second.body.next}`);
    expect([last.body.items.map((a) => a.name), last.body.next]).toEqual([['Laptop 5'], null]);
    const names = async (qs: string) => (await call<AssetPage>('GET', `/api/assets?${qs}`)).body.items.map((a) => a.name);
    expect(await names('warrantyBefore=2026-03-31&type=laptop')).toEqual(['Laptop 1', 'Laptop 2', 'Laptop 3']);
    expect(await names('status=retired')).toEqual(['Laptop 5']);
    expect(await names('q=lt-4')).toEqual(['Laptop 4']);
    expect(await names(`siteId=${acmeSite.id}`)).toEqual(['Reception printer']);
    expect(await names(`clientId=${other.id}`)).toEqual(['NAS']);
    expect((await call('GET', '/api/assets?warrantyBefore=soon')).status).toBe(400);
  });

  it('edits with base (a real conflict is 409, nothing applied), moves to another client clearing the site, deletes (admin) with a tombstone in the delta feed', async () => {
    const a = await newAsset({ name: 'Router', type: 'network', assetTag: 'NET-01', siteId: acmeSite.id, notes: 'rack 1' });
    const start = (await call<AssetDeltaPage>('GET', '/api/assets?since=0&limit=200')).body.cursor;
    const ok = await call('PATCH', `/api/assets/${a.id}`, { notes: 'rack 2', base: { notes: 'rack 1' } });
    expect([ok.status, ok.body.notes, ok.body.version]).toEqual([200, 'rack 2', 2]);
    const stale = await call('PATCH', `/api/assets/${a.id}`, { notes: 'rack 3', base: { notes: 'rack 1' } });
    expect([stale.status, stale.body.fields, stale.body.current.notes]).toEqual([409, ['notes'], 'rack 2']);
    const dupTag = await call('PATCH', `/api/assets/${a.id}`, { assetTag: 'Prn-01' });
    expect(dupTag.status).toBe(409);
    const moved = await call('PATCH', `/api/assets/${a.id}`, { clientId: other.id });
    expect([moved.status, moved.body.clientId, moved.body.siteId]).toEqual([200, other.id, null]);
    const badSite = await call('PATCH', `/api/assets/${a.id}`, { siteId: acmeSite.id });
    expect([badSite.status, badSite.body.message]).toEqual([400, CLIENT_MSG.siteOfOtherClient]);
    const delta = await call<AssetDeltaPage>('GET', `/api/assets?since=${start}`);
    expect(delta.body.items.map((x) => [x.id, x.version])).toEqual([[a.id, 3]]);
    expect((await call('DELETE', `/api/assets/${a.id}`)).status).toBe(403);
    expect((await call('DELETE', `/api/assets/${a.id}`, undefined, admin)).status).toBe(204);
    const after = await call<AssetDeltaPage>('GET', `/api/assets?since=${delta.body.cursor}`);
    expect([after.body.items, after.body.deleted]).toEqual([[], [a.id]]);
    expect((await call('GET', `/api/assets/${a.id}`)).status).toBe(404);
    const user = await t.loginAs('user');
    expect((await call('GET', '/api/assets', undefined, user.token)).status).toBe(403);
    expect((await t.request('GET', '/api/assets')).status).toBe(401);
  });
});

describe('tickets and assets', () => {
  it('links and unlinks assets on PATCH /api/tickets/:id: one history row each, assetIds on reads, the asset page lists the ticket and its time', async () => {
    const p1 = await newAsset({ name: 'Lobby printer', assetTag: 'LNK-1' });
    const p2 = await newAsset({ name: 'Lobby scanner', assetTag: 'LNK-2', type: 'other' });
    const foreign = (await call('POST', '/api/assets', { clientId: other.id, type: 'phone', name: 'Desk phone', assetTag: 'LNK-X' })).body;
    const { id } = await t.createTicket();
    const patch = (body: Record<string, unknown>) => call<TicketPatchResult & { message?: string; fieldErrors?: Record<string, string[]> }>('PATCH', `/api/tickets/${id}`, body);

    const noClient = await patch({ assetIds: [p1.id] });
    expect([noClient.status, noClient.body.fieldErrors?.assetIds]).toEqual([400, [ASSET_MSG.assetsWithoutClient]]);
    const linked = await patch({ clientId: acme.id, assetIds: [p1.id, p2.id], timeEntry: { minutes: 45, billable: true } });
    expect(linked.status, linked.text).toBe(200);
    expect((linked.body.ticket as TicketWithAssets).assetIds).toEqual([p1.id, p2.id]);
    expect(linked.body.updates.map((u) => [u.updateType, u.newValue])).toEqual([
      ['client_change', 'Acme Dental'],
      ['asset_link', 'LNK-1 Lobby printer'],
      ['asset_link', 'LNK-2 Lobby scanner'],
    ]);
    const version = linked.body.ticket.version;

    const wrong = await patch({ assetIds: [p1.id, foreign.id] });
    expect([wrong.status, wrong.body.message]).toEqual([400, ASSET_MSG.assetOfOtherClient]);
    const same = await patch({ assetIds: [p2.id, p1.id] });
    expect([same.status, same.body.updates]).toEqual([200, []]);

    const unlinked = await patch({ assetIds: [p2.id] });
    expect(unlinked.body.updates.map((u) => [u.updateType, u.previousValue, u.newValue])).toEqual([['asset_unlink', 'LNK-1 Lobby printer', null]]);
    expect(unlinked.body.ticket.version).toBe(version + 1);

    const read = await call<TicketWithAssets>('GET', `/api/tickets/${id}`);
    expect(read.body.assetIds).toEqual([p2.id]);
    const feed = await call<{ items: TicketWithAssets[] }>('GET', '/api/tickets?since=0&limit=1000');
    expect(feed.body.items.find((x) => x.id === id)?.assetIds).toEqual([p2.id]);
    const history = await call<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`);
    expect(history.body.filter((u) => u.updateType.startsWith('asset_')).map((u) => u.updateType).sort()).toEqual(['asset_link', 'asset_link', 'asset_unlink']);

    const page = await call<AssetDetail>('GET', `/api/assets/${p2.id}`);
    expect(page.body.ticketIds).toEqual([id]);
    expect(page.body.tickets).toEqual([expect.objectContaining({ id, status: 'open', minutes: 45 })]);
    expect((await call<AssetDetail>('GET', `/api/assets/${p1.id}`)).body.tickets).toEqual([]);

    // Another client unlinks the old client's assets.
    const moved = await patch({ clientId: other.id });
    expect(moved.body.updates.map((u) => u.updateType)).toEqual(['client_change', 'asset_unlink']);
    expect((moved.body.ticket as TicketWithAssets).assetIds).toEqual([]);
  });

  it('a staff-created ticket ("New ticket for this asset") links the picked client\'s assets with asset_link rows; without a client or with another client\'s asset it is refused and nothing is created', async () => {
    const pc = await newAsset({ name: 'Surgery PC', assetTag: 'NEW-1', type: 'workstation' });
    const foreign = (await call('POST', '/api/assets', { clientId: other.id, type: 'phone', name: 'Desk phone 2', assetTag: 'NEW-X' })).body;
    const form = { clientName: 'Ada Dental', customerEmail: 'ada@acme-dental.test', customerPhone: '555-0100', severity: 'medium', contactMethod: 'email', issue: 'The surgery PC is slow.' };
    const create = (body: Record<string, unknown>) => call<{ id: string; message?: string; fieldErrors?: Record<string, string[]> }>('POST', '/api/tickets/staff', { ...form, ...body });
    const tickets = await count('support_tickets');
    const noClient = await create({ assetIds: [pc.id] });
    expect([noClient.status, noClient.body.fieldErrors?.assetIds]).toEqual([400, [ASSET_MSG.assetsWithoutClient]]);
    const wrong = await create({ clientId: acme.id, assetIds: [foreign.id] });
    expect([wrong.status, wrong.body.message]).toEqual([400, ASSET_MSG.assetOfOtherClient]);
    expect(await count('support_tickets')).toBe(tickets);

    const made = await create({ clientId: acme.id, assetIds: [pc.id] });
    expect(made.status, made.text).toBe(201);
    const read = await call<TicketWithAssets>('GET', `/api/tickets/${made.body.id}`);
    expect([read.body.clientId, read.body.assetIds]).toEqual([acme.id, [pc.id]]);
    const history = await call<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${made.body.id}`);
    expect(history.body.filter((u) => u.updateType === 'asset_link').map((u) => u.newValue)).toEqual(['NEW-1 Surgery PC']);
    expect((await call<AssetDetail>('GET', `/api/assets/${pc.id}`)).body.tickets.map((x) => x.id)).toEqual([made.body.id]);
  });

  it('deleting an asset moves its tickets in the tickets feed (new version, asset_unlink row); deleting a client leaves tombstones of its assets', async () => {
    const p = await newAsset({ name: 'Old router', assetTag: 'DEL-1', type: 'network' });
    const { id } = await t.createTicket();
    const linked = await call<TicketPatchResult>('PATCH', `/api/tickets/${id}`, { clientId: acme.id, assetIds: [p.id] });
    expect(linked.status, linked.text).toBe(200);
    const cursor = (await call<{ cursor: string }>('GET', '/api/tickets?since=0&limit=1000')).body.cursor;
    expect((await call('DELETE', `/api/assets/${p.id}`, undefined, admin)).status).toBe(204);
    const feed = await call<{ items: TicketWithAssets[] }>('GET', `/api/tickets?since=${cursor}&limit=1000`);
    const moved = feed.body.items.find((x) => x.id === id);
    expect([moved?.assetIds, moved?.version]).toEqual([[], linked.body.ticket.version + 1]);
    const history = await call<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`);
    expect(history.body.filter((u) => u.updateType === 'asset_unlink').map((u) => u.previousValue)).toEqual(['DEL-1 Old router']);

    const gone = (await call<Client>('POST', '/api/clients', { name: 'Closing Down Ltd' })).body;
    const a = (await call('POST', '/api/assets', { clientId: gone.id, type: 'laptop', name: 'Laptop 1', assetTag: 'DEL-2' })).body;
    const start = (await call<AssetDeltaPage>('GET', '/api/assets?since=0&limit=200')).body.cursor;
    expect((await call('DELETE', `/api/clients/${gone.id}`, undefined, admin)).status).toBe(204);
    const delta = await call<AssetDeltaPage>('GET', `/api/assets?since=${start}&limit=200`);
    expect([delta.body.items.map((x) => x.id), delta.body.deleted]).toEqual([[], [a.id]]);
  });
});
