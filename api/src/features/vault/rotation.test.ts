/**
 * Key rotation round trip: secrets written by the running app are re-encrypted under a
 * new key by rotateVaultKey (what `npm run vault:rotate-key` runs), also when the rotation is
 * interrupted half-way and resumed, while the app keeps serving reveals and writes. Old keys leave
 * the key file only when nothing uses them; a tampered secret stops that (old keys kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { VaultEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { storedKeyId } from './crypto';
import { KEY_FILE_NAME, readKeyFile, vaultKey } from '../../lib/vault-keys';
import { rotateVaultKey } from './rotation';
import { legacyV1 } from './vault.testkit';


let t: TestApp;

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}
let token: string;
const entries: { id: string; wifi: string; nasId: string; nas: string }[] = [];

async function createEntry(i: number) {
  const wifi = `wifi-secret-${i}`;
  const nas = `nas-secret-${i}`;
  const res = await t.request<VaultEntry>('POST', '/api/vault', {
    token,
    body: { businessName: `Rotate ${i}`, wifiPassword: wifi, routerPassword: `router-${i}`, endpoints: [{ name: 'NAS', password: nas }] },
  });
  expect(res.status, res.text).toBe(201);
  entries.push({ id: res.body.id, wifi, nasId: res.body.endpoints[0]!.id, nas });
}

async function reveal(id: string, body: object): Promise<{ status: number; value?: string }> {
  const res = await t.request('POST', `/api/vault/${id}/reveal`, { token, body });
  return { status: res.status, value: res.body?.value };
}

/** Key ids used by every stored secret. */
async function storedKeyIds(): Promise<string[]> {
  const r = await rowsOf<{ wifi_password: string | null; router_password: string | null; endpoints: { password: string | null }[] }>(
    sql`select wifi_password, router_password, endpoints from customer_vault`,
  );
  return r.flatMap((row) => [row.wifi_password, row.router_password, ...row.endpoints.map((e) => e.password)].filter((v): v is string => v !== null).map((v) => storedKeyId(v)!));
}

async function expectAllReadable() {
  for (const e of entries) {
    expect(await reveal(e.id, { field: 'wifiPassword' })).toEqual({ status: 200, value: e.wifi });
    expect(await reveal(e.id, { field: 'endpointPassword', endpointId: e.nasId })).toEqual({ status: 200, value: e.nas });
  }
}

const keyFile = () => path.join(t.config.dataDir, KEY_FILE_NAME);

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.loginAs('technician')).token;
  for (let i = 0; i < 6; i += 1) await createEntry(i);
});
afterAll(() => t.close());

describe('rotateVaultKey (key file mode)', () => {
  it('survives a stop half-way, resumes, and ends with every secret under the new key and only that key in the file', async () => {
    const oldId = readKeyFile(keyFile())!.current.id;
    expect(new Set(await storedKeyIds())).toEqual(new Set([oldId]));
    const newKey = randomBytes(32);
    const newId = vaultKey(newKey).id;

    // 1. Interrupted after 2 entries: both keys in the file, a mix of key ids in the database.
    await expect(rotateVaultKey({ db: t.db, config: t.config, graceMs: 0, batchSize: 2, newKey, crashAfterEntries: 2 })).rejects.toThrow(/interrupted/);
    const midFile = readKeyFile(keyFile())!;
    expect(midFile.keys.map((k) => k.id)).toEqual([newId, oldId]);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    const mid = await storedKeyIds();
    expect(mid.filter((id) => id === newId)).toHaveLength(2 * 3);
    expect(mid.filter((id) => id === oldId).length).toBeGreaterThan(0);

    // The running app reads both and already writes with the new key (it reloaded the file).
    await expectAllReadable();
    await createEntry(100);
    const r = await rowsOf<{ wifi_password: string }>(sql`select wifi_password from customer_vault where id = ${entries.at(-1)!.id}`);
    expect(storedKeyId(r[0]!.wifi_password)).toBe(newId);
    // An edit made mid-rotation keeps the other secrets readable: it re-seals all of the entry's
    // secrets for its new version, under the new key.
    await t.request('PATCH', `/api/vault/${entries[5]!.id}`, { token, body: { wifiPassword: 'changed-mid-rotation' } });
    entries[5]!.wifi = 'changed-mid-rotation';
    const edited = await rowsOf<{ router_password: string; endpoints: { password: string }[] }>(sql`select router_password, endpoints from customer_vault where id = ${entries[5]!.id}`);
    expect([edited[0]!.router_password, edited[0]!.endpoints[0]!.password].map((v) => v.split(':').slice(0, 3).join(':'))).toEqual([`v2:${newId}:2`, `v2:${newId}:2`]);
    // Entries still under the old key: 7 minus the 2 rotated, the new one and the edited one (unless it was among the 2).
    const left = await rowsOf<{ n: number }>(sql`select count(*)::int as n from customer_vault where router_password like ${`v2:${oldId}:%`}`);
    expect([3, 4]).toContain(left[0]!.n);

    // 2. Resume: no new key, finishes, drops the old key.
    const lines: string[] = [];
    const report = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0, batchSize: 2, log: (l) => lines.push(l) });
    expect(report).toMatchObject({ keyId: newId, mode: 'file', startedNewRotation: false, failures: [], oldKeysRemoved: true, oldKeyIds: [] });
    expect(report.entriesRewritten).toBe(left[0]!.n);
    expect(lines[0]).toMatch(/Resuming/);
    expect(new Set(await storedKeyIds())).toEqual(new Set([newId]));
    expect(readKeyFile(keyFile())!.keys.map((k) => k.id)).toEqual([newId]);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    for (const line of lines) expect(line).not.toMatch(/secret-/);

    // 3. Round trip: every value reads back unchanged with only the new key; versions untouched.
    await expectAllReadable();
    const versions = await rowsOf<{ version: number }>(sql`select version from customer_vault where business_name = 'Rotate 0'`);
    expect(versions[0]!.version).toBe(1);
  });

  it('a tampered secret under the old key is reported and the old key is kept', async () => {
    const before = readKeyFile(keyFile())!.current.id;
    const victim = entries[0]!;
    const report1 = rotateVaultKey({ db: t.db, config: t.config, graceMs: 0, crashAfterEntries: 1 });
    await expect(report1).rejects.toThrow(/interrupted/);
    const newId = readKeyFile(keyFile())!.current.id;
    expect(newId).not.toBe(before);
    // Find an entry still under the old key and flip a byte of its router password.
    const r = await rowsOf<{ id: string; router_password: string }>(
      sql`select id, router_password from customer_vault where router_password like ${`v2:${before}:%`} order by id limit 1`,
    );
    const row = r[0]!;
    const [v, id, version, b64] = row.router_password.split(':') as [string, string, string, string];
    const blob = Buffer.from(b64, 'base64url');
    blob[0]! ^= 1;
    await t.db.execute(sql`update customer_vault set router_password = ${`${v}:${id}:${version}:${blob.toString('base64url')}`} where id = ${row.id}`);

    const report = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0 });
    expect(report.failures).toEqual([{ entryId: row.id, field: 'routerPassword', endpointId: null, reason: 'auth_failed' }]);
    expect(report.oldKeysRemoved).toBe(false);
    expect(readKeyFile(keyFile())!.keys.map((k) => k.id)).toEqual([newId, before]);
    // Everything else moved and still reads.
    for (const e of entries) expect((await reveal(e.id, { field: 'wifiPassword' })).value).toBe(e.wifi);
    expect(victim).toBeDefined();

    // Once the broken secret is re-entered, the next run finishes and drops the old key.
    await t.request('PATCH', `/api/vault/${row.id}`, { token, body: { routerPassword: 're-entered' } });
    const done = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0 });
    expect(done).toMatchObject({ failures: [], oldKeysRemoved: true });
    expect(readKeyFile(keyFile())!.keys.map((k) => k.id)).toEqual([newId]);
  });
});

