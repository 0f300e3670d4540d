/**
 * Clients repository: ALL the SQL of clients and tombstones, plus the per-client ticket figures of
 * the list (sites and contacts: childRepository.ts). Functions take the db or the transaction first.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientTombstones, clients, ticketFacts } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { nextSyncSeq } from '../../db/sync';
import { clientsChanged } from './matchable';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;

/** A list row: the client plus its open ticket count and newest ticket time. */
export interface ClientListRow extends ClientRow {
  openTickets: number;
  lastTicketAt: Date | null;
}

const t = ticketFacts;
/**
 * Open and in-progress tickets of the client (index support_tickets_client_idx). Columns are named
 * with their tables by hand: drizzle renders `${col}` in a select's field without the table, so
 * `client_id = id` would compare the ticket's own columns (the count was always 0). The status is a
 * FILTER, not a WHERE: with it in the WHERE, PostgreSQL ANDed the client index with the active-tickets
 * index (5,000 entries read per client at 100,000 tickets; a page of 50 took 65-77 ms, now 2-6 ms;
 * docs/benchmarks.md "Clients").
 */
const openCount = sql<number>`(select (count(*) filter (where st.status in ('open', 'in_progress')))::int from ${t} st where st.client_id = ${clients}.id)`;
const lastTicket = sql<Date | null>`(select max(st.created_at) from ${t} st where st.client_id = ${clients}.id)`;
const listColumns = { openTickets: openCount, lastTicketAt: lastTicket };

/** `%term%` for ILIKE with the wildcards of `term` escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One keyset page sorted by lower(name), id: `q` matches the name (substring, trigram index) or
 * an e-mail domain (prefix); `after` is the last client id of the previous page; archived clients
 * only with `archived`. Reads `limit + 1` rows (the extra one says a next page exists).
 */
export async function listClientPage(db: Database, o: { q?: string | undefined; after?: string | undefined; archived: boolean; limit: number }): Promise<ClientListRow[]> {
  const where: SQL[] = [o.archived ? isNotNull(clients.archivedAt) : isNull(clients.archivedAt)];
  const term = o.q?.trim();
  if (term) {
    const domainPrefix = `${term.toLowerCase().replace(/^@/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${clients.name} ilike ${containsPattern(term)} or exists (select 1 from unnest(${clients.emailDomains}) d where d like ${domainPrefix}))`);
  }
  if (o.after) where.push(sql`(lower(${clients.name}), ${clients.id}) > (select lower(c2.name), c2.id from ${clients} c2 where c2.id = ${o.after})`);
  const rows = await db
    .select({ ...clientColumns(), ...listColumns })
    .from(clients)
    .where(and(...where))
    .orderBy(sql`lower(${clients.name})`, asc(clients.id))
    .limit(o.limit + 1);
  return rows.map(fixDates);
}

function clientColumns() {
  const { id, name, emailDomains, phone, notes, archivedAt, lastVisitAt, version, syncSeq, createdBy, createdAt, updatedAt } = clients;
  return { id, name, emailDomains, phone, notes, archivedAt, lastVisitAt, version, syncSeq, createdBy, createdAt, updatedAt };
}

/** Subquery timestamps come back as text on some drivers: make them Dates. */
function fixDates<R extends { lastTicketAt: Date | string | null }>(r: R): R & { lastTicketAt: Date | null } {
  return { ...r, lastTicketAt: r.lastTicketAt === null ? null : new Date(r.lastTicketAt) };
}

/** Clients by id with their list figures (any order). */
export async function findClientsWithFigures(db: Database, ids: string[]): Promise<ClientListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ ...clientColumns(), ...listColumns }).from(clients).where(inArray(clients.id, ids));
  return rows.map(fixDates);
}

/** A row of {@link recentTicketsOf}. */
export interface RecentTicketRow {
  clientId: string;
  id: string;
  ticketNumber: string;
  status: string;
  issue: string;
  createdAt: Date | string;
}

/**
 * The newest `per` tickets of each client (one statement: a lateral read of the index
 * support_tickets_client_idx per client, newest first).
 */
