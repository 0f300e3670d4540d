import { z } from 'zod';
import { SEVERITIES, type Severity } from '../constants';
import { safeText } from './text';
import { tagFilterParam } from './tags';
import type { VisitFiguresRow } from './visits';

/**
 * SLA policy and time tracking contracts (docs/sla.md). One schema
 * validates the /admin/settings form and `PUT /api/sla-policy`; the business-hours clock that uses
 * a policy is `rules/sla.ts`.
 */

/** Key of the SLA policy (JSON) in the `settings` table. */
export const SLA_POLICY_KEY = 'sla_policy';

/** Largest target: one year of minutes. */
export const SLA_TARGET_MAX_MINUTES = 525_600;

/** True when `tz` is an IANA time zone name the runtime knows (Intl), e.g. `America/New_York`. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const clockTime = (label: string) =>
  safeText().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${label} must be a time HH:MM (00:00 to 24:00)`);

/** True for a real calendar date written YYYY-MM-DD. */
function isRealDate(v: string): boolean {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
}

const isoDate = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Holidays must be dates YYYY-MM-DD')
  .refine(isRealDate, 'Holidays must be real dates');

const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(1, `${label} must be at least 1 minute`)
    .max(SLA_TARGET_MAX_MINUTES, `${label} must be at most one year`);

/**
 * Targets of one severity, in business minutes (a "business day" is one day of business hours), and
 * its calendar: `allHours` true runs its clock 24x7 whatever the policy's business hours (an Urgent
 * ticket on a Saturday is due in an hour, not on Monday; issue 56 item 11). Policies saved before the
 * flag existed read as false (business hours).
 */
export const slaTargetSchema = z.object({
  firstResponseMinutes: minutes('First response target'),
  resolutionMinutes: minutes('Resolution target'),
  allHours: z.boolean().default(false),
});
export type SlaTarget = z.infer<typeof slaTargetSchema>;

/**
 * Business hours: the weekdays (0 = Sunday ... 6 = Saturday) and the daily window in the policy's
 * time zone. `null` on the policy means 24x7 (the clock always runs).
 */
export const businessHoursSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one business day').max(7),
    start: clockTime('Start'),
    end: clockTime('End'),
  })
  .refine((v) => v.start < v.end, { message: 'Business hours must end after they start', path: ['end'] });
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** `PUT /api/sla-policy` body and `GET` answer: the one SLA policy of the service. */
export const slaPolicySchema = z.object({
  timeZone: safeText().refine(isTimeZone, 'Unknown time zone (use an IANA name such as America/New_York)'),
  businessHours: businessHoursSchema.nullable(),
  holidays: z.array(isoDate).max(366, 'At most 366 holidays'),
  targets: z.object(Object.fromEntries(SEVERITIES.map((s) => [s, slaTargetSchema])) as Record<Severity, typeof slaTargetSchema>),
});
export type SlaPolicy = z.infer<typeof slaPolicySchema>;

const HOUR = 60;
/** One business day of the default hours (10:00-18:00, SPEC.md 2 phone support hours). */
const DAY = 8 * HOUR;

/**
 * The policy used until an admin saves one: Monday to Friday 10:00-18:00 (SPEC.md 2's phone
 * support hours) in UTC, no holidays; urgent 1 h / 4 h around the clock (24x7, issue 56 item 11),
 * high 4 h / 1 business day, medium 1 / 3 business days, low 2 / 5 business days. (Installs that
 * had tickets before urgent became 24x7 keep business hours: migration 0027 stores their policy.)
 */
export const DEFAULT_SLA_POLICY: SlaPolicy = {
  timeZone: 'UTC',
  businessHours: { days: [1, 2, 3, 4, 5], start: '10:00', end: '18:00' },
  holidays: [],
  targets: {
    urgent: { firstResponseMinutes: HOUR, resolutionMinutes: 4 * HOUR, allHours: true },
    high: { firstResponseMinutes: 4 * HOUR, resolutionMinutes: DAY, allHours: false },
    medium: { firstResponseMinutes: DAY, resolutionMinutes: 3 * DAY, allHours: false },
    low: { firstResponseMinutes: 2 * DAY, resolutionMinutes: 5 * DAY, allHours: false },
  },
};