describe('rotateVaultKey and values stored before version binding (v1)', () => {
  it('rewrites them as v2 bound to the entry version; afterwards the old v1 ciphertext put back no longer opens', async () => {
    const target = entries[1]!;
    const legacy = legacyV1(t, target.id, 'wifiPassword', 'Legacy-V1-Secret');
    await t.db.execute(sql`update customer_vault set wifi_password = ${legacy} where id = ${target.id}`);
    target.wifi = 'Legacy-V1-Secret';
    const [before] = await rowsOf<{ version: number }>(sql`select version from customer_vault where id = ${target.id}`);
    expect((await reveal(target.id, { field: 'wifiPassword' })).value).toBe('Legacy-V1-Secret');

    const report = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0 });
    expect(report).toMatchObject({ failures: [], oldKeysRemoved: true });
    const [row] = await rowsOf<{ wifi_password: string; version: number }>(sql`select wifi_password, version from customer_vault where id = ${target.id}`);
    expect(row!.version).toBe(before!.version);
    expect(row!.wifi_password).toMatch(new RegExp(`^v2:${report.keyId}:${before!.version}:`));
    const all = await rowsOf<{ wifi_password: string | null; router_password: string | null }>(sql`select wifi_password, router_password from customer_vault`);
    expect(all.flatMap((r) => [r.wifi_password, r.router_password]).filter((v) => v !== null && !v.startsWith(`v2:${report.keyId}:`))).toEqual([]);
    await expectAllReadable();

    // The v1 value from before (a backup, the WAL) put back: its key left with the rotation.
    await t.db.execute(sql`update customer_vault set wifi_password = ${legacy} where id = ${target.id}`);
    expect((await reveal(target.id, { field: 'wifiPassword' })).status).toBe(500);
    expect(t.logger.entries.filter((e) => e.level === 'error').at(-1)).toMatchObject({ data: { entryId: target.id, reason: 'unknown_key' } });
    const fixed = await t.request('PATCH', `/api/vault/${target.id}`, { token, body: { wifiPassword: 're-entered' } });
    expect(fixed.status, fixed.text).toBe(200);
    target.wifi = 're-entered';
  });
});

describe('rotateVaultKey (VAULT_KEY mode)', () => {
  it('re-encrypts everything under VAULT_KEY using the key file and VAULT_PREVIOUS_KEYS as old keys', async () => {
    const envKey = randomBytes(32);
    const report = await rotateVaultKey({ db: t.db, config: { ...t.config, vaultKey: envKey, vaultPreviousKeys: [] }, graceMs: 0 });
    expect(report).toMatchObject({ mode: 'env', keyId: vaultKey(envKey).id, failures: [], oldKeysRemoved: false });
    expect(new Set(await storedKeyIds())).toEqual(new Set([vaultKey(envKey).id]));
    // The key file is not touched in env mode.
    expect(readKeyFile(keyFile())!.keys).toHaveLength(1);
  });
});
