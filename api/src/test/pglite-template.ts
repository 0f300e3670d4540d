/**
 * vitest globalSetup of the API project: creates one in-memory PGlite, runs the real migrations on
 * it once, and dumps the cluster to a tarball that every test database of this run starts from
 * (api/src/test/db.ts). Creating a cluster (initdb) costs about 2 s per test file; loading the
 * migrated template about 1 s, and each test database still runs the migrator, which finds nothing
 * left to do. The path travels in {@link PGLITE_TEMPLATE_ENV}; the file is deleted at the end of the run.
 * Not used on PostgreSQL (DATABASE_URL) nor through the PGlite worker (TEST_PGLITE_WORKER=1), which
 * keep creating each database from scratch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IN_MEMORY, openDatabase } from '../db/client';
import { PGLITE_TEMPLATE_ENV } from './db';

export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL || process.env.TEST_PGLITE_WORKER === '1') return () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'cluster.tar');
  const handle = await openDatabase({ dataDir: IN_MEMORY, pgliteWorker: false });
  try {
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
