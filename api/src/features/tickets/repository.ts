/**
 * Tickets and work-history repository (SPEC.md 3 support_tickets / ticket_updates, DESIGN.md 4):
 * ALL of the feature's SQL. Functions take the db or the route's transaction first and return rows;
 * presenter.ts turns rows into API shapes.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES, TICKET_STATUSES } from '@portal/shared';
import type { TicketCounts, TicketCreate, TicketMergeField, TicketStatus, UpdateType } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketCounts, ticketSearchText, ticketUpdates, users } from '../../db/schema';
import { nextSyncSeq, syncLockExpression } from '../../db/sync';
import type { NewJob } from '../../notify/jobs';
import { TICKET_NUMBER_SLOT } from '../../notify/rules';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketUpdateRow = typeof ticketUpdates.$inferSelect;

/** A support_tickets row as a raw SQL statement returns it (snake_case, driver types). */
type RawTicketRow = Record<string, unknown>;

/** Raw row -> TicketRow (node-postgres gives int8 as string; both drivers give Date for timestamptz). */
function ticketFromRaw(r: RawTicketRow): TicketRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(r.id),
    ticketNumber: String(r.ticket_number),
    clientName: String(r.client_name),
    businessName: (r.business_name as string | null) ?? null,
    customerEmail: String(r.customer_email),
    customerPhone: String(r.customer_phone),
    severity: r.severity as TicketRow['severity'],
    contactMethod: r.contact_method as TicketRow['contactMethod'],
    issue: String(r.issue),
    status: r.status as TicketStatus,
    assignedTo: (r.assigned_to as string | null) ?? null,
    resolution: (r.resolution as string | null) ?? null,
    version: Number(r.version),
    syncSeq: Number(r.sync_seq),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

/** What {@link insertNewTicket} writes: the ticket's id, the form's fields and its notification jobs. */
export interface NewTicket {
  id: string;
  input: TicketCreate;
  now: Date;
  /** Jobs of the new ticket, TICKET_NUMBER_SLOT standing for its number (notify/rules.ts). */
  jobs: NewJob[];
}

/**
 * Creates a ticket in ONE statement (issue 16): takes the sync lock, the next ticket number
 * (`INSERT ... ON CONFLICT (id) DO UPDATE SET last_number = last_number + 1` on the `TICKET_SEQ`
 * row, created on first use: unique and gap-free under concurrency, DESIGN.md 4; formatted like
 * `formatTicketNumber`: `TKT-` and at least six digits), inserts the open ticket at version 1, its
 * 'created' work-history row, its status-tab count and its notification jobs (due now, the number
 * put in place of TICKET_NUMBER_SLOT in `summary` and `payload.ticket.ticketNumber`). Every create
 * waits for the lock and the number row until its transaction commits, so this section is kept to
 * this one round trip and COMMIT. Call inside the create transaction; a rollback gives the number
 * back.
 */
export async function insertNewTicket(tx: Database, t: NewTicket): Promise<TicketRow> {
  const { input, now } = t;
  const jobs = t.jobs.map((j) => ({ channel: j.channel, kind: j.payload.kind, recipient: j.recipient, summary: j.summary, payload: j.payload }));
  const result = await tx.execute(sql`
    with sync_lock as (select ${syncLockExpression()}),
    num as (
      insert into ticket_sequence (id, last_number, updated_at)
      select 'TICKET_SEQ', 1, ${now} from sync_lock
      on conflict (id) do update set last_number = ticket_sequence.last_number + 1, updated_at = excluded.updated_at
      returning last_number),
    t as (
      insert into support_tickets (id, ticket_number, client_name, business_name, customer_email, customer_phone,
        severity, contact_method, issue, status, version, created_at, updated_at)
      select ${t.id}, 'TKT-' || lpad(num.last_number::text, greatest(6, length(num.last_number::text)), '0'),
        ${input.clientName}, ${input.businessName}, ${input.customerEmail}, ${input.customerPhone},
        ${input.severity}, ${input.contactMethod}, ${input.issue}, 'open', 1, ${now}, ${now}
      from num
      returning *),
    h as (
      insert into ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, comment, ticket_version, created_at)
      select id, null, 'created', null, status, null, version, created_at from t),
    c as (
      insert into ticket_counts (assignee, status, count) select '', status, 1 from t
      on conflict (assignee, status) do update set count = ticket_counts.count + 1),
    j as (
      insert into notification_jobs (channel, kind, recipient, summary, ticket_id, payload, status, next_attempt_at, created_at, updated_at)
      select x.channel, x.kind, x.recipient, replace(x.summary, ${TICKET_NUMBER_SLOT}, t.ticket_number), t.id,
        jsonb_set(x.payload, '{ticket,ticketNumber}', to_jsonb(t.ticket_number)), 'pending', ${now}, ${now}, ${now}
      from t, jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb) as x(channel text, kind text, recipient text, summary text, payload jsonb))
    select * from t`);
  const rows = (result as unknown as { rows: RawTicketRow[] }).rows;
  return ticketFromRaw(rows[0]!);
}

