/**
 * Customer Vault reveals over HTTP against a real database ("Done when"): a reveal writes
 * exactly one audit row, the audit is admin only, reveals are rate limited, and tampered
 * ciphertext fails closed with no audit row and no secret in the log.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type VaultAuditEntry } from '@portal/shared';
import { ENDPOINT_SECRET, SECRETS, expectNoSecret, fullBody, legacyV1, useVaultApp } from './vault.testkit';
import { REVEAL_LIMIT } from './routes';

const v = useVaultApp();

describe('reveal and the audit', () => {
  it('reveals one secret and writes exactly one audit row (user, entry, field, time, IP)', async () => {
    const entry = await v.create(fullBody('Reveal Co'));
    const before = await v.countRows('vault_reveals');
    v.t.clock.advance(60_000);
    const res = await v.t.request('POST', `/api/vault/${entry.id}/reveal`, {
      token: v.tech.token,
      body: { field: 'wifiPassword' },
      headers: { 'user-agent': 'vault-test-agent' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ field: 'wifiPassword', endpointId: null, value: SECRETS.wifiPassword });
    expect(await v.countRows('vault_reveals')).toBe(before + 1);

    const audit = await v.t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entry.id}`, { token: v.admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual([
      {
        id: expect.any(String),
        entryId: entry.id,
        businessName: 'Reveal Co',
        userId: v.tech.id,
        username: 'vault-tech',
        field: 'wifiPassword',
        endpointId: null,
        endpointName: null,
        ip: expect.stringMatching(/127\.0\.0\.1$/),
        userAgent: 'vault-test-agent',
        createdAt: v.t.clock.now().toISOString(),
        source: 'online',
        deviceName: null,
        receivedAt: null,
        deviceRevoked: false,
        fieldCount: null,
      },
    ]);
    expectNoSecret(audit.text);
  });

  it('reveals an endpoint password and each account number', async () => {
    const entry = await v.create(fullBody('Endpoint Reveal'));
    const nas = entry.endpoints[0]!;
    const res = await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.admin.token, body: { field: 'endpointPassword', endpointId: nas.id } });
    expect(res.body).toEqual({ field: 'endpointPassword', endpointId: nas.id, value: ENDPOINT_SECRET });
    v.t.clock.advance(1000);
    const acct = await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body: { field: 'ispAccountNumber' } });
    expect(acct.body.value).toBe(SECRETS.ispAccountNumber);
    const audit = await v.t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entry.id}`, { token: v.admin.token });
    expect(audit.body.map((a) => [a.field, a.endpointName, a.username])).toEqual([
      ['ispAccountNumber', null, 'vault-tech'],
      ['endpointPassword', 'NAS', 'vault-admin'],
    ]);
  });

  it('a missing value, endpoint or entry answers 404 and writes no audit row', async () => {
    const entry = await v.create({ businessName: 'Nothing Stored', endpoints: [{ name: 'Open AP' }] });
    const before = await v.countRows('vault_reveals');
    const cases = [
      { field: 'wifiPassword' },
      { field: 'endpointPassword', endpointId: entry.endpoints[0]!.id },
      { field: 'endpointPassword', endpointId: crypto.randomUUID() },
    ];
    for (const body of cases) expect((await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body })).status).toBe(404);
    expect((await v.t.request('POST', `/api/vault/${crypto.randomUUID()}/reveal`, { token: v.tech.token, body: { field: 'wifiPassword' } })).status).toBe(404);
    expect((await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body: { field: 'notes' } })).status).toBe(400);
    expect(await v.countRows('vault_reveals')).toBe(before);
  });

  it('the audit is admin only and pages with `before`', async () => {
    expect((await v.t.request('GET', '/api/vault/audit', { token: v.tech.token })).status).toBe(403);
    const all = await v.t.request<VaultAuditEntry[]>('GET', '/api/vault/audit?limit=200', { token: v.admin.token });
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const times = all.body.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const older = await v.t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?before=${encodeURIComponent(all.body[0]!.createdAt)}`, { token: v.admin.token });
    expect(older.body.every((a) => a.createdAt < all.body[0]!.createdAt)).toBe(true);
  });
});

describe('values stored before version binding (v1)', () => {
  it('still reveal, and the next edit of the entry rewrites every secret bound to the new version', async () => {
    const entry = await v.create(fullBody('Legacy Co'));
    await v.t.db.execute(sql`update customer_vault set wifi_password = ${legacyV1(v.t, entry.id, 'wifiPassword', 'Legacy-V1-Secret')} where id = ${entry.id}`);
    const reveal = () => v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body: { field: 'wifiPassword' } });
    expect((await reveal()).body).toMatchObject({ value: 'Legacy-V1-Secret' });
    expect((await v.t.request('PATCH', `/api/vault/${entry.id}`, { token: v.tech.token, body: { contactName: 'New Contact' } })).body.version).toBe(2);
    const [row] = await v.rowsOf<{ wifi_password: string; router_password: string }>(sql`select wifi_password, router_password from customer_vault where id = ${entry.id}`);
    expect(row!.wifi_password).toMatch(/^v2:[A-Za-z0-9_-]{12}:2:/);
    expect(row!.router_password).toMatch(/^v2:[A-Za-z0-9_-]{12}:2:/);
    expect((await reveal()).body).toMatchObject({ value: 'Legacy-V1-Secret' });
  });
});

describe('reveal rate limit', () => {
  it(`refuses more than ${REVEAL_LIMIT.points} reveals per user in 10 minutes with 429 and a warning`, async () => {
    const burst = await v.t.loginAs('technician', { username: 'vault-burst' });
    const entry = await v.create(fullBody('Burst Co'), burst.token);
    const reveal = () => v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: burst.token, body: { field: 'routerPassword' } });
    for (let i = 0; i < REVEAL_LIMIT.points; i += 1) expect((await reveal()).status).toBe(200);
    const refused = await reveal();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(v.t.logger.entries.some((e) => e.msg === 'vault reveal limit reached' && e.data?.username === 'vault-burst')).toBe(true);
    // Other users are not affected.
    expect((await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body: { field: 'routerPassword' } })).status).toBe(200);
  });
});

describe('tampered ciphertext fails closed', () => {
  async function revealAfter(mutation: (entryId: string, otherId: string) => Promise<unknown>) {
    const entry = await v.create(fullBody('Tamper Target'));
    const other = await v.create(fullBody('Tamper Source'));
    await mutation(entry.id, other.id);
    const before = await v.countRows('vault_reveals');
    const errorsBefore = v.t.logger.entries.filter((e) => e.level === 'error').length;
    const res = await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body: { field: 'routerPassword' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'integrity_failed', message: MSG.vaultIntegrityFailed });
    expect(await v.countRows('vault_reveals')).toBe(before);
    const logged = v.t.logger.entries.filter((e) => e.level === 'error').slice(errorsBefore);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'vault secret failed its integrity check', data: { entryId: entry.id, field: 'routerPassword' } });
    return logged[0]!.data!;
  }

  it('one changed byte', async () => {
    const data = await revealAfter(async (id) => {
      const r = await v.rowsOf<{ v: string }>(sql`select router_password as v from customer_vault where id = ${id}`);
      const stored = r[0]!.v;
      const blob = Buffer.from(stored.split(':')[3]!, 'base64url');
      blob[blob.length - 20]! ^= 0x01;
      const tampered = `${stored.split(':').slice(0, 3).join(':')}:${blob.toString('base64url')}`;
      await v.t.db.execute(sql`update customer_vault set router_password = ${tampered} where id = ${id}`);
    });
    expect(data.reason).toBe('auth_failed');
  });

  it('a ciphertext copied from another entry (associated data)', async () => {
    const data = await revealAfter((id, otherId) =>
      v.t.db.execute(sql`update customer_vault set router_password = (select router_password from customer_vault where id = ${otherId}) where id = ${id}`),
    );
    expect(data.reason).toBe('auth_failed');
  });

  it('a ciphertext moved to another field of the same entry', async () => {
    const data = await revealAfter((id) => v.t.db.execute(sql`update customer_vault set router_password = domain_password where id = ${id}`));
    expect(data.reason).toBe('auth_failed');
  });

  it('an older ciphertext of the same field put back with SQL after an update (rollback)', async () => {
    const data = await revealAfter(async (id) => {
      const [old] = await v.rowsOf<{ v: string }>(sql`select router_password as v from customer_vault where id = ${id}`);
      const res = await v.t.request('PATCH', `/api/vault/${id}`, { token: v.tech.token, body: { routerPassword: 'R0llback-Newer-Pw' } });
      expect(res.status, res.text).toBe(200);
      await v.t.db.execute(sql`update customer_vault set router_password = ${old!.v} where id = ${id}`);
    });
    expect(data.reason).toBe('rollback');
  });

  it('an older ciphertext put back after an edit of another field (every secret moves with the entry version)', async () => {
    const data = await revealAfter(async (id) => {
      const [old] = await v.rowsOf<{ v: string }>(sql`select router_password as v from customer_vault where id = ${id}`);
      expect((await v.t.request('PATCH', `/api/vault/${id}`, { token: v.tech.token, body: { contactName: 'Someone Else' } })).status).toBe(200);
      expect((await v.t.request('POST', `/api/vault/${id}/reveal`, { token: v.tech.token, body: { field: 'routerPassword' } })).body.value).toBe(SECRETS.routerPassword);
      await v.t.db.execute(sql`update customer_vault set router_password = ${old!.v} where id = ${id}`);
    });
    expect(data.reason).toBe('rollback');
  });

  it('an unknown key id', async () => {
    const data = await revealAfter((id) =>
      v.t.db.execute(sql`update customer_vault set router_password = regexp_replace(router_password, '^v2:[^:]+:', 'v2:AAAAAAAAAAAA:') where id = ${id}`),
    );
    expect(data).toMatchObject({ reason: 'unknown_key', keyId: 'AAAAAAAAAAAA' });
  });

  it('a truncated value', async () => {
    const data = await revealAfter((id) => v.t.db.execute(sql`update customer_vault set router_password = 'v1:AAAAAAAAAAAA:AAAA' where id = ${id}`));
    expect(data.reason).toBe('unknown_key');
  });
});