/** `POST /api/tickets/:id/time-entries` body: minutes worked (1..1440), billable or not, an optional note. */
export const timeEntryCreateSchema = z.object({
  minutes: z
    .number({ error: 'Minutes must be a number' })
    .int('Minutes must be whole minutes')
    .min(1, 'Minutes must be at least 1')
    .max(1440, 'Minutes must be at most 1440 (one day)'),
  billable: z.boolean({ error: 'Billable must be true or false' }),
  note: safeText()
    .trim()
    .max(2000)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type TimeEntryCreate = z.output<typeof timeEntryCreateSchema>;
export type TimeEntryCreateInput = z.input<typeof timeEntryCreateSchema>;

/** One recorded time entry (ISO 8601 times). */
export interface TimeEntry {
  id: string;
  ticketId: string;
  userId: string | null;
  username: string | null;
  minutes: number;
  billable: boolean;
  note: string | null;
  createdAt: string;
}

/** `GET /api/tickets/:id/time-entries` answer: the entries, newest first, and the totals. */
export interface TicketTime {
  entries: TimeEntry[];
  totalMinutes: number;
  billableMinutes: number;
}

const dayParam = (label: string) =>
  safeText({ error: `${label} must be a date YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date YYYY-MM-DD`)
    .refine(isRealDate, `${label} must be a date YYYY-MM-DD`);

/**
 * `GET /api/time-report?from&to[&clientId][&format=csv]`: entries recorded from `from` 00:00 UTC to `to`
 * 24:00 UTC (both days included, at most 366 days); with `clientId`, only entries on that client's
 * tickets (issue 50 item 7); with `tag`, only entries on tickets that have that tag (name, ignoring case;
 * issue 57 item 3, docs/tags.md).
 */
const days = { from: dayParam('from'), to: dayParam('to'), clientId: z.uuid('clientId must be a client id').optional() };
type Days = { from: string; to: string };
const ordered: [(v: Days) => boolean, { message: string; path: string[] }] = [(v) => v.from <= v.to, { message: 'from must not be after to', path: ['to'] }];
const bounded: [(v: Days) => boolean, { message: string; path: string[] }] = [
  (v) => Date.parse(v.to) - Date.parse(v.from) <= 365 * 86_400_000,
  { message: 'The range may cover at most 366 days', path: ['to'] },
];

export const timeReportQuerySchema = z
  .object({ ...days, tag: tagFilterParam, format: z.enum(['json', 'csv'], { message: 'format must be json or csv' }).optional() })
  .refine(...ordered)
  .refine(...bounded);
export type TimeReportQuery = z.output<typeof timeReportQuerySchema>;

/**
 * One row of the report: minutes per client and technician. A ticket linked to a client object counts
 * under that client (`clientId`, `client` its name); an unlinked ticket under its business name, else
 * the customer's name as typed (`clientId` null).
 */
export interface TimeReportRow {
  clientId: string | null;
  client: string;
  technicianId: string | null;
  technician: string | null;
  entries: number;
  totalMinutes: number;
  billableMinutes: number;
}

/**
 * Minutes per tag (issue 57 item 3): the entries on tickets having `tag`; an entry whose ticket has two
 * tags counts under both, so these rows do not add up to the total. `tag` null = tickets without tags.
 */
export interface TimeReportTagRow {
  tag: string | null;
  entries: number;
  totalMinutes: number;
  billableMinutes: number;
}

/** `GET /api/time-report` JSON answer. */
export interface TimeReport {
  from: string;
  to: string;
  /** The `tag` filter applied (its name as sent), null without one. */
  tag: string | null;
  rows: TimeReportRow[];
  /** The same entries grouped by tag (name order, untagged last). */
  byTag: TimeReportTagRow[];
  totalMinutes: number;
  billableMinutes: number;
  /** On-site visits per client whose arrival is in the range (issue 54 item 4; superseded visits not counted). */
  visits: VisitFiguresRow[];
  /** Totals of `visits`: visits, their durations (minutes) and the priced parts' value. */
  visitCount: number;
  visitMinutes: number;
  partsTotal: number;
}

/**
 * `GET /api/sla-compliance?from&to[&clientId]`: tickets created from `from` 00:00 UTC to `to` 24:00 UTC
 * (at most 366 days); with `clientId`, only that client's tickets (issue 50 item 7).
 */
export const slaComplianceQuerySchema = z.object(days).refine(...ordered).refine(...bounded);
export type SlaComplianceQuery = z.output<typeof slaComplianceQuerySchema>;

/**
 * SLA compliance of one group of tickets created in the range: per technician and severity, per
 * technician (`severity` null) and overall (`all`). A target is *met* when it happened by its due
 * time; *breached* when it happened later, or has not happened and its due time has passed (a
 * ticket waiting on the customer is not counted as breaching its resolution target while it waits).
 */
export interface SlaComplianceRow {
  all: boolean;
  technicianId: string | null;
  technician: string | null;
  severity: Severity | null;
  tickets: number;
  responseMet: number;
  responseBreached: number;
  resolutionMet: number;
  resolutionBreached: number;
  /** Median minutes from creation to the first response, of the tickets that had one; null without. */
  medianFirstResponseMinutes: number | null;
}

/** The same figures for the tickets of one client object (`SlaCompliance.clients`). */
export interface SlaClientRow extends Omit<SlaComplianceRow, 'all' | 'technicianId' | 'technician' | 'severity'> {
  clientId: string;
  client: string;
}

/**
 * `GET /api/sla-compliance` answer: `rows` per technician and severity, per technician and overall;
 * `clients` per client object (tickets without a client are in `rows` only), by client name.
 */
export interface SlaCompliance {
  from: string;
  to: string;
  rows: SlaComplianceRow[];
  clients: SlaClientRow[];
}