/** One ticket, optionally locked FOR UPDATE (inside a transaction). */
export async function findTicket(db: Database, id: string, forUpdate = false): Promise<TicketRow | undefined> {
  const q = db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Most tickets the deprecated unpaged `GET /api/tickets` returns (newest first). */
export const LEGACY_LIST_LIMIT = 1000;

/** The newest `limit` tickets, newest first (the deprecated unpaged list). */
export async function listTickets(db: Database, limit = LEGACY_LIST_LIMIT): Promise<TicketRow[]> {
  return db.select().from(supportTickets).orderBy(desc(supportTickets.createdAt), desc(supportTickets.id)).limit(limit);
}

/** One page of a feed: at most `limit` rows and whether more follow. */
export interface FeedPage<T> {
  rows: T[];
  more: boolean;
}

/** Cuts a `limit + 1` query result into a page. */
function toPage<T>(rows: T[], limit: number): FeedPage<T> {
  return rows.length > limit ? { rows: rows.slice(0, limit), more: true } : { rows, more: false };
}

/**
 * First sync_seq of the last `days` days: the smallest sync_seq of a ticket whose last change is at
 * or after `now - days` (index on updated_at; reads only the recent tickets). Every change after it
 * is recent. Null when nothing changed in that window.
 */
async function recentSeqStart(db: Database, now: Date, days: number): Promise<number | null> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const [row] = await db
    .select({ seq: sql<string | number | null>`min(${supportTickets.syncSeq})` })
    .from(supportTickets)
    .where(gte(supportTickets.updatedAt, cutoff));
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** Options of the delta feeds. */
export interface FeedOptions {
  /** Cursor: rows with sync_seq > since. */
  since: number;
  limit: number;
  /** Working set only: tickets not closed plus tickets changed in the last `recentDays` days. */
  recentDays?: number | undefined;
  now: Date;
}

/**
 * Tickets changed after cursor `since` (sync_seq > since), oldest change first, at most `limit`
 * (issue 16). With `recentDays`, only the working set: tickets not closed (partial index
 * support_tickets_active_sync_seq_idx) before the window's first sync_seq, then every change from
 * it on (every such ticket changed in the window). Each phase reads at most `limit + 1` index
 * entries, so a page never costs more than its size, whatever the table holds.
 */
export async function listTicketsSince(db: Database, opts: FeedOptions): Promise<FeedPage<TicketRow>> {
  const { since, limit } = opts;
  const page = (from: number, to: number | null, activeOnly: boolean, n: number) =>
    db
      .select()
      .from(supportTickets)
      .where(
        and(
          gt(supportTickets.syncSeq, from),
          to === null ? undefined : lt(supportTickets.syncSeq, to),
          activeOnly ? ne(supportTickets.status, 'closed') : undefined,
        ),
      )
      .orderBy(asc(supportTickets.syncSeq))
      .limit(n);
  if (opts.recentDays === undefined) return toPage(await page(since, null, false, limit + 1), limit);

  const start = await recentSeqStart(db, opts.now, opts.recentDays);
  const active = start === null || since + 1 < start ? await page(since, start, true, limit + 1) : [];
  if (active.length > limit || start === null) return toPage(active, limit);
  const recent = await page(Math.max(since, start - 1), null, false, limit + 1 - active.length);
  return toPage([...active, ...recent], limit);
}
/**
 * Sets merge fields, `version` and `updatedAt` and moves the ticket forward in the delta feed.
 * @returns the updated row.
 */
export async function updateTicketFields(
  tx: Database,
  id: string,
  set: Partial<Pick<TicketRow, TicketMergeField>>,
  version: number,
  now: Date,
): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...set, version, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.id, id))
    .returning();
  return row!;
}

