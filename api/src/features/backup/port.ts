/**
 * The backup feature's port (docs/backup.md): what `npm run backup` / `npm run restore`
 * (scripts/backup.ts, scripts/restore.ts) and main.ts use.
 *
 * - `backupWithConfig(config, file, passphrase)`: on the embedded database, asks the running app
 *   over its socket (local-socket.ts) and, when no app runs, opens the data folder itself (taking its
 *   lock); on PostgreSQL, connects and reads one REPEATABLE READ snapshot (the app may keep running).
 * - `restoreWithConfig(config, file, passphrase, force)`: restore.ts into the configured DATA_DIR /
 *   DATABASE_URL and file stores.
 * - `appBackupSources(s)`: what the running app backs up (its database, both file stores, its keys).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { loadVaultKeyring, KEY_FILE_NAME } from '../../lib/vault-keys';
import { PUBLIC_LINK_KEY_FILE } from '../../lib/public-tokens';
import type { Services } from '../../services';
import { createStorage } from '../../storage';
import { attachmentStorageSettings } from '../attachments/port';
import { collectSecrets, writeBackup, type BackupReport, type BackupSources, type NamedStore } from './backup';
import { requestBackup, serveBackupSocket } from './local-socket';
import { restoreBackup } from './restore';

export { WrongPassphraseError, ArchiveError } from './archive';
export { TargetNotEmptyError } from './restore';
export type { BackupReport } from './backup';

/** The app's two file stores: `files` (FILE_STORAGE) and `attachments`. */
export function storesOf(config: Pick<Config, 'dataDir' | 'storage'>): NamedStore[] {
  return [
    { name: 'files', storage: createStorage(config.storage) },
    { name: 'attachments', storage: createStorage(attachmentStorageSettings(config)) },
  ];
}

/** What the running app backs up. */
export function appBackupSources(s: Pick<Services, 'config' | 'db' | 'storage' | 'vaultKeys' | 'clock'>): BackupSources {
  return {
    db: s.db,
    engine: s.config.databaseUrl ? 'pg' : 'pglite',
    stores: [
      { name: 'files', storage: s.storage },
      { name: 'attachments', storage: createStorage(attachmentStorageSettings(s.config)) },
    ],
    secrets: collectSecrets(s.config.dataDir, s.vaultKeys, s.clock()),
  };
}

/** Backup from a configuration (see module doc). `report.file` is absolute. */
export async function backupWithConfig(config: Config, file: string, passphrase: string): Promise<BackupReport> {
  const target = path.resolve(file);
  if (!config.databaseUrl) {
    const viaApp = await requestBackup(config.dataDir, { file: target, passphrase });
    if (viaApp) return viaApp;
  }
  const database = await openDatabase({ ...config, lockRole: 'backup', poolSize: 2 });
  const stores = storesOf(config);
  try {
    const keyring = loadVaultKeyring(config);
    const sources = { db: database.db, engine: database.driver, stores, secrets: collectSecrets(config.dataDir, keyring, new Date()) };
    return await writeBackup(sources, { file: target, passphrase, now: new Date() });
  } finally {
    for (const s of stores) await s.storage.close();
    await database.close();
  }
}

const nonEmptyDir = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

/** What the configured target already holds (restore refuses it without --force). */
async function targetContents(config: Config, stores: NamedStore[]): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle')");
      if (rows[0]?.n !== '0') found.push(`database tables (${rows[0]?.n})`);
    } finally {
      await client.end();
    }
  } else if (nonEmptyDir(path.join(config.dataDir, 'pgdata'))) found.push(`${path.join(config.dataDir, 'pgdata')}`);
  for (const name of [KEY_FILE_NAME, PUBLIC_LINK_KEY_FILE]) if (fs.existsSync(path.join(config.dataDir, name))) found.push(path.join(config.dataDir, name));
  for (const s of stores) if ((await s.storage.list()).length > 0) found.push(`stored files (${s.storage.describe()})`);
  return found;
}

/** Restore into the configured target (restore.ts). */
export async function restoreWithConfig(config: Config, file: string, passphrase: string, force: boolean) {
  const stores = storesOf(config);
  try {
    return await restoreBackup({
      file: path.resolve(file),
      passphrase,
      dataDir: config.dataDir,
      force,
      now: new Date(),
      contents: () => targetContents(config, stores),
      open: async () => {
        fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
        const database = await openDatabase({ ...config, lockRole: 'restore', poolSize: 2 });
        return { db: database.db, stores, close: () => database.close() };
      },
    });
  } finally {
    for (const s of stores) await s.storage.close();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Writes a backup of the running app; one at a time per process (a second request waits). Logs the outcome, never the passphrase. */
export function runAppBackup(s: Pick<Services, 'config' | 'db' | 'storage' | 'vaultKeys' | 'clock' | 'logger'>, file: string, passphrase: string): Promise<BackupReport> {
  const run = queue.then(async () => {
    try {
      const report = await writeBackup(appBackupSources(s), { file, passphrase, now: s.clock() });
      s.logger.info('backup written', { file: report.file, bytes: report.bytes, rows: report.rows, files: report.files, missing: report.missing.length });
      return report;
    } catch (err) {
      s.logger.warn('backup failed', { file, error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * On the embedded database, serves `npm run backup` over DATA_DIR's socket (local-socket.ts);
 * with PostgreSQL the script connects itself, so nothing listens. @returns a stop function.
 */
export async function serveAppBackups(s: Pick<Services, 'config' | 'db' | 'storage' | 'vaultKeys' | 'clock' | 'logger'>): Promise<() => Promise<void>> {
  if (s.config.databaseUrl) return async () => undefined;
  try {
    const server = await serveBackupSocket(s.config.dataDir, (req) => runAppBackup(s, req.file, req.passphrase));
    return () => server.close();
  } catch (err) {
    s.logger.warn('backup socket not available: npm run backup cannot reach this app', { error: err instanceof Error ? err.message : String(err) });
    return async () => undefined;
  }
}
