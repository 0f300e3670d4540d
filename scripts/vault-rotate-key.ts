/**
 * `npm run vault:rotate-key`: re-encrypts every Customer Vault secret under a new key, as `v2:` bound
 * to its entry's version (values from before version binding, `v1:`, are rewritten too; run it once
 * after upgrading so no older `v1:` ciphertext can be put back: docs/vault.md "Rollback").
 * Reads the same configuration as the app (`.env`, DATA_DIR, DATABASE_URL, VAULT_KEY...). The
 * offline devices' bundle keys are re-encrypted in the same passes (vault-offline `deviceKeyStore`).
 *
 * - Key file mode (default): creates a new key, keeps the old one in DATA_DIR/vault-keys.json until
 *   every secret is re-encrypted, then removes it. Safe to stop at any point and run again: it
 *   resumes. The app may keep running (it reloads the key file).
 * - VAULT_KEY mode: set VAULT_KEY to the NEW key and VAULT_PREVIOUS_KEYS to the old one(s), restart
 *   the app, run this, then remove VAULT_PREVIOUS_KEYS.
 * - Embedded database (no DATABASE_URL): PGlite cannot be shared between processes, so the script
 *   takes the same exclusive DATA_DIR lock as the app (lib/data-dir-lock.ts) and stops at once, with
 *   the app's PID, while an app (on any PORT) holds it; the app cannot start while the script runs.
 *   With PostgreSQL the app can keep serving during the rotation.
 * Options: --batch-size=N (default 100), --grace-seconds=N (default 2).
 * Exit codes: 0 done; 1 some secrets failed their integrity check (listed; old keys kept); 2 error.
 */
import fs from 'node:fs';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { resealTotpSecrets } from '../api/src/features/twofa/port';
import { rotateVaultKey } from '../api/src/features/vault/rotation';
import { deviceKeyStore } from '../api/src/features/vault-offline/port';
import { DataDirLockedError } from '../api/src/lib/data-dir-lock';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
}

async function main(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  let database;
  try {
    database = await openDatabase({ ...config, lockRole: 'vault:rotate-key' });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  try {
    const report = await rotateVaultKey({
      db: database.db,
      config,
      batchSize: Math.max(1, option('batch-size', 100)),
      graceMs: option('grace-seconds', 2) * 1000,
      log: (line) => process.stdout.write(`${line}\n`),
      stores: [deviceKeyStore],
      alsoReseal: [{ name: 'Two-factor secrets', reseal: (keyring) => resealTotpSecrets(database.db, keyring) }],
    });
    process.stdout.write(
      `Done: ${report.secretsReencrypted} secrets in ${report.entriesRewritten} entries re-encrypted under key ${report.keyId}` +
        `${report.failures.length ? `; ${report.failures.length} failed (old keys kept: fix those secrets and run again)` : ''}\n`,
    );
    return report.failures.length + report.storeFailures.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Key rotation stopped: ${err instanceof Error ? err.message : String(err)}\nNothing is lost: run it again to resume.\n`);
    process.exit(2);
  },
);
