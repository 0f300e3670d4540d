import { z } from 'zod';
import { TICKET_STATUSES } from '../constants';
import type { Role, Severity, TicketStatus } from '../constants';
import type { WorkloadLevel } from '../rules/workload';
import { safeText } from './text';
import { tagFilterParam } from './tags';
import type { Technician, TicketUpdateEntry } from './tickets';

/**
 * The Scheduler and KPI dashboard contract (SPEC.md 2 "Scheduler and KPI Dashboard"):
 * GET /api/scheduler, GET /api/scheduler/tickets (the tickets behind a count) and
 * GET /api/scheduler/technicians/:id (technician detail). Ranges are calendar periods in the staff
 * member's IANA time zone; the docs/decisions.md "Scheduler KPIs" decisions say what each figure counts.
 */

/** Time ranges of the picker (SPEC.md 2), in the staff member's time zone; weeks start on Monday (ISO 8601). */
export const SCHEDULER_RANGES = ['today', 'week', 'month'] as const;
export type SchedulerRange = (typeof SCHEDULER_RANGES)[number];

/** Picker texts (SPEC.md 2). */
export const SCHEDULER_RANGE_LABELS: Record<SchedulerRange, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
};

/** Cards per kanban column in one answer; the column's count badge opens the full list. */
export const KANBAN_COLUMN_LIMIT = 50;
/** Assigned tickets per page of the technician detail. */
export const DETAIL_PAGE_SIZE = 20;
/** Survey feedback entries in the technician detail (newest first). */
export const DETAIL_FEEDBACK_LIMIT = 20;

/** Messages of the scheduler calls. */
export const SCHEDULER_MSG = {
  rangeInvalid: 'Range must be today, week or month',
  timeZoneInvalid: 'Unknown time zone',
  technicianInvalid: 'technicianId must be a user id',
  technicianNotFound: 'Technician not found',
  cursorInvalid: 'cursor must be a value returned by a previous page',
} as const;

/**
 * True when `tz` is an IANA time zone name the runtime knows (e.g. `America/New_York`, `UTC`).
 * Uses Intl, so browsers and Node agree; the API also maps PostgreSQL's own refusal to a 400.
 */
export function isKnownTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const rangeField = z.enum(SCHEDULER_RANGES, { message: SCHEDULER_MSG.rangeInvalid }).default('today');
const tzField = safeText().refine(isKnownTimeZone, SCHEDULER_MSG.timeZoneInvalid).default('UTC');
const cursorField = safeText().max(200).optional();

/**
 * GET /api/scheduler query: `range` (today | week | month, default today), `tz` (IANA zone of the
 * browser, default UTC), an optional `technicianId` that narrows tiles, board, timeline and charts,
 * and an optional `tag` (a tag name, ignoring case, as the ticket list's filter) that keeps only
 * tickets having it in every figure (docs/tags.md "In the reports").
 */
export const schedulerQuerySchema = z.object({
  range: rangeField,
  tz: tzField,
  technicianId: z.uuid(SCHEDULER_MSG.technicianInvalid).optional(),
  tag: tagFilterParam,
});
export type SchedulerQuery = z.output<typeof schedulerQuerySchema>;
export type SchedulerQueryInput = z.input<typeof schedulerQuerySchema>;

/**
 * Which tickets a drill-down list holds: `range` = created in the range (every count on the
 * dashboard), `active` = open or in progress now, whatever their age (the workload badge).
 */
export const SCHEDULER_SCOPES = ['range', 'active'] as const;
export type SchedulerScope = (typeof SCHEDULER_SCOPES)[number];

/**
 * GET /api/scheduler/tickets query: the dashboard query plus the filter of the clicked count
 * (`status`, `assigned=true|false`, `scope`) and keyset paging (`cursor` from the previous page).
 */
export const schedulerTicketsQuerySchema = schedulerQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  assigned: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  scope: z.enum(SCHEDULER_SCOPES).default('range'),
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SchedulerTicketsQuery = z.output<typeof schedulerTicketsQuerySchema>;

/** The filter behind one clickable count, as the PWA builds it (query string of GET /api/scheduler/tickets). */
export interface SchedulerTicketFilter {
  status?: TicketStatus;
  assigned?: boolean;
  scope?: SchedulerScope;
  technicianId?: string;
}

/** GET /api/scheduler/technicians/:id query: range and zone like the dashboard, plus the page cursor. */
export const schedulerDetailQuerySchema = z.object({
  range: rangeField,
  tz: tzField,
  cursor: cursorField,
});
export type SchedulerDetailQuery = z.output<typeof schedulerDetailQuerySchema>;

/** A ticket as the board, timeline and lists show it: `assigneeName` is the assignee's username. */
export interface SchedulerTicket {
  id: string;
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
  /** The ticket's client object (issue 50) and its name; the lists show `client` when set, else `clientName`. */
  clientId: string | null;
  client: string | null;
  severity: Severity;
  status: TicketStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  /** Cut to 100 characters on the board and timeline (SPEC.md 9); whole in the technician detail. */
  issue: string;
  /** Ticket version, sent back as baseVersion when a card is moved. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The ticket's checklist count ("3/7" on the kanban card; docs/recurring-tickets.md); absent without a checklist. */
  checklistProgress?: import('./checklists').ChecklistCount;
}

