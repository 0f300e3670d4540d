/**
 * Customer Vault API over HTTP against a real database (issue 13 "Done when"): validation messages,
 * no secret in list/search/detail/error bodies or in ANY log line (the logger is captured for the
 * whole file), the stored columns are ciphertext (read with SQL), tampered ciphertext fails closed,
 * a reveal writes exactly one audit row, edits keep or replace secrets as asked, delete leaves a
 * tombstone for the offline index's delta sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MSG, type VaultAuditEntry, type VaultDeltaPage, type VaultEntry, type VaultIndexEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { REVEAL_LIMIT } from './routes';


let t: TestApp;

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}
let tech: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;

/** Every secret typed in this file: none may ever appear outside a reveal answer. */
const SECRETS = {
  domainPassword: 'Dom41n-S3cret!',
  hostingPassword: 'H0sting-S3cret!',
  wifiPassword: 'W1fi;Pass,Word"',
  routerPassword: 'R0uter-S3cret!',
  ispAccountNumber: 'ISP-ACCT-778899',
  phoneAccountNumber: 'PHONE-ACCT-112233',
};
const ENDPOINT_SECRET = 'Nas-Adm1n-Pw!';
const LATER_SECRETS = ['New-W1fi-Pass-2', 'Endpoint-Pw-Two', 'Explode-S3cret', 'Malformed-S3cret', 'Too-Long-S3cret'];
const ALL_SECRETS = [...Object.values(SECRETS), ENDPOINT_SECRET, ...LATER_SECRETS];

const fullBody = (businessName = 'Acme Dental') => ({
  businessName,
  contactName: 'Dana Smith',
  contactEmail: 'dana@acme.test',
  contactPhone: '+1 (555) 010-2000',
  address: '12 Main St, Springfield',
  domainRegistrar: 'Namecheap',
  domainUsername: 'acme-dns-user',
  hostingProvider: 'DigitalOcean',
  hostingUsername: 'acme-host-user',
  wifiSsid: 'Acme-Office',
  routerUsername: 'admin',
  staticIp: '203.0.113.10',
  ispProvider: 'Comcast Business',
  phoneProvider: 'RingCentral',
  notes: 'Alarm code is with the office manager.',
  ...SECRETS,
  endpoints: [
    { name: 'NAS', url: 'https://nas.acme.test:5001', username: 'nasadmin', password: ENDPOINT_SECRET },
    { name: 'Printer', url: '192.168.1.50' },
  ],
});

const expectNoSecret = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const s of ALL_SECRETS) expect(text).not.toContain(s);
};

async function create(body: object = fullBody(), token = tech.token) {
  const res = await t.request<VaultEntry>('POST', '/api/vault', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function countRows(table: 'customer_vault' | 'vault_reveals'): Promise<number> {
  const r = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return r[0]!.n;
}

beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician', { username: 'vault-tech' });
  admin = await t.loginAs('admin', { username: 'vault-admin' });
});
afterAll(async () => {
  // Nothing in this whole file may have logged a secret (issue 13: capture the logger).
  expectNoSecret(t.logger.entries);
  await t.close();
});

