/**
 * Drizzle schema of every SPEC.md 3 entity plus the API's own tables (sessions, idempotency keys,
 * notification outbox). snake_case columns, camelCase fields, uuid ids, timestamptz (DESIGN.md 2).
 * One schema and one migration folder serve PGlite and node-postgres alike.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ContactMethod, ContentCategory, ContentType, NotificationChannel, NotificationStatus, Platform, Role, Severity, TicketStatus, UpdateType } from '@portal/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/**
 * Global change counter for delta sync (DESIGN.md 4): every insert or update of a ticket or a
 * work-history row takes `nextval('sync_seq')`; `GET ...?since=N` returns rows with sync_seq > N.
 */
export const syncSeq = pgSequence('sync_seq', { startWith: 1, increment: 1 });
const syncSeqColumn = () =>
  bigint('sync_seq', { mode: 'number' }).notNull().default(sql`nextval('sync_seq')`);

/** SPEC.md 3 users. `password` holds an argon2id hash, never returned by the API. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email'),
  role: text('role').$type<Role>().notNull().default('user'),
  createdAt: createdAt(),
});

/** Login sessions: only the sha256 of the opaque token is stored (DESIGN.md 4). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

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
  },
  (t) => [
    index('support_tickets_sync_seq_idx').on(t.syncSeq),
    // Survey stats (issue 11): counts per status and assignee over a creation range, index-only.
    index('support_tickets_stats_idx').on(t.createdAt, t.status, t.assignedTo, t.id),
    // Scheduler workload (issue 12): open + in-progress tickets per assignee, whatever their age.
    index('support_tickets_active_idx').on(t.assignedTo).where(sql`${t.status} IN ('open', 'in_progress')`),
    // Keyset pages of the staff list (issue 16): newest first, optionally per status or assignee.
    index('support_tickets_created_at_idx').on(t.createdAt, t.id),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt, t.id),
    index('support_tickets_assigned_created_idx').on(t.assignedTo, t.createdAt, t.id),
    // A phone's working set (delta sync with recentDays): tickets not closed, in feed order...
    index('support_tickets_active_sync_seq_idx').on(t.syncSeq).where(sql`${t.status} <> 'closed'`),
    // ...and where the feed of the last N days starts.
    index('support_tickets_updated_at_idx').on(t.updatedAt),
    // Staff search: case-insensitive substring (ILIKE) over ticketSearchText (pg_trgm, issue 16).
    index('support_tickets_search_idx').using('gin', sql`(${ticketSearchText(t)}) gin_trgm_ops`),
  ],
);

/**
 * The text the staff list's `q` searches (issue 16): number, client, business, e-mail, phone and
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

/**
 * Tickets per (assignee, status) for the status tabs (issue 16): `GET /api/tickets/counts` sums a
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
    /** A comment sent to the customer (e-mailed) rather than an internal note (issue 10); false for other types. */
    reply: boolean('reply').notNull().default(false),
    ticketVersion: integer('ticket_version').notNull(),
    syncSeq: syncSeqColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_updates_ticket_id_idx').on(t.ticketId, t.ticketVersion),
    index('ticket_updates_sync_seq_idx').on(t.syncSeq),
    // Survey stats (issue 11): the moments tickets entered resolved/closed in a time range, without reading
    // other history rows (index-only scan).
    index('ticket_updates_entered_done_idx')
      .on(t.createdAt, t.ticketId)
      .where(sql`${t.updateType} = 'status_change' AND ${t.newValue} IN ('resolved', 'closed') AND ${t.previousValue} NOT IN ('resolved', 'closed')`),
    // Scheduler KPIs (issue 12): staff entries since a range start (first response time); resolution
    // moments and resolved-per-day use ticket_updates_entered_done_idx above.
    index('ticket_updates_staff_idx').on(t.createdAt, t.ticketId).where(sql`${t.updatedBy} IS NOT NULL AND ${t.updateType} <> 'created'`),
  ],
);

/** SPEC.md 3 user_settings. */
export const userSettings = pgTable('user_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultCompany: text('default_company'),
  customerEmail: text('customer_email'),
  customerPhone: text('customer_phone'),
  theme: text('theme').notNull().default('light'),
  updatedAt: updatedAt(),
});

