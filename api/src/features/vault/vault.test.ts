/**
 * Customer Vault API over HTTP against a real database ("Done when"): validation messages,
 * no secret in list/search/detail/error bodies or in ANY log line (the logger is captured for the
 * whole file), the stored columns are ciphertext (read with SQL), tampered ciphertext fails closed,
 * a reveal writes exactly one audit row, edits keep or replace secrets as asked, delete leaves a
 * tombstone for the offline index's delta sync.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type VaultDeltaPage, type VaultEntry, type VaultIndexEntry } from '@portal/shared';
import { ENDPOINT_SECRET, SECRETS, expectNoSecret, fullBody, useVaultApp } from './vault.testkit';

const v = useVaultApp();

describe('create, list, search, view', () => {
  it('creates an entry: 201 with every non-secret field and has-flags, no secret value', async () => {
    const entry = await v.create();
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
    const view = await v.t.request<VaultEntry>('GET', `/api/vault/${entry.id}`, { token: v.tech.token });
    expect(view.status).toBe(200);
    expect(view.body).toEqual(entry);
    expectNoSecret(view.text);
  });

  it('lists and searches the index: no secret, no username, no notes; sorted by business name', async () => {
    await v.create({ businessName: 'zeta Books', contactEmail: '' });
    await v.create({ businessName: 'Beta 100% Bikes', contactName: 'Bob_Ross' });
    const all = await v.t.request<VaultIndexEntry[]>('GET', '/api/vault', { token: v.tech.token });
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
        'clientId',
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
      (await v.t.request<VaultIndexEntry[]>('GET', `/api/vault?q=${encodeURIComponent(q)}`, { token: v.tech.token })).body.map((e) => e.businessName);
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

  it('stores secrets as AES-GCM ciphertext with a key id and entry version prefix (read with SQL)', async () => {
    const entry = await v.create(fullBody('Cipher Check'));
    const r = await v.rowsOf<Record<string, unknown>>(sql`select * from customer_vault where id = ${entry.id}`);
    const row = r[0]!;
    for (const column of ['domain_password', 'hosting_password', 'wifi_password', 'router_password', 'isp_account_number', 'phone_account_number']) {
      expect(row[column]).toMatch(/^v2:[A-Za-z0-9_-]{12}:1:[A-Za-z0-9_-]+$/);
    }
    const endpoints = row.endpoints as { password: string | null }[];
    expect(endpoints[0]!.password).toMatch(/^v2:[A-Za-z0-9_-]{12}:1:/);
    expect(endpoints[1]!.password).toBeNull();
    expectNoSecret(row);
    // Same plaintext twice -> different ciphertexts (random nonce).
    const other = await v.create(fullBody('Cipher Check 2'));
    const r2 = await v.rowsOf<{ wifi_password: string }>(sql`select wifi_password from customer_vault where id = ${other.id}`);
    expect(r2[0]!.wifi_password).not.toBe(row.wifi_password);
  });

  it('the database refuses a plaintext secret (CHECK constraint)', async () => {
    const entry = await v.create(fullBody('Check Constraint'));
    await expect(v.t.db.execute(sql`update customer_vault set wifi_password = 'plain text' where id = ${entry.id}`)).rejects.toThrow();
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
    const before = await v.countRows('customer_vault');
    const res = await v.t.request('POST', '/api/vault', { token: v.tech.token, body: { ...body, wifiPassword: 'Too-Long-S3cret' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message, fieldErrors: { [field]: [message] } });
    expectNoSecret(res.text);
    expect(await v.countRows('customer_vault')).toBe(before);
  });

  it('an empty contact e-mail is fine; a too long secret is refused without echoing it', async () => {
    expect((await v.t.request('POST', '/api/vault', { token: v.tech.token, body: { businessName: 'Empty Mail', contactEmail: '' } })).status).toBe(201);
    const res = await v.t.request('POST', '/api/vault', { token: v.tech.token, body: { businessName: 'Long', routerPassword: `Too-Long-S3cret${'x'.repeat(1000)}` } });
    expect(res.status).toBe(400);
    expectNoSecret(res.text);
  });

  it('a malformed JSON body with a secret is refused without echoing it', async () => {
    const res = await v.t.request('POST', '/api/vault', { token: v.tech.token, body: '{"businessName":"X","wifiPassword":"Malformed-S3cret"' });
    expect(res.status).toBe(400);
    expectNoSecret(res.text);
  });

  it('PATCH validates too and changes nothing on bad input', async () => {
    const entry = await v.create(fullBody('Patch Validation'));
    const res = await v.t.request('PATCH', `/api/vault/${entry.id}`, { token: v.tech.token, body: { businessName: '', contactName: 'Changed' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ businessName: [MSG.vaultBusinessNameRequired] });
    const view = await v.t.request<VaultEntry>('GET', `/api/vault/${entry.id}`, { token: v.tech.token });
    expect(view.body.contactName).toBe('Dana Smith');
    expect(view.body.version).toBe(1);
  });
});

describe('edit', () => {
  it('keeps absent secrets, replaces sent ones, clears null ones; endpoints keep their password by id', async () => {
    const entry = await v.create(fullBody('Edit Co'));
    const [nas, printer] = entry.endpoints;
    v.t.clock.advance(1000);
    const res = await v.t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: v.tech.token,
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
      updatedAt: v.t.clock.now().toISOString(),
    });
    expect(res.body.endpoints.map((e) => [e.id, e.name, e.hasPassword])).toEqual([
      [nas!.id, 'NAS (main)', true],
      [printer!.id, 'Printer', true],
      [expect.any(String), 'Firewall', false],
    ]);
    const reveal = async (body: object) => (await v.t.request('POST', `/api/vault/${entry.id}/reveal`, { token: v.tech.token, body })).body.value;
    expect(await reveal({ field: 'wifiPassword' })).toBe('New-W1fi-Pass-2');
    expect(await reveal({ field: 'domainPassword' })).toBe(SECRETS.domainPassword);
    expect(await reveal({ field: 'endpointPassword', endpointId: nas!.id })).toBe(ENDPOINT_SECRET);
    expect(await reveal({ field: 'endpointPassword', endpointId: printer!.id })).toBe('Endpoint-Pw-Two');

    // An existing row that leaves out url/username keeps them (offline edits know only names and URLs).
    const kept = await v.t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: v.tech.token,
      body: { endpoints: [{ id: nas!.id, name: 'NAS' }, { id: printer!.id, name: 'Printer', url: printer!.url }] },
    });
    expect(kept.body.endpoints.map((e) => [e.name, e.url, e.username, e.hasPassword])).toEqual([
      ['NAS', nas!.url, 'nasadmin', true],
      ['Printer', printer!.url, null, true],
    ]);

    // Removing an endpoint from the list drops it; unknown ids become new endpoints.
    const dropped = await v.t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: v.tech.token,
      body: { endpoints: [{ id: printer!.id, name: 'Printer', url: printer!.url }] },
    });
    expect(dropped.body.endpoints.map((e) => e.name)).toEqual(['Printer']);
    expect(await reveal({ field: 'endpointPassword', endpointId: printer!.id })).toBe('Endpoint-Pw-Two');
  });

  it('a PATCH that changes nothing keeps the version; an unknown id is 404', async () => {
    const entry = await v.create(fullBody('Same Co'));
    const res = await v.t.request<VaultEntry>('PATCH', `/api/vault/${entry.id}`, {
      token: v.tech.token,
      body: { contactName: 'Dana Smith', endpoints: entry.endpoints.map(({ id, name, url, username }) => ({ id, name, url, username })) },
    });
    expect(res.body.version).toBe(1);
    expect((await v.t.request('PATCH', `/api/vault/${crypto.randomUUID()}`, { token: v.tech.token, body: { notes: 'x' } })).status).toBe(404);
  });

  it('an Idempotency-Key replay creates once and stores no secret with the key', async () => {
    const key = crypto.randomUUID();
    const body = fullBody('Idempotent Co');
    const first = await v.t.request('POST', '/api/vault', { token: v.tech.token, body, headers: { 'Idempotency-Key': key } });
    const second = await v.t.request('POST', '/api/vault', { token: v.tech.token, body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    const stored = await v.rowsOf(sql`select * from idempotency_keys where key = ${key}`);
    expectNoSecret(stored);
  });
});

describe('delete (admin) and the delta feed of the offline index', () => {
  it('technicians cannot delete; admins delete for good; the delta feed reports changes and deletions', async () => {
    const start = await v.t.request<VaultDeltaPage>('GET', '/api/vault?since=0', { token: v.tech.token });
    expect(start.status).toBe(200);
    expectNoSecret(start.text);
    const cursor = start.body.cursor;

    const entry = await v.create(fullBody('Delete Me'));
    const keep = await v.create(fullBody('Keep Me'));
    await v.t.request('PATCH', `/api/vault/${keep.id}`, { token: v.tech.token, body: { notes: 'changed' } });
    const delta1 = await v.t.request<VaultDeltaPage>('GET', `/api/vault?since=${cursor}`, { token: v.tech.token });
    expect(delta1.body.items.map((e) => e.businessName)).toEqual(['Delete Me', 'Keep Me']);
    expect(delta1.body).toMatchObject({ deleted: [], more: false });
    expectNoSecret(delta1.text);

    expect((await v.t.request('DELETE', `/api/vault/${entry.id}`, { token: v.tech.token })).status).toBe(403);
    const del = await v.t.request('DELETE', `/api/vault/${entry.id}`, { token: v.admin.token });
    expect(del.status).toBe(204);
    expect((await v.t.request('GET', `/api/vault/${entry.id}`, { token: v.tech.token })).status).toBe(404);
    expect((await v.t.request('DELETE', `/api/vault/${entry.id}`, { token: v.admin.token })).status).toBe(404);
    const gone = await v.rowsOf(sql`select * from customer_vault where id = ${entry.id}`);
    expect(gone).toHaveLength(0);

    const delta2 = await v.t.request<VaultDeltaPage>('GET', `/api/vault?since=${delta1.body.cursor}`, { token: v.tech.token });
    expect(delta2.body).toEqual({ items: [], deleted: [entry.id], cursor: expect.any(String), more: false });
    const delta3 = await v.t.request<VaultDeltaPage>('GET', `/api/vault?since=${delta2.body.cursor}`, { token: v.tech.token });
    expect(delta3.body).toEqual({ items: [], deleted: [], cursor: delta2.body.cursor, more: false });
  });

  it('delta pages are bounded: `limit` and `more`', async () => {
    const first = await v.t.request<VaultDeltaPage>('GET', '/api/vault?since=0&limit=2', { token: v.tech.token });
    expect(first.body.items.length + first.body.deleted.length).toBe(2);
    expect(first.body.more).toBe(true);
    let cursor = first.body.cursor;
    let seen = 2;
    for (let more = true; more; ) {
      const page = await v.t.request<VaultDeltaPage>('GET', `/api/vault?since=${cursor}&limit=2`, { token: v.tech.token });
      seen += page.body.items.length + page.body.deleted.length;
      cursor = page.body.cursor;
      more = page.body.more;
    }
    const all = await v.t.request<VaultDeltaPage>('GET', '/api/vault?since=0&limit=1000', { token: v.tech.token });
    expect(seen).toBe(all.body.items.length + all.body.deleted.length);
  });
});

describe('an unexpected database failure', () => {
  it('answers a generic 500 and logs no plaintext secret', async () => {
    await v.t.db.execute(sql`alter table customer_vault add constraint test_explode check (business_name <> 'Explode Ltd')`);
    try {
      const res = await v.t.request('POST', '/api/vault', { token: v.tech.token, body: { businessName: 'Explode Ltd', wifiPassword: 'Explode-S3cret' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: MSG.internal, code: 'internal' });
      expect(v.t.logger.entries.some((e) => e.level === 'error' && e.msg === 'request failed')).toBe(true);
    } finally {
      await v.t.db.execute(sql`alter table customer_vault drop constraint test_explode`);
    }
  });
});
