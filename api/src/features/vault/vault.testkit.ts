/**
 * Shared fixtures of the Customer Vault API tests (vault.test.ts, reveal.test.ts): the secrets
 * typed in them (none may appear outside a reveal answer), a full entry body, and
 * {@link useVaultApp}, which starts a test app with a technician and an admin for a file and checks,
 * when the file ends, that no log line held a secret (the logger is captured).
 */
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { VaultEntry } from '@portal/shared';
import { KEY_FILE_NAME, readKeyFile } from '../../lib/vault-keys';
import { startTestApp, type TestApp } from '../../test/app';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

/** Every secret typed in this file: none may ever appear outside a reveal answer. */
export const SECRETS = {
  domainPassword: 'Dom41n-S3cret!',
  hostingPassword: 'H0sting-S3cret!',
  wifiPassword: 'W1fi;Pass,Word"',
  routerPassword: 'R0uter-S3cret!',
  ispAccountNumber: 'ISP-ACCT-778899',
  phoneAccountNumber: 'PHONE-ACCT-112233',
};
export const ENDPOINT_SECRET = 'Nas-Adm1n-Pw!';
const LATER_SECRETS = ['Legacy-V1-Secret', 'R0llback-Newer-Pw', 'New-W1fi-Pass-2', 'Endpoint-Pw-Two', 'Explode-S3cret', 'Malformed-S3cret', 'Too-Long-S3cret'];
const ALL_SECRETS = [...Object.values(SECRETS), ENDPOINT_SECRET, ...LATER_SECRETS];

export const fullBody = (businessName = 'Acme Dental') => ({
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

export const expectNoSecret = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const s of ALL_SECRETS) expect(text).not.toContain(s);
};

/** A file's vault test app, filled in by its beforeAll. */
export interface VaultApp {
  t: TestApp;
  tech: Login;
  admin: Login;
  /** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
  rowsOf<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Creates an entry (201 expected) as `token` (default: the technician). */
  create(body?: object, token?: string): Promise<VaultEntry>;
  /** Rows in customer_vault or vault_reveals. */
  countRows(table: 'customer_vault' | 'vault_reveals'): Promise<number>;
}

/** Registers the file's beforeAll/afterAll and returns the app they fill in (use it inside tests only). */
export function useVaultApp(): VaultApp {
  const v = {} as VaultApp;
  v.rowsOf = async <T,>(query: SQL) => ((await v.t.db.execute(query)) as unknown as { rows: T[] }).rows;
  v.create = async (body = fullBody(), token = v.tech.token) => {
    const res = await v.t.request<VaultEntry>('POST', '/api/vault', { token, body });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  v.countRows = async (table) => (await v.rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  beforeAll(async () => {
    v.t = await startTestApp();
    v.tech = await v.t.loginAs('technician', { username: 'vault-tech' });
    v.admin = await v.t.loginAs('admin', { username: 'vault-admin' });
  });
  afterAll(async () => {
    // Nothing in the whole file may have logged a secret (capture the logger).
    expectNoSecret(v.t.logger.entries);
    await v.t.close();
  });
  return v;
}

/**
 * `text` sealed in the stored form from before version binding, `v1:<keyId>:<blob>` with AAD
 * `v1|<keyId>|customer_vault|<entry>|<field>` (what older installs hold), under the current key of
 * the app's key file: written here by hand, so the test pins the old format independently of crypto.ts.
 */
export function legacyV1(t: TestApp, entryId: string, field: string, text: string): string {
  const key = readKeyFile(path.join(t.config.dataDir, KEY_FILE_NAME))!.current;
  const nonce = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key.key, nonce);
  c.setAAD(Buffer.from(`v1|${key.id}|customer_vault|${entryId}|${field}`, 'utf8'));
  return `v1:${key.id}:${Buffer.concat([nonce, c.update(text, 'utf8'), c.final(), c.getAuthTag()]).toString('base64url')}`;
}
