/**
 * "Can a new ticket match any client?" (docs/clients.md "Matching"), cached per process for the
 * embedded database, so that `clients.match_new_tickets` costs a group commit of new tickets
 * nothing while no active client lists an e-mail domain and no active contact has an e-mail (a
 * statement is a parse, plan and run in the API process on PGlite: docs/benchmarks.md "Creates and
 * patches before and after domain events").
 *
 * Exact on PGlite only, where one process owns the data folder (lib/data-dir-lock.ts) and runs one
 * statement at a time: every write of clients and contacts (repository.ts, childRepository.ts) calls
 * {@link clientsChanged} inside its transaction, which forgets every answer and bumps a generation.
 * A read that started before that write cannot store its answer (the generation moved); a read that
 * starts after it runs after the write's transaction has ended (PGlite serializes them), so it sees
 * the write. On PostgreSQL another process may write clients, so nothing is cached there (the
 * subscriber reads in the transaction, as before).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

let generation = 0;
let known = new WeakMap<Database, boolean>();

/** Call in every transaction that writes clients or contacts: forgets every cached answer (module doc). */
export function clientsChanged(): void {
  generation += 1;
  known = new WeakMap();
}

/**
 * True when `db` (the database itself, not a transaction) has an active client with an e-mail
 * domain or an active contact of an active client with an e-mail: then a new ticket may match.
 * Cached until the next {@link clientsChanged}; for PGlite only (module doc).
 */
export async function clientsMayMatch(db: Database): Promise<boolean> {
  const cached = known.get(db);
  if (cached !== undefined) return cached;
  const at = generation;
  const [row] = await rowsOf<{ any: boolean }>(db, sql`
    select exists (select 1 from clients c where c.archived_at is null and cardinality(c.email_domains) > 0)
      or exists (select 1 from client_contacts k join clients c on c.id = k.client_id and c.archived_at is null
        where k.archived_at is null and k.email is not null) as any`);
  const any = row?.any === true;
  if (at === generation) known.set(db, any);
  return any;
}
