/**
 * `npm run clients:link [-- --dry-run]` (issue 50 item 4, docs/clients.md "Existing data"): makes
 * clients from the business names and company domains of tickets and vault entries written before
 * clients existed and links them (api/src/features/clients/link.ts). `--dry-run` prints the clients
 * it would create and the ticket and entry counts each would get, and changes nothing. A second run
 * changes nothing. What it cannot match stays unmatched: admins see it in the app, Clients >
 * "Tickets without a client".
 * Reads the same configuration as the app (`.env`, DATA_DIR, DATABASE_URL). On the embedded database
 * the app must be stopped (the data folder's lock, as for vault:rotate-key); on PostgreSQL it may run.
 * Exit codes: 0 done; 2 error (nothing changed: the run is one transaction).
 */
import fs from 'node:fs';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { runClientLink } from '../api/src/features/clients/link';
import { ticketClientLinks } from '../api/src/features/tickets/port';
import { vaultClientLinks } from '../api/src/features/vault/port';
import { DataDirLockedError } from '../api/src/lib/data-dir-lock';

async function main(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  let database;
  try {
    database = await openDatabase({ ...config, lockRole: 'clients:link' });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  try {
    await runClientLink(database.db, { tickets: ticketClientLinks, vault: vaultClientLinks }, { dryRun: process.argv.includes('--dry-run'), now: new Date(), log: (line) => process.stdout.write(`${line}\n`) });
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`clients:link stopped: ${err instanceof Error ? err.message : String(err)}\nNothing was changed.\n`);
    process.exit(2);
  },
);
