/**
 * Test database (DESIGN.md 8): in-memory PGlite by default; when DATABASE_URL is set, a fresh,
 * uniquely named database on that PostgreSQL server (created through an admin connection to the
 * URL's database, dropped on close). Both paths run the real migrations; on PGlite a vitest run
 * starts each database from the cluster its global setup migrated once (test/pglite-template.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { IN_MEMORY, openDatabase, type DatabaseHandle } from '../db/client';

async function adminQuery(url: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** Environment variable naming the migrated PGlite cluster tarball of this test run (test/pglite-template.ts). */
export const PGLITE_TEMPLATE_ENV = 'PORTAL_TEST_PGLITE_TEMPLATE';

/** A test database; `url` is set on PostgreSQL so a test can open a second connection pool (another "process"). */
export type TestDatabase = DatabaseHandle & { url?: string };

/** Opens a fresh, migrated database for one test file; `close()` disposes of it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  // TEST_PGLITE_WORKER=1: the embedded database in its worker thread, as the app runs it on disk.
  if (!url) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    return openDatabase({
      dataDir: IN_MEMORY,
      pgliteWorker: process.env.TEST_PGLITE_WORKER === '1',
      pgliteTemplate: template && fs.existsSync(template) ? template : undefined,
    });
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: IN_MEMORY, poolSize: 5,
    // DROP DATABASE ... WITH (FORCE) below ends any connection still open; that is expected.
    onPoolError: () => {},
  });
  return {
    ...handle,
    url: target.toString(),
    async close() {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