/** Unassigns every ticket of `userId` (version + 1, new sync_seq); returns the ids, new versions and statuses. */
export async function unassignAllOf(tx: Database, userId: string, now: Date): Promise<{ id: string; version: number; status: TicketStatus }[]> {
  return tx
    .update(supportTickets)
    .set({ assignedTo: null, version: sql`${supportTickets.version} + 1`, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.assignedTo, userId))
    .returning({ id: supportTickets.id, version: supportTickets.version, status: supportTickets.status });
}

/** A work-history row to insert. */
export interface NewTicketUpdate {
  ticketId: string;
  updatedBy: string | null;
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  /** A customer-visible reply (issue 10); absent = false (internal note, or not a comment). */
  reply?: boolean;
  ticketVersion: number;
  createdAt: Date;
}

/** Inserts work-history rows (each takes the next sync_seq by default); returns them in order. */
export async function insertTicketUpdates(tx: Database, rows: NewTicketUpdate[]): Promise<TicketUpdateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(ticketUpdates).values(rows).returning();
}

/** A work-history row with its author's username (null for the public form or a deleted user). */
export type TicketUpdateWithAuthor = TicketUpdateRow & { updatedByName: string | null };

/** Reads work history with authors; `where` and `order` decide which rows. */
function historyQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ row: ticketUpdates, updatedByName: users.username })
    .from(ticketUpdates)
    .leftJoin(users, eq(users.id, ticketUpdates.updatedBy))
    .where(where);
}

const withAuthor = (rows: { row: TicketUpdateRow; updatedByName: string | null }[]): TicketUpdateWithAuthor[] =>
  rows.map((r) => ({ ...r.row, updatedByName: r.updatedByName }));

/**
 * Work history, newest first, at most `limit` rows (`ticketId` narrows to one ticket): the plain
 * array of `GET /api/ticket-updates` without `since`.
 */
export async function listTicketUpdates(db: Database, opts: { ticketId?: string | undefined; limit: number }): Promise<TicketUpdateWithAuthor[]> {
  const rows = await historyQuery(db, opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined)
    .orderBy(desc(ticketUpdates.createdAt), desc(ticketUpdates.syncSeq))
    .limit(opts.limit);
  return withAuthor(rows);
}

/**
 * Work-history rows written after cursor `since`, oldest first, at most `limit` (delta sync, issue
 * 16); `ticketId` narrows to one ticket. With `recentDays`, only the history of the working-set
 * tickets (not closed, or changed in the last `recentDays` days), read from those tickets' side.
 */
export async function listTicketUpdatesSince(
  db: Database,
  opts: FeedOptions & { ticketId?: string | undefined },
): Promise<FeedPage<TicketUpdateWithAuthor>> {
  let working: SQL | undefined;
  if (opts.recentDays !== undefined) {
    const start = await recentSeqStart(db, opts.now, opts.recentDays);
    const ids = db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(start === null ? ne(supportTickets.status, 'closed') : or(ne(supportTickets.status, 'closed'), gte(supportTickets.syncSeq, start)));
    working = inArray(ticketUpdates.ticketId, ids);
  }
  const where = and(gt(ticketUpdates.syncSeq, opts.since), opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined, working);
  const rows = await historyQuery(db, where).orderBy(asc(ticketUpdates.syncSeq)).limit(opts.limit + 1);
  const page = toPage(rows, opts.limit);
  return { rows: withAuthor(page.rows), more: page.more };
}