describe('create, list, search, view', () => {
  it('creates an entry: 201 with every non-secret field and has-flags, no secret value', async () => {
    const entry = await create();
    expectNoSecret(entry);
    expect(entry).toMatchObject({
      businessName: 'Acme Dental',
      domainUsername: 'acme-dns-user',
      notes: 'Alarm code is with the office manager.',
      hasDomainPassword: true,
      hasHostingPassword: true,
      hasWifiPassword: true,
      hasRouterPassword: true,
      hasIspAccountNumber: true,
      hasPhoneAccountNumber: true,
      version: 1,
      createdByName: 'vault-tech',
    });
    expect(entry.endpoints).toEqual([
      { id: expect.any(String), name: 'NAS', url: 'https://nas.acme.test:5001', username: 'nasadmin', hasPassword: true },
      { id: expect.any(String), name: 'Printer', url: '192.168.1.50', username: null, hasPassword: false },
    ]);
    const view = await t.request<VaultEntry>('GET', `/api/vault/${entry.id}`, { token: tech.token });
    expect(view.status).toBe(200);
    expect(view.body).toEqual(entry);
    expectNoSecret(view.text);
  });

  it('lists and searches the index: no secret, no username, no notes; sorted by business name', async () => {
    await create({ businessName: 'zeta Books', contactEmail: '' });
    await create({ businessName: 'Beta 100% Bikes', contactName: 'Bob_Ross' });
    const all = await t.request<VaultIndexEntry[]>('GET', '/api/vault', { token: tech.token });
    expect(all.status).toBe(200);
    expectNoSecret(all.text);
    expect(all.text).not.toContain('acme-dns-user');
    expect(all.text).not.toContain('Alarm code');
    expect(all.body.map((e) => e.businessName)).toEqual(['Acme Dental', 'Beta 100% Bikes', 'zeta Books']);
    const acme = all.body[0]!;
    expect(Object.keys(acme).sort()).toEqual(
      [
        'address',
        'businessName',
        'contactEmail',
        'contactName',
        'contactPhone',
        'endpoints',
        'hasDomainPassword',
        'hasHostingPassword',
        'hasIspAccountNumber',
        'hasPhoneAccountNumber',
        'hasRouterPassword',
        'hasWifiPassword',
        'id',
        'ispProvider',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(acme.endpoints).toEqual([
      { id: expect.any(String), name: 'NAS', url: 'https://nas.acme.test:5001', hasPassword: true },
      { id: expect.any(String), name: 'Printer', url: '192.168.1.50', hasPassword: false },
    ]);

    const search = async (q: string) =>
      (await t.request<VaultIndexEntry[]>('GET', `/api/vault?q=${encodeURIComponent(q)}`, { token: tech.token })).body.map((e) => e.businessName);
    expect(await search('dental')).toEqual(['Acme Dental']);
    expect(await search('DANA')).toEqual(['Acme Dental']);
    expect(await search('acme.test')).toEqual(['Acme Dental']);
    expect(await search('100%')).toEqual(['Beta 100% Bikes']);
    expect(await search('B_b')).toEqual([]); // `_` is literal, not a wildcard
    expect(await search('Bob_')).toEqual(['Beta 100% Bikes']);
    // Secrets and usernames are not searchable.
    expect(await search(SECRETS.wifiPassword)).toEqual([]);
    expect(await search('acme-dns-user')).toEqual([]);
  });

  it('stores secrets as AES-GCM ciphertext with a key id prefix (read with SQL)', async () => {
    const entry = await create(fullBody('Cipher Check'));
    const r = await rowsOf<Record<string, unknown>>(sql`select * from customer_vault where id = ${entry.id}`);
    const row = r[0]!;
    for (const column of ['domain_password', 'hosting_password', 'wifi_password', 'router_password', 'isp_account_number', 'phone_account_number']) {
      expect(row[column]).toMatch(/^v1:[A-Za-z0-9_-]{12}:[A-Za-z0-9_-]+$/);
    }
    const endpoints = row.endpoints as { password: string | null }[];
    expect(endpoints[0]!.password).toMatch(/^v1:/);
    expect(endpoints[1]!.password).toBeNull();
    expectNoSecret(row);
    // Same plaintext twice -> different ciphertexts (random nonce).
    const other = await create(fullBody('Cipher Check 2'));
    const r2 = await rowsOf<{ wifi_password: string }>(sql`select wifi_password from customer_vault where id = ${other.id}`);
    expect(r2[0]!.wifi_password).not.toBe(row.wifi_password);
  });

  it('the database refuses a plaintext secret (CHECK constraint)', async () => {
    const entry = await create(fullBody('Check Constraint'));
    await expect(t.db.execute(sql`update customer_vault set wifi_password = 'plain text' where id = ${entry.id}`)).rejects.toThrow();
  });
});

describe('validation (SPEC.md 5): 400 with the messages, nothing stored', () => {
  it.each([
    [{}, 'businessName', MSG.vaultBusinessNameRequired],
    [{ businessName: '   ' }, 'businessName', MSG.vaultBusinessNameRequired],
    [{ businessName: 'X', contactEmail: 'not-an-email' }, 'contactEmail', MSG.emailInvalid],
    [{ businessName: 'X', endpoints: [{ name: 'ok' }, { name: ' ' }] }, 'endpoints', MSG.vaultEndpointNameRequired],
    [{ businessName: 'X', endpoints: [{ name: 'x', url: 'javascript:alert(1)' }] }, 'endpoints', MSG.vaultEndpointUrlInvalid],
  ])('%j -> %s', async (body, field, message) => {
    const before = await countRows('customer_vault');
    const res = await t.request('POST', '/api/vault', { token: tech.token, body: { ...body, wifiPassword: 'Too-Long-S3cret' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message, fieldErrors: { [field]: [message] } });
    expectNoSecret(res.text);
    expect(await countRows('customer_vault')).toBe(before);
  });

  it('an empty contact e-mail is fine; a too long secret is refused without echoing it', async () => {
    expect((await t.request('POST', '/api/vault', { token: tech.token, body: { businessName: 'Empty Mail', contactEmail: '' } })).status).toBe(201);
    const res = await t.request('POST', '/api/vault', { token: tech.token, body: { businessName: 'Long', routerPassword: `Too-Long-S3cret${'x'.repeat(1000)}` } });
    expect(res.status).toBe(400);
    expectNoSecret(res.text);
  });

  it('a malformed JSON body with a secret is refused without echoing it', async () => {
    const res = await t.request('POST', '/api/vault', { token: tech.token, body: '{"businessName":"X","wifiPassword":"Malformed-S3cret"' });
    expect(res.status).toBe(400);
    expectNoSecret(res.text);
  });

  it('PATCH validates too and changes nothing on bad input', async () => {
    const entry = await create(fullBody('Patch Validation'));
    const res = await t.request('PATCH', `/api/vault/${entry.id}`, { token: tech.token, body: { businessName: '', contactName: 'Changed' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ businessName: [MSG.vaultBusinessNameRequired] });
    const view = await t.request<VaultEntry>('GET', `/api/vault/${entry.id}`, { token: tech.token });
    expect(view.body.contactName).toBe('Dana Smith');
    expect(view.body.version).toBe(1);
  });
});

describe('reveal and the audit', () => {
  it('reveals one secret and writes exactly one audit row (user, entry, field, time, IP)', async () => {
    const entry = await create(fullBody('Reveal Co'));
    const before = await countRows('vault_reveals');
    t.clock.advance(60_000);
    const res = await t.request('POST', `/api/vault/${entry.id}/reveal`, {
      token: tech.token,
      body: { field: 'wifiPassword' },
      headers: { 'user-agent': 'vault-test-agent' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ field: 'wifiPassword', endpointId: null, value: SECRETS.wifiPassword });
    expect(await countRows('vault_reveals')).toBe(before + 1);

    const audit = await t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entry.id}`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual([
      {
        id: expect.any(String),
        entryId: entry.id,
        businessName: 'Reveal Co',
        userId: tech.id,
        username: 'vault-tech',
        field: 'wifiPassword',
        endpointId: null,
        endpointName: null,
        ip: expect.stringMatching(/127\.0\.0\.1$/),
        userAgent: 'vault-test-agent',
        createdAt: t.clock.now().toISOString(),
        source: 'online',
        deviceName: null,
        receivedAt: null,
        deviceRevoked: false,
      },
    ]);
    expectNoSecret(audit.text);
  });

  it('reveals an endpoint password and each account number', async () => {
    const entry = await create(fullBody('Endpoint Reveal'));
    const nas = entry.endpoints[0]!;
    const res = await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: admin.token, body: { field: 'endpointPassword', endpointId: nas.id } });
    expect(res.body).toEqual({ field: 'endpointPassword', endpointId: nas.id, value: ENDPOINT_SECRET });
    t.clock.advance(1000);
    const acct = await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body: { field: 'ispAccountNumber' } });
    expect(acct.body.value).toBe(SECRETS.ispAccountNumber);
    const audit = await t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entry.id}`, { token: admin.token });
    expect(audit.body.map((a) => [a.field, a.endpointName, a.username])).toEqual([
      ['ispAccountNumber', null, 'vault-tech'],
      ['endpointPassword', 'NAS', 'vault-admin'],
    ]);
  });

  it('a missing value, endpoint or entry answers 404 and writes no audit row', async () => {
    const entry = await create({ businessName: 'Nothing Stored', endpoints: [{ name: 'Open AP' }] });
    const before = await countRows('vault_reveals');
    const cases = [
      { field: 'wifiPassword' },
      { field: 'endpointPassword', endpointId: entry.endpoints[0]!.id },
      { field: 'endpointPassword', endpointId: crypto.randomUUID() },
    ];
    for (const body of cases) expect((await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body })).status).toBe(404);
    expect((await t.request('POST', `/api/vault/${crypto.randomUUID()}/reveal`, { token: tech.token, body: { field: 'wifiPassword' } })).status).toBe(404);
    expect((await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body: { field: 'notes' } })).status).toBe(400);
    expect(await countRows('vault_reveals')).toBe(before);
  });

  it('the audit is admin only and pages with `before`', async () => {
    expect((await t.request('GET', '/api/vault/audit', { token: tech.token })).status).toBe(403);
    const all = await t.request<VaultAuditEntry[]>('GET', '/api/vault/audit?limit=200', { token: admin.token });
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const times = all.body.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const older = await t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?before=${encodeURIComponent(all.body[0]!.createdAt)}`, { token: admin.token });
    expect(older.body.every((a) => a.createdAt < all.body[0]!.createdAt)).toBe(true);
  });
});

describe('reveal rate limit', () => {
  it(`refuses more than ${REVEAL_LIMIT.points} reveals per user in 10 minutes with 429 and a warning`, async () => {
    const burst = await t.loginAs('technician', { username: 'vault-burst' });
    const entry = await create(fullBody('Burst Co'), burst.token);
    const reveal = () => t.request('POST', `/api/vault/${entry.id}/reveal`, { token: burst.token, body: { field: 'routerPassword' } });
    for (let i = 0; i < REVEAL_LIMIT.points; i += 1) expect((await reveal()).status).toBe(200);
    const refused = await reveal();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(t.logger.entries.some((e) => e.msg === 'vault reveal limit reached' && e.data?.username === 'vault-burst')).toBe(true);
    // Other users are not affected.
    expect((await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body: { field: 'routerPassword' } })).status).toBe(200);
  });
});

describe('tampered ciphertext fails closed', () => {
  async function revealAfter(mutation: (entryId: string, otherId: string) => Promise<unknown>) {
    const entry = await create(fullBody('Tamper Target'));
    const other = await create(fullBody('Tamper Source'));
    await mutation(entry.id, other.id);
    const before = await countRows('vault_reveals');
    const errorsBefore = t.logger.entries.filter((e) => e.level === 'error').length;
    const res = await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body: { field: 'routerPassword' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'integrity_failed', message: MSG.vaultIntegrityFailed });
    expect(await countRows('vault_reveals')).toBe(before);
    const logged = t.logger.entries.filter((e) => e.level === 'error').slice(errorsBefore);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'vault secret failed its integrity check', data: { entryId: entry.id, field: 'routerPassword' } });
    return logged[0]!.data!;
  }

  it('one changed byte', async () => {
    const data = await revealAfter(async (id) => {
      const r = await rowsOf<{ v: string }>(sql`select router_password as v from customer_vault where id = ${id}`);
      const stored = r[0]!.v;
      const blob = Buffer.from(stored.split(':')[2]!, 'base64url');
      blob[blob.length - 20]! ^= 0x01;
      const tampered = `${stored.split(':').slice(0, 2).join(':')}:${blob.toString('base64url')}`;
      await t.db.execute(sql`update customer_vault set router_password = ${tampered} where id = ${id}`);
    });
    expect(data.reason).toBe('auth_failed');
  });

  it('a ciphertext copied from another entry (associated data)', async () => {
    const data = await revealAfter((id, otherId) =>
      t.db.execute(sql`update customer_vault set router_password = (select router_password from customer_vault where id = ${otherId}) where id = ${id}`),
    );
    expect(data.reason).toBe('auth_failed');
  });

  it('a ciphertext moved to another field of the same entry', async () => {
    const data = await revealAfter((id) => t.db.execute(sql`update customer_vault set router_password = domain_password where id = ${id}`));
    expect(data.reason).toBe('auth_failed');
  });

  it('an unknown key id', async () => {
    const data = await revealAfter((id) =>
      t.db.execute(sql`update customer_vault set router_password = regexp_replace(router_password, '^v1:[^:]+:', 'v1:AAAAAAAAAAAA:') where id = ${id}`),
    );
    expect(data).toMatchObject({ reason: 'unknown_key', keyId: 'AAAAAAAAAAAA' });
  });

  it('a truncated value', async () => {
    const data = await revealAfter((id) => t.db.execute(sql`update customer_vault set router_password = 'v1:AAAAAAAAAAAA:AAAA' where id = ${id}`));
    expect(data.reason).toBe('unknown_key');
  });
});

describe('edit', () => {
  it('keeps absent secrets, replaces sent ones, clears null ones; endpoints keep their password by id', async () => {
    const entry = await create(fullBody('Edit Co'));
    const [nas, printer] = entry.endpoints;
    t.clock.advance(1000);
    const res = await t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: tech.token,
      body: {
        contactName: 'New Contact',
        address: '',
        wifiPassword: 'New-W1fi-Pass-2',
        routerPassword: null,
        endpoints: [
          { id: nas!.id, name: 'NAS (main)', url: nas!.url, username: 'nasadmin' },
          { id: printer!.id, name: 'Printer', url: printer!.url, password: 'Endpoint-Pw-Two' },
          { name: 'Firewall', url: 'https://fw.acme.test' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expectNoSecret(res.body);
    expect(res.body).toMatchObject({
      contactName: 'New Contact',
      address: null,
      hasWifiPassword: true,
      hasRouterPassword: false,
      hasDomainPassword: true,
      version: 2,
      updatedAt: t.clock.now().toISOString(),
    });
    expect(res.body.endpoints.map((e) => [e.id, e.name, e.hasPassword])).toEqual([
      [nas!.id, 'NAS (main)', true],
      [printer!.id, 'Printer', true],
      [expect.any(String), 'Firewall', false],
    ]);
    const reveal = async (body: object) => (await t.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body })).body.value;
    expect(await reveal({ field: 'wifiPassword' })).toBe('New-W1fi-Pass-2');
    expect(await reveal({ field: 'domainPassword' })).toBe(SECRETS.domainPassword);
    expect(await reveal({ field: 'endpointPassword', endpointId: nas!.id })).toBe(ENDPOINT_SECRET);
    expect(await reveal({ field: 'endpointPassword', endpointId: printer!.id })).toBe('Endpoint-Pw-Two');

    // An existing row that leaves out url/username keeps them (offline edits know only names and URLs).
    const kept = await t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: tech.token,
      body: { endpoints: [{ id: nas!.id, name: 'NAS' }, { id: printer!.id, name: 'Printer', url: printer!.url }] },
    });
    expect(kept.body.endpoints.map((e) => [e.name, e.url, e.username, e.hasPassword])).toEqual([
      ['NAS', nas!.url, 'nasadmin', true],
      ['Printer', printer!.url, null, true],
    ]);

    // Removing an endpoint from the list drops it; unknown ids become new endpoints.
    const dropped = await t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: tech.token,
      body: { endpoints: [{ id: printer!.id, name: 'Printer', url: printer!.url }] },
    });
    expect(dropped.body.endpoints.map((e) => e.name)).toEqual(['Printer']);
    expect(await reveal({ field: 'endpointPassword', endpointId: printer!.id })).toBe('Endpoint-Pw-Two');
  });

  it('a PATCH that changes nothing keeps the version; an unknown id is 404', async () => {
    const entry = await create(fullBody('Same Co'));
    const res = await t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: tech.token,
      body: { contactName: 'Dana Smith', endpoints: entry.endpoints.map(({ id, name, url, username }) => ({ id, name, url, username })) },
    });
    expect(res.body.version).toBe(1);
    expect((await t.request('PATCH', `/api/vault/${crypto.randomUUID()}`, { token: tech.token, body: { notes: 'x' } })).status).toBe(404);
  });

  it('an Idempotency-Key replay creates once and stores no secret with the key', async () => {
    const key = crypto.randomUUID();
    const body = fullBody('Idempotent Co');
    const first = await t.request('POST', '/api/vault', { token: tech.token, body, headers: { 'Idempotency-Key': key } });
    const second = await t.request('POST', '/api/vault', { token: tech.token, body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    const stored = await rowsOf(sql`select * from idempotency_keys where key = ${key}`);
    expectNoSecret(stored);
  });
});

describe('delete (admin) and the delta feed of the offline index', () => {
  it('technicians cannot delete; admins delete for good; the delta feed reports changes and deletions', async () => {
    const start = await t.request<VaultDeltaPage>('GET', '/api/vault?since=0', { token: tech.token });
    expect(start.status).toBe(200);
    expectNoSecret(start.text);
    const cursor = start.body.cursor;

    const entry = await create(fullBody('Delete Me'));
    const keep = await create(fullBody('Keep Me'));
    await t.request('PATCH', `/api/vault/${keep.id}`, { token: tech.token, body: { notes: 'changed' } });
    const delta1 = await t.request<VaultDeltaPage>('GET', `/api/vault?since=${cursor}`, { token: tech.token });
    expect(delta1.body.items.map((e) => e.businessName)).toEqual(['Delete Me', 'Keep Me']);
    expect(delta1.body).toMatchObject({ deleted: [], more: false });
    expectNoSecret(delta1.text);

    expect((await t.request('DELETE', `/api/vault/${entry.id}`, { token: tech.token })).status).toBe(403);
    const del = await t.request('DELETE', `/api/vault/${entry.id}`, { token: admin.token });
    expect(del.status).toBe(204);
    expect((await t.request('GET', `/api/vault/${entry.id}`, { token: tech.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/vault/${entry.id}`, { token: admin.token })).status).toBe(404);
    const gone = await rowsOf(sql`select * from customer_vault where id = ${entry.id}`);
    expect(gone).toHaveLength(0);

    const delta2 = await t.request<VaultDeltaPage>('GET', `/api/vault?since=${delta1.body.cursor}`, { token: tech.token });
    expect(delta2.body).toEqual({ items: [], deleted: [entry.id], cursor: expect.any(String), more: false });
    const delta3 = await t.request<VaultDeltaPage>('GET', `/api/vault?since=${delta2.body.cursor}`, { token: tech.token });
    expect(delta3.body).toEqual({ items: [], deleted: [], cursor: delta2.body.cursor, more: false });
  });

  it('delta pages are bounded: `limit` and `more`', async () => {
    const first = await t.request<VaultDeltaPage>('GET', '/api/vault?since=0&limit=2', { token: tech.token });
    expect(first.body.items.length + first.body.deleted.length).toBe(2);
    expect(first.body.more).toBe(true);
    let cursor = first.body.cursor;
    let seen = 2;
    for (let more = true; more; ) {
      const page = await t.request<VaultDeltaPage>('GET', `/api/vault?since=${cursor}&limit=2`, { token: tech.token });
      seen += page.body.items.length + page.body.deleted.length;
      cursor = page.body.cursor;
      more = page.body.more;
    }
    const all = await t.request<VaultDeltaPage>('GET', '/api/vault?since=0&limit=1000', { token: tech.token });
    expect(seen).toBe(all.body.items.length + all.body.deleted.length);
  });
});

describe('an unexpected database failure', () => {
  it('answers a generic 500 and logs no plaintext secret', async () => {
    await t.db.execute(sql`alter table customer_vault add constraint test_explode check (business_name <> 'Explode Ltd')`);
    try {
      const res = await t.request('POST', '/api/vault', { token: tech.token, body: { businessName: 'Explode Ltd', wifiPassword: 'Explode-S3cret' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: MSG.internal, code: 'internal' });
      expect(t.logger.entries.some((e) => e.level === 'error' && e.msg === 'request failed')).toBe(true);
    } finally {
      await t.db.execute(sql`alter table customer_vault drop constraint test_explode`);
    }
  });
});
