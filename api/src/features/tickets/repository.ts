/**
 * Tickets repository (SPEC.md 3 support_tickets, DESIGN.md 4): ticket rows and the assignee lookups.
 * With feedRepository.ts (the delta feeds), historyRepository.ts (work history) and
 * staffListRepository.ts (the staff list and tab counts) it holds ALL of the feature's SQL. Functions take the db or the
 * route's transaction first and return rows; presenter.ts turns rows into API shapes.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@portal/shared';
import type { TicketCreate, TicketCreated, TicketMergeField, TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketUpdates, users } from '../../db/schema';
import { preparedRowsOf, rowsOf } from '../../db/rows';
import { nextSyncSeq, syncLockExpression } from '../../db/sync';
import { insertAnsweredKeys, type KeyClaim } from '../../http/transaction';
import type { SlaColumns } from './sla';

/**
 * Stands for the ticket number in the stored answer of a ticket whose number is not taken yet: the
 * create statement (repository `insertNewTickets`, one per group commit) stores an Idempotency-Key's
 * answer in the same statement that takes the number, and puts the number in its place.
 */
export const TICKET_NUMBER_SLOT = '{ticketNumber}';

/**
 * The new tickets' rows inside the create statement ({@link insertNewTickets}: `id`,
 * `ticket_number`, `status`, `version`, `created_at`, `assigned_to`), for the CTEs the
 * `ticket.created` subscribers add to it (`inStatement`, e.g. the new-ticket jobs).
 */
export const NEW_TICKET_ROWS = sql.raw('t');

/** What a link row stores: the nonce, sha256 of its token, and when it expires. */
export interface StoredStatusLink {
  nonce: string;
  tokenHash: string;
  expiresAt: Date;
}

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketUpdateRow = typeof ticketUpdates.$inferSelect;

/** A support_tickets row as a raw SQL statement returns it (snake_case, driver types). */
type RawTicketRow = Record<string, unknown>;

/** A raw timestamptz value as a Date (both drivers give Date; text is parsed). */
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Raw row -> TicketRow (node-postgres gives int8 as string; both drivers give Date for timestamptz). */
function ticketFromRaw(r: RawTicketRow): TicketRow {
  const maybeDate = (v: unknown) => (v === null || v === undefined ? null : date(v));
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
    firstResponseDueAt: maybeDate(r.first_response_due_at),
    resolutionDueAt: maybeDate(r.resolution_due_at),
    firstResponseWarnAt: maybeDate(r.first_response_warn_at),
    resolutionWarnAt: maybeDate(r.resolution_warn_at),
    firstResponseAt: maybeDate(r.first_response_at),
    resolvedAt: maybeDate(r.resolved_at),
    waitingOnCustomer: r.waiting_on_customer === true,
    waitingSince: maybeDate(r.waiting_since),
    pausedMinutes: Number(r.paused_minutes ?? 0),
    customerRepliedAt: r.customer_replied_at === null || r.customer_replied_at === undefined ? null : date(r.customer_replied_at),
    clientId: (r.client_id as string | null) ?? null,
    siteId: (r.site_id as string | null) ?? null,
    contactId: (r.contact_id as string | null) ?? null,
    mergedInto: (r.merged_into as string | null) ?? null,
    mergedIntoNumber: (r.merged_into_number as string | null) ?? null,
    possibleDuplicateOf: (r.possible_duplicate_of as string | null) ?? null,
    possibleDuplicateNumber: (r.possible_duplicate_number as string | null) ?? null,
    device: (r.device as string | null) ?? null,
  };
}

/** One ticket for {@link insertNewTickets}: its id, the form's fields and its time. */
export interface NewTicket {
  id: string;
  input: TicketCreate;
  now: Date;
  /** SLA due and warning times (tickets/sla.ts `dueColumns`). */
  due: { firstResponseDueAt: Date; resolutionDueAt: Date; firstResponseWarnAt: Date; resolutionWarnAt: Date };
  /** Its status link (statusLinks.ts): the nonce and token hash stored, never the token. */
  statusLink?: StoredStatusLink | undefined;
  /**
   * Its Idempotency-Key, stored in the same statement with the answer `201 answer`
   * (`answer.ticketNumber` is TICKET_NUMBER_SLOT, replaced by its number): the one-statement
   * group commit (create.ts `createTicketsAtOnce`).
   */
  idempotency?: { claim: KeyClaim; answer: TicketCreated } | undefined;
  /** Staff create (docs/replies-and-macros.md): its assignee and who made it (the 'created' row's author); absent = the public form's null/null. */
  assignedTo?: string | null | undefined;
  createdBy?: string | null | undefined;
  /** Staff create: the client and contact picked (the ticket is born linked); absent = none. */
  links?: { clientId: string | null; contactId: string | null; siteId?: string | null | undefined } | undefined;
}

