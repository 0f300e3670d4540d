/** Support tickets, their work history, tab counts and the ticket number sequence (SPEC.md 3). Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, customType, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ContactMethod, Severity, TicketStatus, UpdateType } from '@portal/shared';
import { createdAt, updatedAt, syncSeqColumn, ts } from './columns';
import { users } from './accounts';
import { clients, contacts, sites } from './clients';

/** SPEC.md 3 support_tickets plus `version` (optimistic merge) and `sync_seq` (delta sync). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: text('ticket_number').notNull().unique(),
    clientName: text('client_name').notNull(),
    businessName: text('business_name'),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    severity: text('severity').$type<Severity>().notNull(),
    contactMethod: text('contact_method').$type<ContactMethod>().notNull(),
    issue: text('issue').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    version: integer('version').notNull().default(1),
    syncSeq: syncSeqColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // SLA clocks (docs/sla.md): due and 80 % warning times of the two
    // targets (business time, shared/src/rules/sla.ts), when they were met, and the customer pause.
    // Maintained by the tickets service in the transaction of the change that moves them.
    firstResponseDueAt: ts('first_response_due_at'),
    resolutionDueAt: ts('resolution_due_at'),
    firstResponseWarnAt: ts('first_response_warn_at'),
    resolutionWarnAt: ts('resolution_warn_at'),
    firstResponseAt: ts('first_response_at'),
    resolvedAt: ts('resolved_at'),
    waitingOnCustomer: boolean('waiting_on_customer').notNull().default(false),
    waitingSince: ts('waiting_since'),
    /** Business minutes spent waiting on the customer so far (lengthens both targets). */
    pausedMinutes: doublePrecision('paused_minutes').notNull().default(0),
    /** Last customer reply from the status link not yet seen by staff (card 'Customer replied'); null once opened. */
    customerRepliedAt: ts('customer_replied_at'),
    /** The client, site and contact (docs/clients.md); null until matched or set by staff. */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    siteId: uuid('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    /** Merge (docs/merge.md, migration 0047): the ticket this one was merged into, and its number; null = not merged. */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => supportTickets.id, { onDelete: 'set null' }),
    mergedIntoNumber: text('merged_into_number'),
    /** Duplicate flag (docs/merge.md): an earlier ticket of the same contact with a similar subject, set when created. */
    possibleDuplicateOf: uuid('possible_duplicate_of').references((): AnyPgColumn => supportTickets.id, { onDelete: 'set null' }),
    possibleDuplicateNumber: text('possible_duplicate_number'),
    /** The public form's "Which device?" (docs/assets.md, migration 0051): the customer's words, or null. */
    device: text('device'),
  },
  (t) => [
    index('support_tickets_sync_seq_idx').on(t.syncSeq),
    // SLA statistics and alerts: per creation range with the clock columns (and updated_at, the KPI's
    // fallback resolution time), index-only; the alert
    // sweep's running clocks (not resolved, not waiting), by due time.
    index('support_tickets_sla_stats_idx').on(t.createdAt, t.assignedTo, t.severity, t.status, t.firstResponseAt, t.firstResponseDueAt, t.resolvedAt, t.resolutionDueAt, t.updatedAt),
    index('support_tickets_sla_running_idx').on(t.firstResponseWarnAt, t.resolutionWarnAt).where(sql`${t.resolvedAt} IS NULL AND NOT ${t.waitingOnCustomer}`),
    // Survey stats: counts per status and assignee over a creation range, index-only.
    index('support_tickets_stats_idx').on(t.createdAt, t.status, t.assignedTo, t.id),
    // Scheduler workload: open + in-progress tickets per assignee, whatever their age.
    index('support_tickets_active_idx').on(t.assignedTo).where(sql`${t.status} IN ('open', 'in_progress')`),
    // Keyset pages of the staff list: newest first, optionally per status or assignee.
    index('support_tickets_created_at_idx').on(t.createdAt, t.id),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt, t.id),
    index('support_tickets_assigned_created_idx').on(t.assignedTo, t.createdAt, t.id),
    // A phone's working set (delta sync with recentDays): tickets not closed, in feed order...
    index('support_tickets_active_sync_seq_idx').on(t.syncSeq).where(sql`${t.status} <> 'closed'`),
    // ...and where the feed of the last N days starts.
    index('support_tickets_updated_at_idx').on(t.updatedAt),
    // Staff search: case-insensitive substring (ILIKE) over ticketSearchText (pg_trgm).
    // A client's tickets, newest first (client page, open counts, last 10 on the phone).
    index('support_tickets_client_idx').on(t.clientId, t.createdAt, t.id).where(sql`${t.clientId} IS NOT NULL`),
    index('support_tickets_search_idx').using('gin', sql`(${ticketSearchText(t)}) gin_trgm_ops`),
    // The duplicate flag's candidates: a new ticket's address or contact, newest first (migration 0052).
    index('support_tickets_email_created_idx').on(sql`lower(${t.customerEmail})`, t.createdAt),
    index('support_tickets_contact_created_idx').on(t.contactId, t.createdAt).where(sql`${t.contactId} IS NOT NULL`),
    // A site's tickets, oldest first: the search queue's `site` jobs walk them (migration 0056).
    index('support_tickets_site_idx').on(t.siteId, t.createdAt, t.id).where(sql`${t.siteId} IS NOT NULL`),
  ],
);

/**
 * The text the staff list's `q` searches: number, client, business, e-mail, phone and
 * issue in one expression. The GIN trigram index above is built on exactly this expression, and
 * the repository's ILIKE must use it unchanged for the index to apply.
 */
