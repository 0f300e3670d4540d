/**
 * An asset's history and offline creates over HTTP against a real database (issue 53 item 2,
 * docs/assets.md "History" and "Created offline"; PGlite and, with DATABASE_URL, PostgreSQL): who
 * created it, each changed field from what to what (names, not ids; one edit's fields in the form's order), each ticket linked and
 * unlinked, newest first, on the asset page and in the phones' delta feed; an id chosen by a
 * device is kept, a resend with the same Idempotency-Key is applied once, another create of that id
 * is 409 under `id`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MSG, type Asset, type AssetDeltaPage, type AssetDetail, type Client, type Site } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech: { token: string; username: string };
let admin: { token: string; username: string };
let acme: Client;
let site: Site;
beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician');
  admin = await t.loginAs('admin');
  acme = (await call<Client>('POST', '/api/clients', { name: 'Acme Dental' })).body;
  site = (await call<Site>('POST', `/api/clients/${acme.id}/sites`, { name: 'Main office' })).body;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and assets alike
const call = <T = Asset & { message?: string; fieldErrors?: any }>(method: string, path: string, body?: unknown, token = tech.token, headers?: Record<string, string>) =>
  t.request<T>(method, path, { token, body, ...(headers ? { headers } : {}) });
const count = async (table: string) => Number(((await t.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const brief = (a: Pick<Asset, 'history'>) => (a.history ?? []).map((h) => [h.kind, h.field, h.from, h.to, h.actor]);

describe('asset history', () => {
  it('records the create, each changed field (names, not ids; newest first) and each ticket linked and unlinked, by whom; the page and the delta feed carry it', async () => {
    const created = await call('POST', '/api/assets', { clientId: acme.id, type: 'printer', name: 'Reception printer', assetTag: 'HIS-1' });
    expect(created.status, created.text).toBe(201);
    const a = created.body;
    expect(brief(a)).toEqual([['created', null, null, 'HIS-1 Reception printer', tech.username]]);
    const edit = await call('PATCH', `/api/assets/${a.id}`, { status: 'in_repair', siteId: site.id, notes: 'Paper jam' }, admin.token);
    expect(edit.status, edit.text).toBe(200);
    expect(brief(edit.body).slice(0, 3)).toEqual([
      ['changed', 'status', 'Active', 'In repair', admin.username],
      ['changed', 'siteId', null, 'Main office', admin.username],
      ['changed', 'notes', null, 'Paper jam', admin.username],
    ]);
    const same = await call('PATCH', `/api/assets/${a.id}`, { status: 'in_repair' });
    expect(same.body.history).toHaveLength(4);

    const ticket = await t.createTicket();
    const link = await call('PATCH', `/api/tickets/${ticket.id}`, { clientId: acme.id, assetIds: [a.id] });
    expect(link.status, link.text).toBe(200);
    expect((await call('PATCH', `/api/tickets/${ticket.id}`, { assetIds: [] })).status).toBe(200);
    const page = (await call<AssetDetail>('GET', `/api/assets/${a.id}`)).body;
    const number = (await call<{ ticketNumber: string }>('GET', `/api/tickets/${ticket.id}`)).body.ticketNumber;
    expect(page.history!.slice(0, 2).map((h) => [h.kind, h.from, h.to, h.ticketId, h.actor])).toEqual([
      ['ticket_unlinked', number, null, ticket.id, tech.username],
      ['ticket_linked', null, number, ticket.id, tech.username],
    ]);
    const feed = (await call<AssetDeltaPage>('GET', '/api/assets?since=0&limit=200')).body;
    expect(feed.items.find((x) => x.id === a.id)?.history).toEqual(page.history);
    const list = (await call<{ items: Asset[] }>('GET', `/api/assets?clientId=${acme.id}`)).body;
    expect(list.items.find((x) => x.id === a.id)?.history).toBeUndefined();
  });
});

describe('assets created offline', () => {
  it('keeps the id a device chose, once per Idempotency-Key; another create of that id is 409 under id and writes nothing', async () => {
    const id = randomUUID();
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { id, clientId: acme.id, type: 'laptop', name: 'Made on site', serialNumber: 'OFF-1' };
    const first = await call('POST', '/api/assets', body, tech.token, key);
    expect([first.status, first.body.id]).toEqual([201, id]);
    const replay = await call('POST', '/api/assets', body, tech.token, key);
    expect([replay.status, replay.body.id, replay.body.assetTag]).toEqual([201, id, first.body.assetTag]);
    const before = await count('assets');
    const again = await call('POST', '/api/assets', { ...body, name: 'Another' });
    expect([again.status, again.body.fieldErrors.id]).toEqual([409, [ASSET_MSG.idTaken]]);
    const bad = await call('POST', '/api/assets', { ...body, id: 'nope' });
    expect([bad.status, bad.body.fieldErrors.id]).toEqual([400, ['id must be a UUID']]);
    expect(await count('assets')).toBe(before);
    expect(await count(`asset_changes where asset_id = '${id}'`)).toBe(1);
  });
});
