/** Time tracking (docs/sla.md). Part of the one Drizzle schema (../schema.ts). */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { supportTickets } from './tickets';

/**
 * Minutes worked on a ticket, billable or not, with a note. `userId` is who worked (set null when the
 * user is deleted: the time stays in the reports). Written with an Idempotency-Key, so an entry
 * queued offline is recorded once.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    minutes: integer('minutes').notNull(),
    billable: boolean('billable').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    /** Time & Billing (issue 57, migration 0036): when and by whom the entry was invoiced; set = locked against edits. */
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    invoicedBy: uuid('invoiced_by').references(() => users.id, { onDelete: 'set null' }),
    invoicedByName: text('invoiced_by_name'),
  },
  (t) => [index('time_entries_ticket_idx').on(t.ticketId, t.createdAt), index('time_entries_created_idx').on(t.createdAt, t.ticketId, t.userId)],
);

/**
 * SLA alerts already claimed, one row per ticket and alert (`response:warning`, `response:breach`,
 * `resolution:warning`, `resolution:breach`). The sweep (features/sla/alerts.ts) inserts with
 * ON CONFLICT DO NOTHING and enqueues jobs only for the rows it inserted, in the same transaction:
 * every API process may sweep, each alert is claimed once.
 */
export const slaAlerts = pgTable(
  'sla_alerts',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    alert: text('alert').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.alert] })],
);