export function ticketSearchText(t: {
  ticketNumber: AnyPgColumn;
  clientName: AnyPgColumn;
  businessName: AnyPgColumn;
  customerEmail: AnyPgColumn;
  customerPhone: AnyPgColumn;
  issue: AnyPgColumn;
}) {
  return sql`${t.ticketNumber} || ' ' || ${t.clientName} || ' ' || coalesce(${t.businessName}, '') || ' ' || ${t.customerEmail} || ' ' || ${t.customerPhone} || ' ' || ${t.issue}`;
}

/** PostgreSQL's tsvector, read and written as its text form (only SQL functions write it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Staff search (migrations 0025 and 0050, docs/search.md): one narrow row per ticket, out of the
 * list's `select *`: the words document (`doc`, links included), the lower-cased e-mail, its domain
 * reversed by labels, the phone digits reversed and the linked assets' tags. Written only by the migration's triggers and the first start's
 * backfill (tickets/searchIndex.ts), never by the app's statements.
 */
export const ticketSearch = pgTable('ticket_search', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => supportTickets.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  doc: tsvector('doc').notNull(),
  email: text('email').notNull(),
  domainRev: text('domain_rev').notNull(),
  phoneRev: text('phone_rev').notNull(),
  /** Lower-cased tags of the linked assets (migration 0050: the `asset` route). */
  assetTags: text('asset_tags').array().notNull(),
});

/**
 * Tickets per (assignee, status) for the status tabs: `GET /api/tickets/counts` sums a
 * handful of rows instead of counting every ticket. `assignee` is the user id, '' for unassigned.
 * Kept in step by the tickets service inside each ticket write (create, PATCH, unassign on user
 * deletion), under the sync lock; rebuilt from support_tickets at every start (main.ts), so rows
 * inserted by hand are counted after a restart.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    assignee: text('assignee').notNull(),
    status: text('status').$type<TicketStatus>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assignee, t.status] })],
);

/**
 * SPEC.md 3 ticket_updates (work history). `ticketVersion` is the ticket's version after this change,
 * which lets a stale baseVersion be merged field by field (DESIGN.md 4).
 */
export const ticketUpdates = pgTable(
  'ticket_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updateType: text('update_type').$type<UpdateType>().notNull(),
    previousValue: text('previous_value'),
    newValue: text('new_value'),
    comment: text('comment'),
    /** A comment sent to the customer (e-mailed) rather than an internal note; false for other types. */
    reply: boolean('reply').notNull().default(false),
    ticketVersion: integer('ticket_version').notNull(),
    syncSeq: syncSeqColumn(),
    createdAt: createdAt(),
    /** The macro whose application wrote this row (docs/replies-and-macros.md); its name as it was then. */
    macroId: uuid('macro_id'),
    macroName: text('macro_name'),
    /**
     * A customer's e-mail reply as received, whole (quoted history and signature included), when
     * `comment` holds only its new text (docs/inbound-mail.md "Clean threads"); null otherwise.
     */
    mailOriginal: text('mail_original'),
  },
  (t) => [
    index('ticket_updates_ticket_id_idx').on(t.ticketId, t.ticketVersion),
    index('ticket_updates_sync_seq_idx').on(t.syncSeq),
    // Survey stats: the moments tickets entered resolved/closed in a time range, without reading
    // other history rows (index-only scan).
    index('ticket_updates_entered_done_idx')
      .on(t.createdAt, t.ticketId)
      .where(sql`${t.updateType} = 'status_change' AND ${t.newValue} IN ('resolved', 'closed') AND ${t.previousValue} NOT IN ('resolved', 'closed')`),
    // Scheduler KPIs: staff entries since a range start (first response time); resolution
    // moments and resolved-per-day use ticket_updates_entered_done_idx above.
    index('ticket_updates_staff_idx').on(t.createdAt, t.ticketId).where(sql`${t.updatedBy} IS NOT NULL AND ${t.updateType} <> 'created'`),
  ],
);

/** SPEC.md 3 ticket_sequence: one row `TICKET_SEQ`, incremented inside the create transaction. */
export const ticketSequence = pgTable('ticket_sequence', {
  id: text('id').primaryKey().default('TICKET_SEQ'),
  lastNumber: integer('last_number').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Per UTC creation day and assignee ('' = unassigned): tickets, done (resolved or closed), done with
 * a `resolved_at`, and their summed resolution seconds (resolved_at - created_at); tickets per status,
 * done seconds with the updated_at fallback, responded tickets and summed first-response seconds.
 * Read by the survey statistics and the scheduler KPIs for the whole days of a range. Kept in the
 * transaction of every ticket write, whoever makes it, by triggers on support_tickets: per INSERT
 * statement (`ticket_day_stats_insert`, migration 0021: one upsert per day and assignee of the
 * inserted rows) and per updated or deleted row (`ticket_day_stats_sync`, migration 0016).
 */
export const ticketDayStats = pgTable(
  'ticket_day_stats',
  {
    day: date('day').notNull(),
    assignee: text('assignee').notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    timed: integer('timed').notNull().default(0),
    resolutionSeconds: numeric('resolution_seconds').notNull().default('0'),
    open: integer('open').notNull().default(0),
    inProgress: integer('in_progress').notNull().default(0),
    resolved: integer('resolved').notNull().default(0),
    closed: integer('closed').notNull().default(0),
    /** Done tickets' seconds to resolved_at, else to updated_at (the scheduler's resolution time). */
    doneSeconds: numeric('done_seconds').notNull().default('0'),
    responded: integer('responded').notNull().default(0),
    firstResponseSeconds: numeric('first_response_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.assignee] })],
);
