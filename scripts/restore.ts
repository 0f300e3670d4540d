/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the
 * configured DATA_DIR / DATABASE_URL and file stores (docs/backup.md). Stop the app first (on the
 * embedded database the DATA_DIR lock refuses a restore beside a running app). Refuses a target that
 * holds data unless --force. A wrong passphrase changes nothing. Exit codes: 0 restored; 1 refused
 * (wrong passphrase, not empty, other version, damaged file); 2 other error.
 */
import fs from 'node:fs';
import { loadConfig } from '../api/src/config';
import { ArchiveError, TargetNotEmptyError, WrongPassphraseError, restoreWithConfig } from '../api/src/features/backup/port';
import { DataDirLockedError } from '../api/src/lib/data-dir-lock';
import { commandLine, readPassphrase } from './backup/passphrase';

async function main(): Promise<number> {
  const { args, flags } = commandLine();
  if (args.length !== 1 || [...flags].some((f) => f !== '--force')) {
    process.stderr.write('Usage: npm run restore -- FILE [--force]   (passphrase from BACKUP_PASSPHRASE or asked)\n');
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const passphrase = await readPassphrase(false);
  const end = await restoreWithConfig(config, args[0]!, passphrase, flags.has('--force'));
  process.stdout.write(`Restored: ${end.rows} rows in ${end.tables} tables and ${end.files} files into ${config.databaseUrl ? 'the database' : config.dataDir}.\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const refused = err instanceof WrongPassphraseError || err instanceof TargetNotEmptyError || err instanceof ArchiveError || err instanceof DataDirLockedError;
    process.stderr.write(`Restore ${refused ? 'refused' : 'failed'}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(refused ? 1 : 2);
  },
);
