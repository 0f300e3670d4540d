/**
 * Clients, sites and contacts (issue 50, docs/clients.md). Part of the one Drizzle schema
 * (../schema.ts). Tickets (`client_id`, `site_id`, `contact_id`) and vault entries (`client_id`)
 * refer to them; those columns are declared in tickets.ts and vault.ts.
 *
 * - A client name is unique case-insensitively (`clients_name_key`), so two API processes creating
 *   the same name at once cannot both succeed: the loser's insert fails on the index -> 409.
 * - A contact's e-mail is unique among active (not archived) contacts, case-insensitively.
 * - Every write moves the client's `sync_seq` (a site or contact change re-sends the whole card to
 *   phones); deleted clients leave a `client_tombstones` row for the delta feed.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContactMethod } from '@portal/shared';
import { createdAt, syncSeqColumn, ts, updatedAt } from './columns';
import { users } from './accounts';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-case e-mail domains that identify the client's people (never free-mail domains). */
    emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
    /** E.164 */
    phone: text('phone'),
    notes: text('notes'),
    archivedAt: ts('archived_at'),
    /** The end of the client's newest visit (close-out, docs/visits.md), kept by the `clients.last_visit` subscriber (migration 0053). */
    lastVisitAt: ts('last_visit_at'),
    version: integer('version').notNull().default(1),
    syncSeq: syncSeqColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_name_key').on(sql`lower(${t.name})`),
    index('clients_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('clients_sync_seq_idx').on(t.syncSeq),
    index('clients_email_domains_idx').using('gin', t.emailDomains),
    // The list's search: ILIKE '%q%' on the name (pg_trgm, as the ticket search).
    index('clients_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const sites = pgTable(
  'client_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    accessNotes: text('access_notes'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('client_sites_client_idx').on(t.clientId, t.name)],
);

export const contacts = pgTable(
  'client_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    /** E.164 */
    phone: text('phone'),
    title: text('title'),
    preferredContactMethod: text('preferred_contact_method').$type<ContactMethod>(),
    primary: boolean('is_primary').notNull().default(false),
    archivedAt: ts('archived_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('client_contacts_client_idx').on(t.clientId, t.name),
    uniqueIndex('client_contacts_email_key').on(sql`lower(${t.email})`).where(sql`${t.archivedAt} is null and ${t.email} is not null`),
  ],
);

/** Deleted clients, so phones drop their cards (`GET /api/clients?since=` lists the ids in `deleted`). */
export const clientTombstones = pgTable(
  'client_tombstones',
  {
    clientId: uuid('client_id').primaryKey(),
    syncSeq: syncSeqColumn(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('client_tombstones_sync_seq_idx').on(t.syncSeq)],
);