/** Update types recorded for a ticket after version `baseVersion` (what the server changed since). */
export async function updateTypesSince(tx: Database, ticketId: string, baseVersion: number): Promise<Set<UpdateType>> {
  const rows = await tx
    .selectDistinct({ updateType: ticketUpdates.updateType })
    .from(ticketUpdates)
    .where(and(eq(ticketUpdates.ticketId, ticketId), gt(ticketUpdates.ticketVersion, baseVersion)));
  return new Set(rows.map((r) => r.updateType));
}

/** Usernames of the given user ids (assignment history stores names, not ids). */
export async function usernamesOf(tx: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** True when `id` is a technician or admin (SPEC.md 6: the assignee list offers only those). */
export async function isAssignable(tx: Database, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  return Boolean(row);
}

/** Filters of the staff list and counts (issue 16), resolved: `assignee` null = unassigned. */
export interface TicketFilter {
  statuses?: TicketStatus[] | undefined;
  /** A user id, null for unassigned tickets, undefined for everyone's. */
  assignee?: string | null | undefined;
  /** Case-insensitive substring of ticketSearchText. */
  q?: string | undefined;
}

/** `q` as an ILIKE pattern: its own %, _ and \\ match literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL conditions of a filter. */
function filterConditions(f: TicketFilter): (SQL | undefined)[] {
  return [
    f.statuses && f.statuses.length > 0 ? inArray(supportTickets.status, f.statuses) : undefined,
    f.assignee === null ? isNull(supportTickets.assignedTo) : f.assignee !== undefined ? eq(supportTickets.assignedTo, f.assignee) : undefined,
    f.q ? sql`(${ticketSearchText(supportTickets)}) ilike ${containsPattern(f.q)}` : undefined,
  ];
}

/** One page of the staff list as JSON text, built by the database (see {@link listTicketPageJson}). */
export interface TicketPageJson {
  /** JSON array of `Ticket`s, exactly what `rows.map(presentTicket)` serialises to. */
  itemsJson: string;
  more: boolean;
  /** Id of the page's last ticket (the next page's cursor), null on an empty page. */
  lastId: string | null;
}

/** timestamptz -> the text of `Date.prototype.toISOString()` (milliseconds truncated, as JS Dates keep them). */
const isoText = (column: SQL) => sql`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One keyset page of the staff list (issue 16): tickets matching `filter`, newest first
 * (created_at desc, id desc), strictly after the ticket `cursor` (the last id of the previous
 * page), at most `limit`. Keyset, not OFFSET: a page costs the same at 100,000 tickets as at 100,
 * and tickets created meanwhile never shift or repeat rows of later pages. Served by the
 * (created_at, id), (status, created_at, id) and (assigned_to, created_at, id) indexes; `q` by the
 * trigram index.
 *
 * The database builds the page's JSON: the rows become the `Ticket` JSON of presenter.ts (same keys
 * and values; paging.test.ts compares both), so the API neither parses 50 rows nor maps and
 * serialises them, which was most of a list request's CPU time (PGlite parses rows in JavaScript,
 * three times slower than this). Keep in step with `presentTicket`.
 */
export async function listTicketPageJson(
  db: Database,
  filter: TicketFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<TicketPageJson> {
  const after = page.cursor
    ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < ((select c.created_at from support_tickets c where c.id = ${page.cursor}), ${page.cursor}::uuid)`
    : undefined;
  const where = and(...filterConditions(filter), after) ?? sql`true`;
  const result = await db.execute(sql`
    with page as (
      select * from ${supportTickets} where ${where}
      order by ${supportTickets.createdAt} desc, ${supportTickets.id} desc limit ${page.limit + 1}),
    shown as (select * from page order by created_at desc, id desc limit ${page.limit})
    select
      (select coalesce(json_agg(to_json(x) order by p.created_at desc, p.id desc), '[]'::json)::text
       from shown p cross join lateral (select p.id, p.ticket_number as "ticketNumber", p.client_name as "clientName",
         p.business_name as "businessName", p.customer_email as "customerEmail", p.customer_phone as "customerPhone",
         p.severity, p.contact_method as "contactMethod", p.issue, p.status, p.assigned_to as "assignedTo",
         p.resolution, p.version, ${isoText(sql`p.created_at`)} as "createdAt", ${isoText(sql`p.updated_at`)} as "updatedAt") x) as items,
      (select count(*)::int from page) as found,
      (select id from shown order by created_at asc, id asc limit 1) as last_id`);
  const row = (result as unknown as { rows: { items: string; found: number | string; last_id: string | null }[] }).rows[0]!;
  return { itemsJson: row.items, more: Number(row.found) > page.limit, lastId: row.last_id ?? null };
}

