/**
 * Recurring tickets (issue 52 items 3, 6, 7; docs/recurring-tickets.md): the request schemas and API
 * types of `/api/recurring-tickets`, shared by the API and the PWA. The recurrence's rules (which
 * days occur, time zones, DST) are in shared/src/rules/recurrence.ts.
 */
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';
import type { Recurrence } from '../rules/recurrence';

/** The exact messages of recurring tickets. */
export const RECURRING_MSG = {
  intervalInvalid: 'Repeat every: enter a whole number from 1 to 99.',
  monthDayInvalid: 'Day of the month: enter a day from 1 to 31.',
  countInvalid: 'Ends after: enter a number of occurrences from 1 to 10,000.',
  weekdaysRequired: 'Choose at least one weekday.',
  notFound: 'Recurring ticket not found',
  titleRequired: 'Title is required.',
  timeZoneRequired: 'Time zone is required.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  timeInvalid: 'Enter a time as HH:MM.',
  nthWithMonthDay: 'Choose a day of the month or "the first Monday", not both.',
  alreadyOpened: 'The next occurrence is already open.',
} as const;

const dateText = safeText({ error: RECURRING_MSG.dateInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, RECURRING_MSG.dateInvalid);
const weekday = z.number().int().min(0).max(6);

/** A schedule's recurrence (shared/src/rules/recurrence.ts `Recurrence`). */
export const recurrenceSchema = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly'], { error: 'frequency must be daily, weekly, monthly or yearly' }),
    interval: z.number({ error: RECURRING_MSG.intervalInvalid }).int(RECURRING_MSG.intervalInvalid).min(1, RECURRING_MSG.intervalInvalid).max(99, RECURRING_MSG.intervalInvalid).default(1),
    weekdays: z.array(weekday).min(1, RECURRING_MSG.weekdaysRequired).max(7).optional(),
    monthDay: z.number({ error: RECURRING_MSG.monthDayInvalid }).int(RECURRING_MSG.monthDayInvalid).min(1, RECURRING_MSG.monthDayInvalid).max(31, RECURRING_MSG.monthDayInvalid).optional(),
    nth: z.object({ n: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]), weekday }).optional(),
    month: z.number().int().min(1).max(12).optional(),
    startDate: dateText,
    time: safeText({ error: RECURRING_MSG.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, RECURRING_MSG.timeInvalid),
    endDate: dateText.optional(),
    count: z.number({ error: RECURRING_MSG.countInvalid }).int(RECURRING_MSG.countInvalid).min(1, RECURRING_MSG.countInvalid).max(10_000, RECURRING_MSG.countInvalid).optional(),
  })
  .refine((r) => !(r.nth && r.monthDay), { message: RECURRING_MSG.nthWithMonthDay, path: ['nth'] });
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

const scheduleFields = {
  title: safeText({ error: RECURRING_MSG.titleRequired }).trim().min(1, RECURRING_MSG.titleRequired).max(200),
  issue: safeText({ error: MSG.issueTooShort }).trim().min(1, MSG.issueTooShort).max(10_000),
  severity: z.enum(SEVERITIES, { message: MSG.severityRequired }),
  clientId: z.uuid('clientId must be a client id').nullable().optional(),
  siteId: z.uuid('siteId must be a site id').nullable().optional(),
  contactId: z.uuid('contactId must be a contact id').nullable().optional(),
  assignedTo: z.uuid('assignedTo must be a user id').nullable().optional(),
  templateId: z.uuid('templateId must be a checklist template id').nullable().optional(),
  recurrence: recurrenceSchema,
  timeZone: safeText({ error: RECURRING_MSG.timeZoneRequired }).trim().min(1, RECURRING_MSG.timeZoneRequired).max(64),
  /** "Open N days before it is due" (0 .. 365). */
  leadDays: z.number().int().min(0).max(365).default(0),
  skipWhileOpen: z.boolean().default(false),
};

/** POST /api/recurring-tickets. */
export const recurringCreateSchema = z.object(scheduleFields);
export type RecurringCreateInput = z.input<typeof recurringCreateSchema>;
export type RecurringCreate = z.output<typeof recurringCreateSchema>;

/** PATCH /api/recurring-tickets/:id: any field, and `paused` (pause / resume). */
export const recurringPatchSchema = z
  .object({
    ...scheduleFields,
    leadDays: scheduleFields.leadDays.unwrap(),
    skipWhileOpen: z.boolean(),
    paused: z.boolean(),
  })
  .partial();
export type RecurringPatch = z.output<typeof recurringPatchSchema>;

/** `?count=N` of GET /api/recurring-tickets/:id/occurrences (1 .. 50, default 5). */
export const occurrenceQuerySchema = z.object({ count: z.coerce.number().int().min(1).max(50).default(5) });

/** One occurrence in a preview: due instant (ISO 8601) and its local date in the schedule's zone. */
export interface OccurrencePreview {
  at: string;
  date: string;
}

/** An opened or skipped occurrence (the schedule's history). */
export interface OccurrenceRecord {
  date: string;
  dueAt: string;
  outcome: 'opened' | 'skipped';
  late: boolean;
  ticketId: string | null;
  ticketNumber: string | null;
  ticketStatus: string | null;
  reason: string | null;
  createdAt: string;
}

/** A schedule as the API returns it. */
export interface RecurringSchedule {
  id: string;
  title: string;
  issue: string;
  severity: Severity;
  clientId: string | null;
  siteId: string | null;
  contactId: string | null;
  assignedTo: string | null;
  templateId: string | null;
  recurrence: Recurrence;
  timeZone: string;
  leadDays: number;
  skipWhileOpen: boolean;
  paused: boolean;
  /** The next occurrence not yet opened or skipped (null: none left). */
  next: OccurrencePreview | null;
  /** The last opened occurrence's ticket. */
  lastTicket: { id: string; ticketNumber: string; status: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/recurring-tickets/:id: the schedule with its history, newest first. */
export interface RecurringScheduleDetail extends RecurringSchedule {
  history: OccurrenceRecord[];
}