export async function recentTicketsOf(db: Database, ids: string[], per: number): Promise<RecentTicketRow[]> {
  if (ids.length === 0) return [];
  const values = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await rowsOf<{ client_id: string; id: string; ticket_number: string; status: string; issue: string; created_at: Date | string }>(
    db,
    sql`
    select c.id as client_id, r.id, r.ticket_number, r.status, r.issue, r.created_at
    from (values ${values}) as c(id)
    cross join lateral (
      select st.id, st.ticket_number, st.status, left(st.issue, 100) as issue, st.created_at
      from ${t} st where st.client_id = c.id order by st.created_at desc, st.id desc limit ${per}
    ) r`,
  );
  return rows.map((r) => ({ clientId: r.client_id, id: r.id, ticketNumber: r.ticket_number, status: r.status, issue: r.issue, createdAt: r.created_at }));
}

/** Clients changed after `since` in sync_seq order, at most `limit` (with figures). */
export async function listClientsSince(db: Database, since: number, limit: number): Promise<ClientListRow[]> {
  const rows = await db
    .select({ ...clientColumns(), ...listColumns })
    .from(clients)
    .where(gt(clients.syncSeq, since))
    .orderBy(asc(clients.syncSeq))
    .limit(limit);
  return rows.map(fixDates);
}

/** Tombstones after `since` (sync_seq order), at most `limit`. */
export async function listTombstonesSince(db: Database, since: number, limit: number): Promise<{ clientId: string; syncSeq: number }[]> {
  return db
    .select({ clientId: clientTombstones.clientId, syncSeq: clientTombstones.syncSeq })
    .from(clientTombstones)
    .where(gt(clientTombstones.syncSeq, since))
    .orderBy(asc(clientTombstones.syncSeq))
    .limit(limit);
}

/** One client, optionally locked FOR UPDATE. */
export async function findClient(db: Database, id: string, forUpdate = false): Promise<ClientRow | undefined> {
  const q = db.select().from(clients).where(eq(clients.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The client whose name equals `name` ignoring case, other than `exceptId`. */
export async function findClientByName(db: Database, name: string, exceptId?: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.name}) = lower(${name})`, exceptId ? sql`${clients.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row;
}

/**
 * Inserts a client. A name taken ignoring case fails on the unique index `clients_name_key` (of two
 * processes creating one name at once, the second waits for the first's commit, then fails): the
 * caller turns that unique violation into 409.
 */
export async function insertClient(db: Database, values: NewClientRow): Promise<ClientRow> {
  clientsChanged();
  const [row] = await db
    .insert(clients)
    .values({ ...values, syncSeq: nextSyncSeq() })
    .returning();
  return row!;
}

/** Applies `set`, bumps version and sync_seq; returns the new row. */
export async function updateClient(db: Database, id: string, set: Partial<NewClientRow>): Promise<ClientRow> {
  clientsChanged();
  const [row] = await db
    .update(clients)
    .set({ ...set, version: sql`${clients.version} + 1`, syncSeq: nextSyncSeq() })
    .where(eq(clients.id, id))
    .returning();
  return row!;
}

/** Moves a client forward in the delta feed (a site or contact of it changed). */
export async function touchClient(db: Database, id: string, now: Date): Promise<void> {
  await db.update(clients).set({ syncSeq: nextSyncSeq(), updatedAt: now }).where(eq(clients.id, id));
}

/** Whether any ticket refers to the client (vault entries: the vault port's vaultEntriesUseClient). */
export async function clientHasTickets(db: Database, id: string): Promise<boolean> {
  const [row] = await rowsOf<{ used: boolean }>(db, sql`select exists (select 1 from ${t} where ${t.clientId} = ${id}) as used`);
  return row?.used === true;
}

/** Deletes the client (sites and contacts cascade) and leaves a tombstone; false when it did not exist. */
export async function deleteClientRow(db: Database, id: string, now: Date): Promise<boolean> {
  const gone = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
  if (gone.length === 0) return false;
  await db
    .insert(clientTombstones)
    .values({ clientId: id, syncSeq: nextSyncSeq(), deletedAt: now })
    .onConflictDoUpdate({ target: clientTombstones.clientId, set: { syncSeq: nextSyncSeq(), deletedAt: now } });
  return true;
}
