/**
 * Scheduler presenter (DESIGN.md 4 "one presenter per entity"): the only place where the
 * dashboard's rows become the shared API shapes. KPI formulas come from `@portal/shared`
 * (rules/kpi.ts, rules/workload.ts), the same functions the PWA uses when it reflects queued moves.
 */
import {
  averageHours,
  averageMinutes,
  cutIssue,
  resolutionRate,
  satisfactionPercent,
  workloadLevel,
} from '@portal/shared';
import type { SchedulerTicket, SurveyFeedback, SurveyStars, TechnicianKpi, TicketStatus } from '@portal/shared';
import { asDate } from './ranges';
import type { StaffRow, SurveyAggregateRow, TicketAggregateRow } from './repository';
import { type SchedulerTicketRow, type SurveyRow } from './listsRepository';

/**
 * Row -> `SchedulerTicket`; `fullIssue` false cuts the issue to 100 characters (SPEC.md 9);
 * `clients` names the ticket's client object (clients port `clientNamesOf`), shown instead of free text.
 */
export function presentSchedulerTicket(r: SchedulerTicketRow, clients: ReadonlyMap<string, string>, fullIssue = false): SchedulerTicket {
  return {
    id: r.id,
    ticketNumber: r.ticketNumber,
    clientName: r.clientName,
    businessName: r.businessName,
    clientId: r.clientId ?? null,
    client: (r.clientId && clients.get(r.clientId)) || null,
    severity: r.severity,
    status: r.status,
    assignedTo: r.assignedTo,
    assigneeName: r.assigneeName,
    issue: fullIssue ? r.issue : cutIssue(r.issue),
    version: r.version,
    createdAt: asDate(r.createdAt).toISOString(),
    updatedAt: asDate(r.updatedAt).toISOString(),
  };
}

/** Counts per status of an aggregate row. */
export function statusCounts(a: TicketAggregateRow | undefined): Record<TicketStatus, number> {
  return { open: a?.open ?? 0, in_progress: a?.inProgress ?? 0, resolved: a?.resolved ?? 0, closed: a?.closed ?? 0 };
}

/**
 * One technician's KPI card from their aggregate row (undefined = no tickets in range), their
 * active-ticket count and their survey aggregate (undefined = no surveys).
 */
export function presentTechnicianKpi(
  staff: StaffRow,
  a: TicketAggregateRow | undefined,
  active: number,
  surveys: SurveyAggregateRow | undefined,
): TechnicianKpi {
  const total = a?.total ?? 0;
  const done = a?.done ?? 0;
  return {
    technicianId: staff.id,
    username: staff.username,
    role: staff.role,
    total,
    byStatus: statusCounts(a),
    avgResolutionHours: averageHours(a?.resolutionSeconds ?? 0, done),
    resolutionRate: resolutionRate(done, total),
    satisfactionPercent: satisfactionPercent(surveys ? surveys.avgRating : null),
    surveyCount: surveys?.surveys ?? 0,
    activeTickets: active,
    workload: workloadLevel(active),
    avgFirstResponseMinutes: averageMinutes(a?.firstResponseSeconds ?? 0, a?.responded ?? 0),
    respondedTickets: a?.responded ?? 0,
  };
}

/** The four ratings of a survey row. */
export function presentSurveyStars(r: SurveyRow): SurveyStars {
  return {
    overallRating: r.overallRating,
    technicianRating: r.technicianRating,
    responseTimeRating: r.responseTimeRating,
    resolutionRating: r.resolutionRating,
  };
}

/** Survey row -> 'Customer Feedback' entry. */
export function presentSurveyFeedback(r: SurveyRow): SurveyFeedback {
  return {
    id: r.id,
    ticketId: r.ticketId,
    ticketNumber: r.ticketNumber,
    customerName: r.customerName,
    ...presentSurveyStars(r),
    comments: r.comments,
    improvements: r.improvements,
    createdAt: asDate(r.createdAt).toISOString(),
  };
}
