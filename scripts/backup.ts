/**
 * `npm run backup -- FILE`: writes one consistent archive of the portal (database, stored files and
 * the vault's keys sealed under the operator's passphrase) to FILE while the app runs
 * (docs/backup.md). Reads the app's configuration (`.env`, DATA_DIR, DATABASE_URL, FILE_STORAGE...).
 * Passphrase: BACKUP_PASSPHRASE or asked on the terminal. Exit codes: 0 written; 2 error (no file).
 */
import fs from 'node:fs';
import { loadConfig } from '../api/src/config';
import { backupWithConfig } from '../api/src/features/backup/port';
import { commandLine, readPassphrase } from './backup/passphrase';

async function main(): Promise<number> {
  const { args } = commandLine();
  if (args.length !== 1) {
    process.stderr.write('Usage: npm run backup -- FILE   (passphrase from BACKUP_PASSPHRASE or asked)\n');
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const passphrase = await readPassphrase(true);
  const r = await backupWithConfig(config, args[0]!, passphrase);
  const mib = (r.bytes / 1048576).toFixed(1);
  process.stdout.write(`Backup written: ${r.file} (${mib} MiB; ${r.rows} rows in ${r.tables} tables, ${r.files} files)\n`);
  if (r.missing.length) process.stdout.write(`${r.missing.length} files were deleted while the backup ran and are not in it.\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
