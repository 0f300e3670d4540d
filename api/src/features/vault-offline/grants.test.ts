/**
 * A device grant is an export of the vault (README "Customer Vault offline"): a technician's grant
 * waits for an administrator (the feed sends nothing meanwhile), grants are limited per user per
 * day (also under a burst), every feed page that carries secrets is audited per entry (Reveal
 * History, the admin's device list), and offline reveal reports are accepted only for entries the
 * device received, under a rate limit. The approval policy's step-up seam is checked as a unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { VaultAuditEntry, VaultBundlePage, VaultDevice, VaultDeviceGrant, VaultEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { STEP_UP_FRESH_MS, grantApproval } from './approval';

let t: TestApp;
let tech: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let entry: VaultEntry;
let other: VaultEntry;

const grantRes = (token: string, deviceName = 'Pixel 8') => t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token, body: { deviceName } });
const feed = (id: string, token = tech.token) => t.request<VaultBundlePage>('GET', `/api/vault-devices/${id}/secrets?since=0`, { token });
const devices = async () => (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token })).body;
const audit = async (entryId: string) => (await t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entryId}`, { token: admin.token })).body;
const report = (id: string, entryId: string, token = tech.token) =>
  t.request('POST', `/api/vault-devices/${id}/reveals`, {
    token,
    body: { entryId, field: 'wifiPassword', revealedAt: t.clock.now().toISOString(), businessName: 'X' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

/** "Confirm it's you" with the password (these users have no second factor): fresh for 15 minutes. */
const stepUp = async (u: { token: string; password: string }) =>
  expect((await t.request('POST', '/api/auth/2fa/step-up', { token: u.token, body: { password: u.password } })).status).toBe(200);

beforeAll(async () => {
  t = await startTestApp({ env: { VAULT_DEVICE_GRANTS_PER_DAY: '2' }, rateLimits: { vaultOfflineReport: { points: 3, durationSec: 600 } } });
  tech = await t.loginAs('technician', { username: 'grant-tech' });
  admin = await t.loginAs('admin', { username: 'grant-admin' });
  const create = async (businessName: string, body: object) =>
    (await t.request<VaultEntry>('POST', '/api/vault', { token: admin.token, body: { businessName, ...body } })).body;
  entry = await create('Export Bistro', { wifiPassword: 'Export-Wifi-1', routerPassword: 'Export-Router-1', endpoints: [{ name: 'NAS', password: 'Export-Nas-1' }] });
  other = await create('No Secrets Inc', {});
});
afterAll(() => t.close());

describe('offline vault grants', () => {
  it("a technician's grant waits for an administrator; approved, each page is audited as a reveal of every secret it carried", async () => {
    const g = (await grantRes(tech.token)).body;
    expect(g.device).toMatchObject({ status: 'pending', approvedAt: null });
    const waiting = await feed(g.device.id);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ pending: true, items: [], deleted: [] });
    expect(await audit(entry.id)).toEqual([]);
    expect((await t.request('POST', `/api/vault-devices/${g.device.id}/approve`, { token: tech.token })).status).toBe(403);

    const approved = await t.request<VaultDevice>('POST', `/api/vault-devices/${g.device.id}/approve`, { token: admin.token });
    expect(approved.body).toMatchObject({ status: 'active', approvedByName: 'grant-admin' });
    expect((await t.request('POST', `/api/vault-devices/${g.device.id}/approve`, { token: admin.token })).status).toBe(409);
    const page = await feed(g.device.id);
    expect(page.body.pending).toBe(false);
    expect(page.body.items.map((i) => i.entryId)).toContain(entry.id);

    const rows = (await audit(entry.id)).filter((a) => a.source === 'device');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'grant-tech', field: 'bundle', fieldCount: 3, deviceName: 'Pixel 8', ip: '127.0.0.1' });
    expect(await audit(other.id)).toEqual([]); // nothing secret was sent for it
    const listed = (await devices()).find((d) => d.id === g.device.id)!;
    expect(listed.delivered).toMatchObject({ entries: 1, secrets: 3, pages: 1 });
    expect(listed.delivered.lastAt).not.toBeNull();
  });

  it('grants per user per day are limited, also under a burst; the window slides', async () => {
    const u = await t.loginAs('technician', { username: 'burst-tech' });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => grantRes(u.token, `Phone ${i}`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.body).toMatchObject({ code: 'rate_limited' });
    expect(t.logger.entries.some((e) => e.msg === 'offline vault grant limit reached')).toBe(true);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await grantRes(u.token)).status).toBe(403); // the sign-in's step-up is a day old
    await stepUp(u);
    expect((await grantRes(u.token)).status).toBe(201);
  });

  it("an admin's own grant and VAULT_DEVICE_APPROVAL=none are active at once; a fresh second factor satisfies the policy", async () => {
    await stepUp(admin);
    expect((await grantRes(admin.token, 'Admin laptop')).body.device.status).toBe('active');
    const open = await startTestApp({ env: { VAULT_DEVICE_APPROVAL: 'none' } });
    try {
      const u = await open.loginAs('technician');
      expect((await open.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token: u.token, body: { deviceName: 'P' } })).body.device.status).toBe('active');
    } finally {
      await open.close();
    }
    const now = new Date('2026-01-01T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms);
    expect(grantApproval({ policy: 'admin', role: 'technician', stepUpAt: null, now })).toBe('pending');
    expect(grantApproval({ policy: 'admin', role: 'technician', stepUpAt: at(60_000), now })).toBe('step_up');
    expect(grantApproval({ policy: 'admin', role: 'technician', stepUpAt: at(STEP_UP_FRESH_MS + 1), now })).toBe('pending');
  });

  it('offline reveal reports: only for entries the device received (else 400, logged), and rate limited', async () => {
    const u = await t.loginAs('technician', { username: 'report-tech' });
    const g = (await grantRes(u.token)).body;
    await t.request('POST', `/api/vault-devices/${g.device.id}/approve`, { token: admin.token });
    const unknown = await report(g.device.id, entry.id, u.token); // not synced yet: nothing received
    expect(unknown.status).toBe(400);
    expect(t.logger.entries.find((e) => e.msg === 'offline reveal report for an entry the device never received')?.data).toMatchObject({ deviceId: g.device.id, entryId: entry.id });
    expect((await feed(g.device.id, u.token)).status).toBe(200);
    expect((await report(g.device.id, randomUUID(), u.token)).status).toBe(400);
    expect((await report(g.device.id, entry.id, u.token)).status).toBe(201);
    expect((await report(g.device.id, entry.id, u.token)).status).toBe(429); // 3 reports in the window
  });
});
