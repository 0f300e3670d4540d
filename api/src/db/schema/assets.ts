/**
 * Assets (issue 53, docs/assets.md): the devices of a client, their links to tickets, deleted assets
 * for the phones' delta feed and the warranty alerts already claimed. Part of the one Drizzle schema
 * (../schema.ts); migration 0032_assets.
 *
 * - The asset tag is unique ignoring case (`assets_tag_key`): it is the label's URL `/a/<tag>`, so two
 *   processes creating one tag at once cannot both succeed (the loser's insert fails -> 409).
 * - Every write moves the asset's `sync_seq` (delta feed); a deleted asset leaves a tombstone.
 * - `asset_warranty_alerts` holds one row per asset and warranty end date: the alert sweep claims it
 *   with INSERT ... ON CONFLICT DO NOTHING, so the alert is sent once even with several processes.
 */
import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssetChange, AssetStatus, AssetType } from '@portal/shared';
import { createdAt, syncSeqColumn, ts, updatedAt } from './columns';
import { users } from './accounts';
import { clients, contacts, sites } from './clients';
import { supportTickets } from './tickets';

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').$type<AssetType>().notNull(),
    name: text('name').notNull(),
    make: text('make'),
    model: text('model'),
    serialNumber: text('serial_number'),
    assetTag: text('asset_tag').notNull(),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    /** Upper case, colon separated: `00:1A:2B:3C:4D:5E`. */
    macAddress: text('mac_address'),
    operatingSystem: text('operating_system'),
    /** Calendar dates `YYYY-MM-DD`. */
    purchaseDate: date('purchase_date', { mode: 'string' }),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    notes: text('notes'),
    status: text('status').$type<AssetStatus>().notNull().default('active'),
    /** The client's vault entries this asset's credentials are in (checked through the vault port). */
    vaultEntryIds: uuid('vault_entry_ids').array().notNull().default(sql`'{}'::uuid[]`),
    version: integer('version').notNull().default(1),
    syncSeq: syncSeqColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assets_tag_key').on(sql`lower(${t.assetTag})`),
    index('assets_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('assets_client_idx').on(t.clientId, sql`lower(${t.name})`, t.id),
    index('assets_serial_idx').on(sql`lower(${t.serialNumber})`).where(sql`${t.serialNumber} IS NOT NULL`),
    index('assets_warranty_idx').on(t.warrantyEnd).where(sql`${t.warrantyEnd} IS NOT NULL`),
    index('assets_sync_seq_idx').on(t.syncSeq),
  ],
);

/** Tickets and assets, many to many (PATCH /api/tickets/:id `assetIds`). */
export const ticketAssets = pgTable(
  'ticket_assets',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.assetId] }), index('ticket_assets_asset_idx').on(t.assetId)],
);

/** Deleted assets, so phones drop their copies (`GET /api/assets?since=` lists the ids in `deleted`). */
export const assetTombstones = pgTable(
  'asset_tombstones',
  {
    assetId: uuid('asset_id').primaryKey(),
    syncSeq: syncSeqColumn(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('asset_tombstones_sync_seq_idx').on(t.syncSeq)],
);

/** Warranty alerts claimed, one per asset and warranty end date. */
export const assetWarrantyAlerts = pgTable(
  'asset_warranty_alerts',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    warrantyEnd: date('warranty_end', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.warrantyEnd] })],
);

/**
 * An asset's history (migration 0049_asset_history): `created`, `changed` (one row per field, values
 * as shown), `ticket_linked` / `ticket_unlinked` (the ticket's id; its number is read at display).
 */
export const assetChanges = pgTable(
  'asset_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order written (newest first = seq descending; `at` may tie within one write). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<AssetChange['kind']>().notNull(),
    field: text('field'),
    previousValue: text('previous_value'),
    newValue: text('new_value'),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
  },
  (t) => [index('asset_changes_asset_idx').on(t.assetId, t.seq)],
);
