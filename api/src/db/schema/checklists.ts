/**
 * Ticket checklists, checklist templates and recurring schedules (issue 52, migrations 0029-0030,
 * docs/recurring-tickets.md). Part of the one Drizzle schema (../schema.ts). Owners: the checklists
 * feature (items, templates) and the recurring feature (schedules, occurrences).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Recurrence, Severity, TemplateItem } from '@portal/shared';
import { createdAt, ts, updatedAt } from './columns';
import { users } from './accounts';
import { supportTickets } from './tickets';
import { clients, contacts, sites } from './clients';

export const checklistItems = pgTable(
  'ticket_checklist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    required: boolean('required').notNull().default(false),
    done: boolean('done').notNull().default(false),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: ts('done_at'),
    /** When `done` last moved (merge by time, migration 0029). */
    changedAt: ts('changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_checklist_items_ticket_idx').on(t.ticketId, t.position)],
);

export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    items: jsonb('items').$type<TemplateItem[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('checklist_templates_name_key').on(sql`lower(${t.name})`)],
);

export const recurringSchedules = pgTable('recurring_schedules', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  issue: text('issue').notNull(),
  severity: text('severity').$type<Severity>().notNull(),
  clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
  siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
  contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
  assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
  templateId: uuid('template_id').references(() => checklistTemplates.id, { onDelete: 'set null' }),
  recurrence: jsonb('recurrence').$type<Recurrence>().notNull(),
  timeZone: text('time_zone').notNull(),
  leadDays: integer('lead_days').notNull().default(0),
  skipWhileOpen: boolean('skip_while_open').notNull().default(false),
  paused: boolean('paused').notNull().default(false),
  activeFrom: ts('active_from').notNull(),
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => recurringSchedules.id, { onDelete: 'cascade' }),
    occurrenceDate: text('occurrence_date').notNull(),
    dueAt: ts('due_at').notNull(),
    outcome: text('outcome').$type<'opened' | 'skipped'>().notNull(),
    late: boolean('late').notNull().default(false),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recurring_occurrences_key').on(t.scheduleId, t.occurrenceDate)],
);