/** What {@link insertNewTickets} answers for each ticket (all a create's answer needs). */
export type InsertedTicket = Pick<TicketRow, 'id' | 'ticketNumber' | 'createdAt'>;

/**
 * Creates tickets in ONE statement: takes the sync lock, the next `tickets.length`
 * ticket numbers (`INSERT ... ON CONFLICT (id) DO UPDATE SET last_number = last_number + n` on the
 * `TICKET_SEQ` row, created on first use: unique and gap-free under concurrency, DESIGN.md 4;
 * given in array order; formatted like `formatTicketNumber`: `TKT-` and at least six digits),
 * inserts each open ticket at version 1, its 'created' work-history row, the status-tab count, its
 * status link (docs/status-links.md) and its Idempotency-Key with its answer when it has one (the
 * notification jobs are written by the `ticket.created` subscribers, tickets/events.ts: in the group
 * commit as the `parts`, data-modifying CTEs named s1, s2, ... that may read {@link NEW_TICKET_ROWS}). Every ticket write waits for the lock and the number row until the transaction commits, so
 * the section is this one statement (and COMMIT when `tx` is a transaction), shared by every ticket
 * of a group commit (createQueue.ts). Run on the database itself, it is its own transaction: the
 * lock is released as it commits, without a round trip more. A failure or rollback gives the numbers
 * back. Its SQL text is the same for any group (the tickets travel as one JSON parameter), so it is
 * a named statement (db/rows.ts `preparedRowsOf`): each connection parses and plans it once
 * (docs/benchmarks.md "Day statistics per statement"). It names the columns it returns, never `*`:
 * a connection keeps it prepared across a migration that adds a column, and PostgreSQL refuses a
 * prepared statement whose result type changed. Returns each ticket's id, number and creation
 * time in the order of `tickets` ([] for []).
 */