/** The seven summary tiles (SPEC.md 2): tickets created in the range. */
export interface SchedulerSummary {
  total: number;
  byStatus: Record<TicketStatus, number>;
  assigned: number;
  unassigned: number;
}

/** One technician's KPI card (SPEC.md 2 "KPI Metrics"; docs/decisions.md "Scheduler KPIs"). */
export interface TechnicianKpi {
  technicianId: string;
  username: string;
  role: Role;
  /** Tickets assigned to them that were created in the range. */
  total: number;
  byStatus: Record<TicketStatus, number>;
  /** Mean hours from creation to the moment the ticket was resolved, 1 decimal; null without resolved tickets. */
  avgResolutionHours: number | null;
  /** Percent of `total` that is resolved or closed (rounded). */
  resolutionRate: number;
  /** Average technician rating x 20 (rounded), null = 'N/A'. */
  satisfactionPercent: number | null;
  surveyCount: number;
  /** Open plus in-progress tickets assigned now, whatever the range (SPEC.md 4). */
  activeTickets: number;
  workload: WorkloadLevel;
  /** Mean minutes from creation to the first staff work-history entry; null when none was answered. */
  avgFirstResponseMinutes: number | null;
  /** Tickets that had a staff entry (the base of the average). */
  respondedTickets: number;
}

/** A kanban column (SPEC.md 2): its full count and at most KANBAN_COLUMN_LIMIT newest cards. */
export interface KanbanColumn {
  status: TicketStatus;
  count: number;
  tickets: SchedulerTicket[];
}

/** One day of the created-versus-resolved chart (`date` is yyyy-MM-dd in the requested zone). */
export interface SchedulerDay {
  date: string;
  created: number;
  resolved: number;
}

/** GET /api/scheduler response. */
export interface SchedulerDashboard {
  range: SchedulerRange;
  timeZone: string;
  technicianId: string | null;
  /** Start (inclusive) and end (exclusive) of the range, ISO 8601 instants. */
  from: string;
  to: string;
  /** When the server computed this answer (shown as "as of {time}" offline). */
  generatedAt: string;
  summary: SchedulerSummary;
  /** One card per technician (role technician, and admins who have tickets), by username. */
  technicians: TechnicianKpi[];
  /** Everyone the technician filter offers (technicians and admins), by username; kept with the snapshot offline. */
  staff: Technician[];
  kanban: KanbanColumn[];
  /** The 10 newest tickets of the range, issue cut to 100 characters (SPEC.md 2 "Calendar View"). */
  timeline: SchedulerTicket[];
  /** Every day of the range up to today: tickets created and tickets resolved that day. */
  daily: SchedulerDay[];
  /** The tag filter applied (as sent, spaces collapsed), or null. */
  tag: string | null;
  /** Tickets of the range per tag (name order; a ticket with two tags counts under both; untagged ones not listed). */
  byTag: SchedulerTagRow[];
}

/** One tag's row of the KPI dashboard: tickets created in the range with it, and how many are resolved or closed. */
export interface SchedulerTagRow {
  tag: string;
  total: number;
  done: number;
}

/** GET /api/scheduler/tickets response: one page, newest first. */
export interface SchedulerTicketPage {
  items: SchedulerTicket[];
  /** How many tickets the filter matches in all. */
  total: number;
  nextCursor: string | null;
}

/** The four survey ratings (SPEC.md 3 satisfaction_surveys), 1-5. */
export interface SurveyStars {
  overallRating: number;
  technicianRating: number;
  responseTimeRating: number;
  resolutionRating: number;
}

/** One survey in the technician detail's 'Customer Feedback' section. */
export interface SurveyFeedback extends SurveyStars {
  id: string;
  ticketId: string;
  ticketNumber: string;
  customerName: string | null;
  comments: string | null;
  improvements: string | null;
  createdAt: string;
}

/** An assigned ticket in the technician detail: the whole issue, resolution, work history and survey. */
export interface TechnicianDetailTicket extends SchedulerTicket {
  resolution: string | null;
  /** Work history, newest first. */
  history: TicketUpdateEntry[];
  survey: SurveyStars | null;
}

/** GET /api/scheduler/technicians/:id response. */
export interface TechnicianDetail {
  range: SchedulerRange;
  timeZone: string;
  from: string;
  to: string;
  generatedAt: string;
  kpi: TechnicianKpi;
  /** Assigned tickets created in the range, newest first, one page. */
  tickets: TechnicianDetailTicket[];
  nextCursor: string | null;
  /** Surveys about them submitted in the range, newest first (at most DETAIL_FEEDBACK_LIMIT). */
  feedback: SurveyFeedback[];
}
