/**
 * Warranty alerts (issue 53 item 6): 30 days before an asset's warranty ends, one e-mail per
 * notification recipient, once per asset and warranty end date even when two API processes sweep at
 * the same moment (PostgreSQL: two apps on one database); a new end date alerts again; retired assets
 * and ended warranties never; the "Warranty ending" filter lists them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetPage, Client } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { allJobs, configureNotifications } from '../../test/notify';
import { sweepWarrantyAlerts } from './port';

let t: TestApp;
let other: TestApp | undefined;
let tech = '';
beforeAll(async () => {
  t = await startTestApp();
  if (t.databaseUrl) other = await startTestApp({ attachTo: t.databaseUrl });
  tech = (await t.loginAs('technician')).token;
  const admin = await t.loginAs('admin');
  await configureNotifications(t, admin.token, { emails: ['ops@example.com', 'boss@example.com'] });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const sweepTwice = (now: Date) => Promise.all([sweepWarrantyAlerts(t.db, now), sweepWarrantyAlerts((other ?? t).db, now)]);
const warrantyJobs = async () => (await allJobs(t.db)).filter((j) => j.kind === 'asset_warranty_email');

describe('warranty alerts', () => {
  it('alerts 30 days before the end, once per asset and date across processes; again for a new date; never for retired assets', async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Acme Dental' } })).body;
    const asset = async (body: Record<string, unknown>) => (await t.request<Asset>('POST', '/api/assets', { token: tech, body: { clientId: client.id, type: 'laptop', ...body } })).body;
    const a = await asset({ name: 'Dana laptop', assetTag: 'LT-1', warrantyEnd: '2026-07-15' });
    await asset({ name: 'Old laptop', assetTag: 'LT-2', warrantyEnd: '2026-07-01', status: 'retired' });
    await asset({ name: 'Ended laptop', assetTag: 'LT-3', warrantyEnd: '2026-06-01' });
    await asset({ name: 'New laptop', assetTag: 'LT-4', warrantyEnd: '2028-01-01' });

    expect(await sweepTwice(new Date('2026-06-14T12:00:00Z'))).toEqual([0, 0]); // 31 days before
    const first = await sweepTwice(new Date('2026-06-15T08:00:00Z')); // 30 days before
    expect(first.reduce((x, y) => x + y)).toBe(1);
    expect((await warrantyJobs()).map((j) => [j.recipient, j.summary]).sort()).toEqual([
      ['boss@example.com', 'Warranty ending: LT-1 Dana laptop'],
      ['ops@example.com', 'Warranty ending: LT-1 Dana laptop'],
    ]);
    expect(await sweepTwice(new Date('2026-06-20T08:00:00Z'))).toEqual([0, 0]);

    const ending = (await t.request<AssetPage>('GET', '/api/assets?warrantyBefore=2026-07-15&status=active', { token: tech })).body.items.map((x) => x.assetTag);
    expect(ending).toEqual(['LT-1', 'LT-3']); // name order: Dana laptop, Ended laptop

    // An extended warranty ending on a new date alerts again, once.
    await t.request('PATCH', `/api/assets/${a.id}`, { token: tech, body: { warrantyEnd: '2026-07-20' } });
    expect((await sweepTwice(new Date('2026-06-21T08:00:00Z'))).reduce((x, y) => x + y)).toBe(1);
    expect(await sweepTwice(new Date('2026-06-22T08:00:00Z'))).toEqual([0, 0]);
    expect(await warrantyJobs()).toHaveLength(4);
  });
});
