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
 * - `serveAppBackups(s)`, `startBackupSchedule(s)`: main.ts starts them (app-backups.ts).
 * - `readLastBackup(db)`: the last backup's status (health).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { loadVaultKeyring, KEY_FILE_NAME } from '../../lib/vault-keys';
import { PUBLIC_LINK_KEY_FILE } from '../../lib/public-tokens';
import { collectSecrets, writeBackup, type BackupReport, type NamedStore } from './backup';
import { storesOf } from './sources';
import { requestBackup } from './local-socket';
import { recordLastBackup } from './status';
import { restoreBackup } from './restore';

export { WrongPassphraseError, ArchiveError } from './archive';
export { TargetNotEmptyError } from './restore';
export type { BackupReport } from './backup';
export { appBackupSources, storesOf } from './sources';
export { serveAppBackups, startBackupSchedule } from './app-backups';
export { readLastBackup } from './status';

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
    const report = await writeBackup(sources, { file: target, passphrase, now: new Date() });
    await recordLastBackup(database.db, { at: new Date().toISOString(), ok: true, trigger: 'manual', file: path.basename(report.file), bytes: report.bytes, message: null }).catch(() => undefined);
    return report;
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