/** SPEC.md 3 settings: key/value system settings (support SMS number, notification e-mails). */
export const settings = pgTable('settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SPEC.md 3 ticket_sequence: one row `TICKET_SEQ`, incremented inside the create transaction. */
export const ticketSequence = pgTable('ticket_sequence', {
  id: text('id').primaryKey().default('TICKET_SEQ'),
  lastNumber: integer('last_number').notNull().default(0),
  updatedAt: updatedAt(),
});

/** SPEC.md 3 content_items. */
export const contentItems = pgTable('content_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description'),
  type: text('type').$type<ContentType>().notNull(),
  category: text('category').$type<ContentCategory>(),
  fileName: text('file_name'),
  version: text('version'),
  platform: text('platform').$type<Platform>(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * SPEC.md 3 satisfaction_surveys: one response per ticket (unique ticket_id: a second submit, even a
 * racing one, inserts nothing), ratings 1-5 checked by the database (issue 11). The ticket number,
 * customer and assigned technician are copied at submit time, so the row still reads correctly after
 * the ticket or the user changes. Issue 12 (KPIs) reads technician_rating per assigned_technician_id.
 */
export const satisfactionSurveys = pgTable(
  'satisfaction_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .unique()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    ticketNumber: text('ticket_number').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    assignedTechnicianId: uuid('assigned_technician_id').references(() => users.id, { onDelete: 'set null' }),
    assignedTechnicianName: text('assigned_technician_name'),
    resolutionTimeHours: real('resolution_time_hours'),
    overallRating: integer('overall_rating').notNull(),
    technicianRating: integer('technician_rating').notNull(),
    responseTimeRating: integer('response_time_rating').notNull(),
    resolutionRating: integer('resolution_rating').notNull(),
    comments: text('comments'),
    improvements: text('improvements'),
    createdAt: createdAt(),
  },
  (t) => [
    index('satisfaction_surveys_created_at_idx').on(t.createdAt, t.id),
    index('satisfaction_surveys_technician_idx').on(t.assignedTechnicianId, t.createdAt),
    check('satisfaction_surveys_overall_rating_check', sql`${t.overallRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_technician_rating_check', sql`${t.technicianRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_response_time_rating_check', sql`${t.responseTimeRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_resolution_rating_check', sql`${t.resolutionRating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Survey invitations (issue 11): one per ticket, written in the transaction that moves the ticket to
 * resolved/closed. The link's token is never stored: it is HMAC(server secret, invitation id),
 * derived again when the e-mail is rendered (notify/survey-links.ts); only its sha256 is kept here for
 * the lookup. `sent_at` is set when the e-mail was handed to the provider (the response rate's
 * denominator), `responded_at` when the customer answered; the link works until `expires_at`
 * (SURVEY_TTL_DAYS after the invitation).
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    /** When the customer answered (set in the submit transaction): the response rate's numerator. */
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_invitations_ticket_id_idx').on(t.ticketId),
    uniqueIndex('survey_invitations_token_hash_idx').on(t.tokenHash),
    index('survey_invitations_sent_at_idx').on(t.sentAt, t.respondedAt),
  ],
);

/**
 * One endpoint of a vault entry (SPEC.md 3), stored in the `endpoints` jsonb list. `id` is stable
 * across edits (it is part of the password's associated data and lets an edit keep the stored
 * password); `password` is the encrypted value (api/src/features/vault/crypto.ts), never plaintext.
 */
export interface VaultEndpoint {
  id: string;
  name: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
}

/** Secret columns of customer_vault (AES-256-GCM ciphertext, `v1:<keyId>:...`; DESIGN.md 7). */
const VAULT_SECRET_COLUMNS = [
  'domain_password',
  'hosting_password',
  'wifi_password',
  'router_password',
  'isp_account_number',
  'phone_account_number',
] as const;

/**
 * SPEC.md 3 customer_vault. Secret columns hold AES-256-GCM ciphertext (DESIGN.md 7); a CHECK refuses
 * anything that does not look like the ciphertext format, so a bug can never store a plaintext
 * secret. `version` grows with every change; `sync_seq` feeds the offline index's delta sync.
 */
export const customerVault = pgTable(
  'customer_vault',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    domainRegistrar: text('domain_registrar'),
    domainUsername: text('domain_username'),
    domainPassword: text('domain_password'),
    hostingProvider: text('hosting_provider'),
    hostingUsername: text('hosting_username'),
    hostingPassword: text('hosting_password'),
    wifiSsid: text('wifi_ssid'),
    wifiPassword: text('wifi_password'),
    routerUsername: text('router_username'),
    routerPassword: text('router_password'),
    staticIp: text('static_ip'),
    ispProvider: text('isp_provider'),
    ispAccountNumber: text('isp_account_number'),
    phoneProvider: text('phone_provider'),
    phoneAccountNumber: text('phone_account_number'),
    notes: text('notes'),
    endpoints: jsonb('endpoints').$type<VaultEndpoint[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    syncSeq: syncSeqColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_vault_business_name_idx').on(t.businessName),
    index('customer_vault_sort_idx').on(sql`lower(${t.businessName})`, t.id),
    index('customer_vault_sync_seq_idx').on(t.syncSeq),
    ...VAULT_SECRET_COLUMNS.map((c) =>
      check(`customer_vault_${c}_encrypted`, sql`${sql.identifier(c)} is null or ${sql.identifier(c)} ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$'`),
    ),
  ],
);

/**
 * Deleted vault entries, so the offline index's delta sync can remove them from devices
 * (`GET /api/vault?since=` lists their ids in `deleted`). Only the id is kept; nothing of the entry.
 */
export const vaultTombstones = pgTable(
  'vault_tombstones',
  {
    entryId: uuid('entry_id').primaryKey(),
    syncSeq: syncSeqColumn(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('vault_tombstones_sync_seq_idx').on(t.syncSeq)],
);

/**
 * The reveal audit (issue 13): one row per secret revealed, with who, which entry and field, when
 * and from which IP. Append-only: the app never updates or deletes a row, and there are no foreign
 * keys, so deleting the entry or the user cannot change or remove the evidence (names are copied).
 */
export const vaultReveals = pgTable(
  'vault_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id').notNull(),
    businessName: text('business_name').notNull(),
    userId: uuid('user_id'),
    username: text('username').notNull(),
    field: text('field').notNull(),
    endpointId: uuid('endpoint_id'),
    endpointName: text('endpoint_name'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    /** When the value was shown; for an offline reveal the device's time of the reveal (issue 14). */
    createdAt: createdAt(),
    /** 'online' (reveal API) or 'offline' (reported later by a device, issue 14). */
    source: text('source').notNull().default('online'),
    /** Offline reveals: the device (no foreign key: evidence outlives the device row), its name, when reported. */
    deviceId: uuid('device_id'),
    deviceName: text('device_name'),
    receivedAt: ts('received_at'),
    /** Offline reveal reported after the device's access ended (revoked or expired); the reveal was before. */
    deviceRevoked: boolean('device_revoked').notNull().default(false),
  },
  (t) => [
    check('vault_reveals_source_check', sql`${t.source} in ('online', 'offline')`),
    index('vault_reveals_created_at_idx').on(t.createdAt),
    index('vault_reveals_entry_id_idx').on(t.entryId, t.createdAt),
    index('vault_reveals_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Devices with offline vault access (issue 14): one row per grant ("Keep vault available offline"
 * on a device). `bundle_key` is the device's random 256-bit bundle key encrypted under the vault
 * keyring (same `v1:<keyId>:` format as the secrets; the server needs it to re-encrypt deltas).
 * A revoked row stays (the admin list and the audit know which device had access until when); its
 * bundle key is erased. Reveals reported by a device refer to it by id without a foreign key.
 */
export const vaultDevices = pgTable(
  'vault_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceName: text('device_name').notNull(),
    bundleKey: text('bundle_key'),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    lastSyncAt: ts('last_sync_at'),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('vault_devices_user_id_idx').on(t.userId),
    index('vault_devices_granted_at_idx').on(t.grantedAt),
    check('vault_devices_bundle_key_encrypted', sql`${t.bundleKey} is null or ${t.bundleKey} ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$'`),
    check('vault_devices_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null) and (${t.revokedAt} is null or ${t.bundleKey} is null)`),
  ],
);

/**
 * Rate-limit counters shared by every API process on the database (issue 16): the table layout of
 * rate-limiter-flexible's RateLimiterPostgres (http/rate-limit-stores.ts), one row per limiter
 * prefix + key, `expire` in epoch ms. Used when RATE_LIMIT_STORE is `postgres`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Stored results of writes made with an Idempotency-Key header (DESIGN.md 4): a replay with the same
 * key returns `responseBody` with `statusCode` and changes nothing.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: uuid('key').primaryKey(),
  userId: uuid('user_id'),
  /** `METHOD path sha256(body)`: a key reused for another request is refused. */
  fingerprint: text('fingerprint').notNull(),
  statusCode: integer('status_code'),
  responseBody: jsonb('response_body'),
  createdAt: createdAt(),
});

/**
 * Web push subscriptions (issue 4, DESIGN.md 6): one row per browser endpoint, owned by the user and
 * the login session (device) that subscribed. Deleting the session (logout, password change, expiry)
 * deletes its subscriptions through the foreign key; a 404/410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expirationTime: ts('expiration_time'),
    userAgent: text('user_agent'),
    /** Failed sends in a row (issue 17): the subscription is backed off until `retryAt`, and dropped after too many. */
    failures: integer('failures').notNull().default(0),
    /** First failure of the current streak; null while healthy. */
    failingSince: ts('failing_since'),
    /** No send to this endpoint before this time (backoff); null while healthy. */
    retryAt: ts('retry_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId), index('push_subscriptions_session_id_idx').on(t.sessionId)],
);

/**
 * Notification outbox (DESIGN.md 6), written in the same transaction as the ticket change.
 * `pending` jobs are due at `next_attempt_at`; a claimed job is `sending` with `next_attempt_at` as its
 * lease deadline and `lease_token` naming the claim (a job whose lease ran out is claimed again).
 * `attempts` counts started attempts; `summary` and `detail` feed the admin delivery log.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** What the job does (template), e.g. `new_ticket_staff`; see api/src/notify/types.ts. */
    kind: text('kind').notNull().default(''),
    /** E-mail address, phone number or `push:<username>`; resolved when the job is written. */
    recipient: text('recipient').notNull(),
    summary: text('summary').notNull().default(''),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    /** What the provider answered on success (message id, SID, log file). */
    detail: text('detail'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notification_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_jobs_created_at_idx').on(t.createdAt),
    index('notification_jobs_ticket_id_idx').on(t.ticketId, t.kind),
  ],
);
