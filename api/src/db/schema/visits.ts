/**
 * On-site visits (issue 54, docs/visits.md): one row per close-out of a ticket. Part of the one
 * Drizzle schema (../schema.ts); migrations 0042_visits, 0043, 0045_visit_report, 0057_visit_invoiced.
 *
 * - `arrived_sent` / `departed_sent` keep the phone's times exactly as sent; `arrived_at` /
 *   `departed_at` are the same instants for sorting and sums; `received_at` is the server's clock.
 * - `visits_supersedes_key` (unique where set): a visit is corrected at most once, even by two
 *   processes at the same time.
 */
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { VisitChecklistItem, VisitPart } from '@portal/shared';
import { createdAt, ts } from './columns';
import { users } from './accounts';
import { supportTickets } from './tickets';

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    technicianName: text('technician_name').notNull(),
    arrivedAt: ts('arrived_at').notNull(),
    departedAt: ts('departed_at').notNull(),
    arrivedSent: text('arrived_sent').notNull(),
    departedSent: text('departed_sent').notNull(),
    receivedAt: ts('received_at').notNull(),
    clockSuspect: boolean('clock_suspect').notNull().default(false),
    clockNote: text('clock_note'),
    workDone: text('work_done').notNull(),
    parts: jsonb('parts').$type<VisitPart[]>().notNull().default(sql`'[]'::jsonb`),
    minutes: integer('minutes').notNull().default(0),
    billable: boolean('billable').notNull().default(true),
    photoUploadIds: text('photo_upload_ids').array().notNull().default(sql`'{}'::text[]`),
    signatureUploadId: text('signature_upload_id'),
    signerName: text('signer_name'),
    /** The ticket attachment of the signature image (migration 0043; the report embeds it). */
    signatureAttachmentId: uuid('signature_attachment_id'),
    /** The ticket's checklist at close-out (migration 0045; printed in the report, never changed after). */
    checklist: jsonb('checklist').$type<VisitChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    /** The ticket attachment holding the rendered service report (migration 0045; null until attached). */
    reportAttachmentId: uuid('report_attachment_id'),
    supersedesVisitId: uuid('supersedes_visit_id').references((): AnyPgColumn => visits.id, { onDelete: 'set null' }),
    resolve: boolean('resolve').notNull().default(false),
    /** Time & Billing 'Mark invoiced' (issue 57, migration 0057): when and by whom; set = no correction any more. */
    invoicedAt: ts('invoiced_at'),
    invoicedBy: uuid('invoiced_by').references(() => users.id, { onDelete: 'set null' }),
    invoicedByName: text('invoiced_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    check('visits_departure_after_arrival', sql`${t.departedAt} >= ${t.arrivedAt}`),
    check('visits_minutes_range', sql`${t.minutes} BETWEEN 0 AND 1440`),
    index('visits_ticket_idx').on(t.ticketId, t.createdAt),
    uniqueIndex('visits_supersedes_key').on(t.supersedesVisitId).where(sql`${t.supersedesVisitId} is not null`),
  ],
);