/** A ticket by id or by ticket number (`TKT-000123`, any case). */
export async function findTicketByRef(db: Database, ref: { id?: string; ticketNumber?: string }): Promise<TicketRow | undefined> {
  const where = ref.id ? eq(supportTickets.id, ref.id) : eq(supportTickets.ticketNumber, ref.ticketNumber!.toUpperCase());
  const [row] = await db.select().from(supportTickets).where(where).limit(1);
  return row;
}

/** `assignee` key of ticket_counts: the user id, '' for unassigned. */
const countKey = (assignee: string | null) => assignee ?? '';

/** One change of the tab counts: `delta` tickets of `assignee` (null = unassigned) in `status`. */
export interface CountDelta {
  assignee: string | null;
  status: TicketStatus;
  delta: number;
}

/**
 * Applies count changes in one statement (upsert, summed per key). Call inside the ticket write's
 * transaction, after lockSync, so counts change in step with the tickets they describe.
 */
export async function adjustTicketCounts(tx: Database, deltas: CountDelta[]): Promise<void> {
  const merged = new Map<string, { assignee: string; status: TicketStatus; count: number }>();
  for (const d of deltas) {
    const key = `${countKey(d.assignee)}|${d.status}`;
    const cur = merged.get(key) ?? { assignee: countKey(d.assignee), status: d.status, count: 0 };
    cur.count += d.delta;
    merged.set(key, cur);
  }
  const values = [...merged.values()].filter((v) => v.count !== 0);
  if (values.length === 0) return;
  await tx
    .insert(ticketCounts)
    .values(values)
    .onConflictDoUpdate({ target: [ticketCounts.assignee, ticketCounts.status], set: { count: sql`${ticketCounts.count} + excluded.count` } });
}

/**
 * Rebuilds ticket_counts from support_tickets (one scan; at start). Call inside a transaction
 * after lockSync so no ticket write interleaves.
 */
export async function recountTickets(tx: Database): Promise<void> {
  await tx.delete(ticketCounts);
  await tx.execute(sql`
    insert into ticket_counts (assignee, status, count)
    select coalesce(assigned_to::text, ''), status, count(*)::int from support_tickets group by 1, 2`);
}

/**
 * Tickets per status tab from ticket_counts (a handful of rows, whatever the table holds);
 * `assignee`: a user id, null = unassigned, undefined = everyone.
 */
export async function countTickets(db: Database, assignee: string | null | undefined): Promise<TicketCounts> {
  const rows = await db
    .select({ status: ticketCounts.status, count: sql<number>`sum(${ticketCounts.count})::int` })
    .from(ticketCounts)
    .where(assignee === undefined ? undefined : eq(ticketCounts.assignee, countKey(assignee)))
    .groupBy(ticketCounts.status);
  const counts = { all: 0 } as TicketCounts;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const r of rows) {
    if (!(r.status in counts)) continue;
    counts[r.status] = Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}

/**
 * Tickets per status tab of a searched list (issue 16: the tab counts beside a search): one
 * grouped count over the tickets matching `filter` (`q` through the trigram index, plus
 * `assignee`). Costs what the search costs; without `q`, {@link countTickets} reads ticket_counts.
 */
export async function countMatchingTickets(db: Database, filter: TicketFilter): Promise<TicketCounts> {
  const rows = await db
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(...filterConditions(filter)))
    .groupBy(supportTickets.status);
  const counts = { all: 0 } as TicketCounts;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const r of rows) {
    counts[r.status] = Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}
