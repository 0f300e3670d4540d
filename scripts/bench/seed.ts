/**
 * Fast benchmark data: migrates a fresh database and inserts `count` tickets, one
 * 'created' work-history row each, five technicians and the ticket sequence with plain SQL
 * (generate_series), not through the API: 100,000 tickets take seconds. The mix looks like a few
 * years of a real desk: the newest tickets are open, in progress or resolved, older ones mostly
 * closed; every sixth ticket is unassigned.
 */
import pg from 'pg';
import { openDatabase } from '../../api/src/db/client';

/** Where to seed: a PGlite data folder (DATA_DIR) or a PostgreSQL URL. */
export type SeedTarget = { dataDir: string } | { databaseUrl: string };

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Migrates the target and inserts the benchmark rows; returns the seconds it took. The search rows
 * (`ticket_search`, migration 0025) are written by its trigger as the tickets are inserted, unless
 * `opts.searchRows` is false (a database from before 0025, as firstStart.ts measures).
 */
export async function seedTickets(target: SeedTarget, count: number, opts: { searchRows?: boolean; clients?: number } = {}): Promise<number> {
  const started = performance.now();
  const handle = await openDatabase('databaseUrl' in target ? { databaseUrl: target.databaseUrl, dataDir: '' } : { dataDir: target.dataDir });
  try {
    // Both drivers' clients (pg.Pool, PGlite or its worker thread) take plain SQL text; `n` is a checked integer.
    const client = (handle.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
    const n = Math.trunc(count);
    if (!(n > 0)) throw new Error(`bad ticket count ${count}`);
    const exec = (text: string) => client.query(text);
    await exec(`
      insert into users (username, password, role)
      select 'bench-tech-' || g, 'not-a-hash', 'technician' from generate_series(1, 5) g`);
    // Secondary indexes are dropped during the bulk insert and rebuilt after it, from their own
    // definitions (pg_get_indexdef): building a GIN trigram index once is far quicker than
    // maintaining it row by row.
    const q = async <T>(text: string) => ((await client.query(text)) as { rows: T[] }).rows;
    const indexes = await q<{ name: string; def: string }>(
      `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
       where indrelid in ('support_tickets'::regclass, 'ticket_updates'::regclass) and not indisprimary and not indisunique`,
    );
    for (const ix of indexes) await exec(`drop index ${ix.name}`);
    if (opts.searchRows === false) await exec('alter table support_tickets disable trigger ticket_search_insert');
    const clientCount = Math.trunc(opts.clients ?? 0);
    if (clientCount > 0) await seedClients(exec, clientCount);
    // Nine tickets in ten belong to a client (ids from md5, as seedClients made them); the rest stay unmatched.
    const clientOf = clientCount > 0 ? `case when g % 10 = 0 then null else md5('bench-client-' || (1 + g % ${clientCount}))::uuid end` : 'null';
    // Newest 5% of tickets: open / in progress / resolved; older ones closed except every 50th.
    await exec(`
      insert into support_tickets (ticket_number, client_name, business_name, customer_email, customer_phone,
        severity, contact_method, issue, status, assigned_to, resolution, version, created_at, updated_at, client_id)
      select 'TKT-' || lpad(g::text, 6, '0'),
        'Client ' || g,
        case when g % 3 = 0 then null else 'Business ' || (g % 997) end,
        'customer' || g || '@example.com',
        '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
        (array['low','medium','high','urgent'])[1 + g % 4],
        (array['email','phone','text'])[1 + g % 3],
        'Ticket ' || g || ': the printer in room ' || (g % 97) || ' reports a paper jam that is not there. ' ||
          'Restarting it did not help and the queue is stuck since this morning.',
        s.status,
        case when g % 6 = 0 then null else (select id from users where username = 'bench-tech-' || (1 + g % 5)) end,
        case when s.status in ('resolved', 'closed') then 'Cleared the queue and updated the driver.' end,
        1,
        now() - ((${n} - g) * interval '5 minutes'),
        now() - ((${n} - g) * interval '5 minutes') + interval '1 hour',
        ${clientOf}
      from generate_series(1, ${n}) g,
        lateral (select case
          when g > ${n} * 0.95 then (array['open','in_progress','resolved'])[1 + g % 3]
          when g % 50 = 0 then 'open'
          else 'closed' end as status) s`);
    await exec(`
      insert into ticket_updates (ticket_id, update_type, new_value, ticket_version, created_at)
      select id, 'created', 'open', 1, created_at from support_tickets order by sync_seq`);
    await exec(`
      insert into ticket_sequence (id, last_number) values ('TICKET_SEQ', ${n})
      on conflict (id) do update set last_number = excluded.last_number`);
    if (opts.searchRows === false) await exec('alter table support_tickets enable trigger ticket_search_insert');
    for (const ix of indexes) await exec(ix.def);
    await exec(`analyze`);
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * `count` clients (issue 50) named 'Acme <n> Services' with a company domain, a phone, two contacts
 * and one site each (with access notes), ids md5('bench-client-<n>') so tickets can name them.
 */
async function seedClients(exec: (text: string) => Promise<unknown>, count: number): Promise<void> {
  await exec(`
    insert into clients (id, name, email_domains, phone, notes)
    select md5('bench-client-' || g)::uuid, 'Acme ' || g || ' Services', array['acme' || g || '.example'],
      '+1201555' || lpad((g % 10000)::text, 4, '0'), 'Managed since ' || (2015 + g % 10) || '.'
    from generate_series(1, ${count}) g`);
  await exec(`
    insert into client_contacts (client_id, name, email, phone, title, preferred_contact_method, is_primary)
    select md5('bench-client-' || g)::uuid, (array['Dana','Sam','Alex','Kim'])[1 + (g + k) % 4] || ' Contact' || g || '-' || k,
      'contact' || k || '@acme' || g || '.example', '+1201556' || lpad((g % 10000)::text, 4, '0'), 'Office manager', 'email', k = 1
    from generate_series(1, ${count}) g, generate_series(1, 2) k`);
  await exec(`
    insert into client_sites (client_id, name, address, access_notes)
    select md5('bench-client-' || g)::uuid, 'Main office', g || ' Main Street, Springfield',
      'Open 8-17. Alarm code with the office manager. Parking behind the building.'
    from generate_series(1, ${count}) g`);
}
