/**
 * `npm run auth:reset-2fa -- USER`: removes every second factor of USER (authenticator app,
 * passkeys, recovery codes), signs USER out everywhere and revokes their offline vault devices;
 * audited as a command-line reset (README "Two-factor authentication"). USER then signs in with the
 * password and, when the policy requires it, sets up a new second factor first.
 * Reads the same configuration as the app (`.env`, DATA_DIR, DATABASE_URL, VAULT_KEY...).
 * Embedded database (no DATABASE_URL): PGlite cannot be shared between processes, so STOP THE APP
 * first (the script refuses while something answers on PORT's /api/health; --force skips the check).
 * Exit codes: 0 done; 1 no such user; 2 error or usage.
 */
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { resetByUsername } from '../api/src/features/twofa/cli';
import { eventSubscribers } from '../api/src/event-subscribers';
import { createEventBus } from '../api/src/events';
import { createLogger } from '../api/src/logger';

async function appIsRunning(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const username = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!username) {
    process.stderr.write('Usage: npm run auth:reset-2fa -- USERNAME [--force]\n');
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  if (!config.databaseUrl && !process.argv.includes('--force') && (await appIsRunning(config.port))) {
    process.stderr.write(`The app is running on port ${config.port}: stop it first (the embedded database cannot be opened by two processes).\n`);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    const events = createEventBus(eventSubscribers, { db: database.db, config, logger: createLogger(config.logLevel) });
    const result = await resetByUsername(database.db, events, username, new Date(), os.userInfo().username);
    if (!result) {
      process.stderr.write(`No user named ${username}.\n`);
      return 1;
    }
    process.stdout.write(
      `Two-factor authentication of ${username} was reset: signed out everywhere, ${result.devicesRevoked} offline vault device(s) revoked.\n` +
        `${username} signs in with the password and sets up a new second factor if the policy requires one.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