export async function insertNewTickets(tx: Database, tickets: NewTicket[], parts: readonly SQL[] = []): Promise<InsertedTicket[]> {
  if (tickets.length === 0) return [];
  const items = tickets.map((t, i) => ({
    ord: i + 1,
    id: t.id,
    client_name: t.input.clientName,
    business_name: t.input.businessName,
    customer_email: t.input.customerEmail,
    customer_phone: t.input.customerPhone,
    severity: t.input.severity,
    contact_method: t.input.contactMethod,
    issue: t.input.issue,
    device: t.input.device ?? null,
    assigned_to: t.assignedTo ?? null,
    created_by: t.createdBy ?? null,
    client_id: t.links?.clientId ?? null,
    contact_id: t.links?.contactId ?? null,
    site_id: t.links?.siteId ?? null,
    at: t.now.toISOString(),
    fr_due: t.due.firstResponseDueAt.toISOString(),
    res_due: t.due.resolutionDueAt.toISOString(),
    fr_warn: t.due.firstResponseWarnAt.toISOString(),
    res_warn: t.due.resolutionWarnAt.toISOString(),
    link_nonce: t.statusLink?.nonce ?? null,
    link_hash: t.statusLink?.tokenHash ?? null,
    link_expires: t.statusLink?.expiresAt.toISOString() ?? null,
    key: t.idempotency?.claim.key ?? null,
    key_user: t.idempotency?.claim.scope.userId ?? null,
    key_fingerprint: t.idempotency?.claim.scope.fingerprint ?? null,
    answer: t.idempotency?.answer ?? null,
  }));
  const n = tickets.length;
  const latest = new Date(Math.max(...tickets.map((t) => t.now.getTime())));
  const rows = await preparedRowsOf<{ id: string; ticket_number: string; created_at: unknown }>(tx, 'tickets_create', sql`
    with sync_lock as (select ${syncLockExpression()}),
    num as (
      insert into ticket_sequence (id, last_number, updated_at)
      select 'TICKET_SEQ', ${n}::int, ${latest} from sync_lock
      on conflict (id) do update set last_number = ticket_sequence.last_number + excluded.last_number, updated_at = excluded.updated_at
      returning last_number),
    x as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(ord int, id uuid, client_name text,
        business_name text, customer_email text, customer_phone text, severity text, contact_method text, issue text, device text,
        assigned_to uuid, created_by uuid, client_id uuid, contact_id uuid, site_id uuid, at timestamptz, fr_due timestamptz, res_due timestamptz, fr_warn timestamptz, res_warn timestamptz,
        link_nonce text, link_hash text, link_expires timestamptz,
        key uuid, key_user uuid, key_fingerprint text, answer jsonb)),
    t as (
      insert into support_tickets (id, ticket_number, client_name, business_name, customer_email, customer_phone,
        severity, contact_method, issue, device, assigned_to, client_id, contact_id, site_id, status, version, created_at, updated_at,
        first_response_due_at, resolution_due_at, first_response_warn_at, resolution_warn_at)
      select x.id, 'TKT-' || lpad(k.n::text, greatest(6, length(k.n::text)), '0'),
        x.client_name, x.business_name, x.customer_email, x.customer_phone,
        x.severity, x.contact_method, x.issue, x.device, x.assigned_to, x.client_id, x.contact_id, x.site_id, 'open', 1, x.at, x.at,
        x.fr_due, x.res_due, x.fr_warn, x.res_warn
      from num, x, lateral (select num.last_number - ${n}::int + x.ord as n) as k
      order by x.ord
      returning id, ticket_number, status, version, created_at, assigned_to),
    h as (
      insert into ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, comment, ticket_version, created_at)
      select t.id, x.created_by, 'created', null, t.status, null, t.version, t.created_at from t join x on x.id = t.id),
    c as (
      insert into ticket_counts (assignee, status, count) select coalesce(assigned_to::text, ''), 'open', count(*) from t group by 1
      on conflict (assignee, status) do update set count = ticket_counts.count + excluded.count),
    l as (
      insert into ticket_status_links (ticket_id, nonce, token_hash, expires_at, created_at)
      select t.id, x.link_nonce, x.link_hash, x.link_expires, x.at from t join x on x.id = t.id where x.link_nonce is not null),
    k as (${insertAnsweredKeys(sql`
      select x.key, x.key_user, x.key_fingerprint, x.at, 201, jsonb_set(x.answer, '{ticketNumber}', to_jsonb(t.ticket_number))
      from t join x on x.id = t.id where x.key is not null`)})${sql.join(parts.map((p, i) => sql`, ${sql.raw(`s${i + 1}`)} as (${p})`))}
    select id, ticket_number, created_at from t`);
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, ticketNumber: r.ticket_number, createdAt: date(r.created_at) }]));
  return tickets.map((t) => byId.get(t.id)!);
}

/**
 * The ticket a write is about to change, after taking the sync lock and then its row lock (FOR
 * UPDATE), in ONE statement (a PATCH holds the embedded database for one round trip
 * less). Same lock order as every sync_seq writer (db/sync.ts). Undefined when there is no such
 * ticket. Call inside the write's transaction.
 */
export async function lockTicketForWrite(tx: Database, id: string): Promise<TicketRow | undefined> {
  const [row] = await rowsOf<RawTicketRow>(tx, sql`
    select t.* from (select ${syncLockExpression()}) as sync_lock, support_tickets t
    where t.id = ${id} for update of t`);
  return row ? ticketFromRaw(row) : undefined;
}

/**
 * Sets merge fields and SLA clock columns (tickets/sla.ts), `version` and `updatedAt` and moves the
 * ticket forward in the delta feed.
 * @returns the updated row.
 */
export async function updateTicketFields(
  tx: Database,
  id: string,
  set: Partial<Pick<TicketRow, TicketMergeField>> & SlaColumns,
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
    .set({
      assignedTo: null,
      version: sql`${supportTickets.version} + 1`,
      updatedAt: now,
      syncSeq: nextSyncSeq(),
      // The assignment history row it writes is a staff entry: the first response if none was (tickets/sla.ts).
      firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(supportTickets.assignedTo, userId))
    .returning({ id: supportTickets.id, version: supportTickets.version, status: supportTickets.status });
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

/** A ticket by id or by ticket number (`TKT-000123`, any case). */
export async function findTicketByRef(db: Database, ref: { id?: string; ticketNumber?: string }): Promise<TicketRow | undefined> {
  const where = ref.id ? eq(supportTickets.id, ref.id) : eq(supportTickets.ticketNumber, ref.ticketNumber!.toUpperCase());
  const [row] = await db.select().from(supportTickets).where(where).limit(1);
  return row;
}
