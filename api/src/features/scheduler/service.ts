/**
 * Scheduler and KPI dashboard rules (SPEC.md 2): which technicians get a card, how the
 * SQL aggregates combine into the answer, keyset cursors, and the errors. No SQL here
 * (repository.ts). All reads; the routes pass `s.db` and the injected clock's `now`.
 */
import { CALENDAR_TICKET_COUNT, DETAIL_FEEDBACK_LIMIT, DETAIL_PAGE_SIZE, KANBAN_COLUMN_LIMIT, SCHEDULER_MSG, TICKET_STATUSES } from '@portal/shared';
import type {
  KanbanColumn,
  SchedulerDashboard,
  SchedulerDetailQuery,
  SchedulerQuery,
  SchedulerTicketPage,
  SchedulerTicketsQuery,
  TechnicianDetail,
  TechnicianKpi,
} from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { clientNamesOf } from '../clients/port';
import { checklistCountsOf } from '../checklists/port';
import { presentTicketUpdate } from '../tickets/port';
import { presentSchedulerTicket, presentSurveyFeedback, presentSurveyStars, presentTechnicianKpi, statusCounts } from './presenter';
import { UnknownTimeZoneError, rangeBounds, type RangeBounds } from './ranges';
import { activeCounts, dailyCounts, findStaff, listStaff, surveyAggregates, ticketAggregates, type StaffRow, type SurveyAggregateRow, type TicketAggregateRow } from './repository';
import { ticketsByTag } from './tagRepository';
import { countTickets, feedbackOf, historyOf, kanbanTickets, listTicketPage, newestTickets, surveysOfTickets, type SchedulerTicketRow, type TicketKey } from './listsRepository';

/** The range's instants; an unknown zone -> 400 with SCHEDULER_MSG.timeZoneInvalid on `tz`. */
async function boundsOf(db: Database, q: { range: SchedulerQuery['range']; tz: string }, now: Date): Promise<RangeBounds> {
  try {
    return await rangeBounds(db, q.range, q.tz, now);
  } catch (err) {
    if (err instanceof UnknownTimeZoneError) throw badRequest(SCHEDULER_MSG.timeZoneInvalid, { tz: [SCHEDULER_MSG.timeZoneInvalid] });
    throw err;
  }
}

/** The staff member `id`, or 404 'Technician not found'. */
/** Names of the rows' client objects (one query through the clients port). */
function namesOfClients(db: Database, rows: readonly SchedulerTicketRow[]): Promise<Map<string, string>> {
  return clientNamesOf(db, rows.flatMap((r) => (r.clientId ? [r.clientId] : [])));
}

async function staffOr404(db: Database, id: string): Promise<StaffRow> {
  const staff = await findStaff(db, id);
  if (!staff) throw notFound(SCHEDULER_MSG.technicianNotFound);
  return staff;
}

/** Opaque page cursor: base64url of the last row's microsecond created_at and id. */
export function encodeCursor(row: Pick<SchedulerTicketRow, 'createdKey' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.createdKey, row.id])).toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a cursor made by {@link encodeCursor}; anything else -> 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): TicketKey | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' && CURSOR_TIME.test(value[0]) && UUID.test(value[1])) {
      return { createdKey: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest(SCHEDULER_MSG.cursorInvalid, { cursor: [SCHEDULER_MSG.cursorInvalid] });
}

/** Splits a `limit + 1` read into the page and the cursor of the next one. */
function page(rows: SchedulerTicketRow[], limit: number): { rows: SchedulerTicketRow[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: encodeCursor(kept[kept.length - 1]!) };
}

/**
 * Who gets a KPI card: the filtered technician alone; otherwise every user with role technician
 * (also with no tickets), plus admins who have tickets in the range, active tickets or surveys
 * (admins can be assigned, but most never are). Ordered by username; the PWA puts the viewer first.
 */
export function kpiRows(
  staff: StaffRow[],
  technicianId: string | undefined,
  aggregates: TicketAggregateRow[],
  active: Map<string, number>,
  surveys: SurveyAggregateRow[],
): TechnicianKpi[] {
  const byAssignee = new Map(aggregates.filter((a) => !a.isTotal && a.assignedTo).map((a) => [a.assignedTo!, a]));
  const bySurvey = new Map(surveys.map((s) => [s.technicianId, s]));
  return staff
    .filter((u) =>
      technicianId
        ? u.id === technicianId
        : u.role === 'technician' || byAssignee.has(u.id) || (active.get(u.id) ?? 0) > 0 || bySurvey.has(u.id),
    )
    .map((u) => presentTechnicianKpi(u, byAssignee.get(u.id), active.get(u.id) ?? 0, bySurvey.get(u.id)));
}

/**
 * GET /api/scheduler: summary tiles, KPI cards, kanban columns, timeline and daily chart for the
 * range in `q.tz`, narrowed to `q.technicianId` and to tickets having tag `q.tag` (every figure,
 * the workload and surveys too) when given, with the range's tickets per tag (`byTag`). The independent queries run side by side.
 * @throws 400 unknown time zone; 404 'Technician not found' when technicianId is not staff.
 */
export async function schedulerDashboard(db: Database, q: SchedulerQuery, now: Date): Promise<SchedulerDashboard> {
  const bounds = await boundsOf(db, q, now);
  const { technicianId: tech, tag } = q;
  const [staff, aggregates, active, surveys, cards, timeline, daily, byTag] = await Promise.all([
    listStaff(db),
    ticketAggregates(db, bounds, tech, tag),
    activeCounts(db, tag),
    surveyAggregates(db, bounds, tag),
    kanbanTickets(db, bounds, tech, KANBAN_COLUMN_LIMIT, tag),
    newestTickets(db, bounds, tech, CALENDAR_TICKET_COUNT, tag),
    dailyCounts(db, bounds, q.tz, now, tech, tag),
    ticketsByTag(db, bounds, tech, tag),
  ]);
  if (tech && !staff.some((u) => u.id === tech)) throw notFound(SCHEDULER_MSG.technicianNotFound);
  const [clients, counts] = await Promise.all([namesOfClients(db, [...cards, ...timeline]), checklistCountsOf(db, cards.map((c) => c.id))]);
  const card = (c: SchedulerTicketRow) => {
    const progress = counts.get(c.id);
    return progress ? { ...presentSchedulerTicket(c, clients), checklistProgress: progress } : presentSchedulerTicket(c, clients);
  };

  const totals = aggregates.find((a) => a.isTotal);
  const byStatus = statusCounts(totals);
  const kanban: KanbanColumn[] = TICKET_STATUSES.map((status) => ({
    status,
    count: byStatus[status],
    tickets: cards.filter((c) => c.status === status).map(card),
  }));
  return {
    range: q.range,
    timeZone: q.tz,
    technicianId: tech ?? null,
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    generatedAt: now.toISOString(),
    summary: {
      total: totals?.total ?? 0,
      byStatus,
      assigned: totals?.assigned ?? 0,
      unassigned: (totals?.total ?? 0) - (totals?.assigned ?? 0),
    },
    technicians: kpiRows(staff, tech, aggregates, active, surveys),
    staff: staff.map((u) => ({ id: u.id, username: u.username })),
    kanban,
    timeline: timeline.map((t) => presentSchedulerTicket(t, clients)),
    daily,
    tag: tag ?? null,
    byTag,
  };
}

/**
 * GET /api/scheduler/tickets: one page of the tickets behind a count, newest first, with the total.
 * @throws 400 unknown zone or bad cursor; 404 when technicianId is not staff.
 */
export async function schedulerTickets(db: Database, q: SchedulerTicketsQuery, now: Date): Promise<SchedulerTicketPage> {
  const after = decodeCursor(q.cursor);
  const bounds = await boundsOf(db, q, now);
  if (q.technicianId) await staffOr404(db, q.technicianId);
  const filter = { scope: q.scope, bounds, technicianId: q.technicianId, status: q.status, assigned: q.assigned, tag: q.tag };
  const [rows, total] = await Promise.all([listTicketPage(db, filter, after, q.limit, false), countTickets(db, filter)]);
  const p = page(rows, q.limit);
  const clients = await namesOfClients(db, p.rows);
  return { items: p.rows.map((r) => presentSchedulerTicket(r, clients)), total, nextCursor: p.nextCursor };
}

/**
 * GET /api/scheduler/technicians/:id: the technician's KPI card for the range, their assigned
 * tickets created in the range (newest first, DETAIL_PAGE_SIZE per page) each with its work history
 * and survey stars, and the surveys about them submitted in the range.
 * @throws 404 'Technician not found'; 400 unknown zone or bad cursor.
 */
export async function technicianDetail(db: Database, id: string, q: SchedulerDetailQuery, now: Date): Promise<TechnicianDetail> {
  const after = decodeCursor(q.cursor);
  const staff = await staffOr404(db, id);
  const bounds = await boundsOf(db, q, now);
  const [aggregates, active, surveys, rows, feedback] = await Promise.all([
    ticketAggregates(db, bounds, id),
    activeCounts(db),
    surveyAggregates(db, bounds),
    listTicketPage(db, { scope: 'range', bounds, technicianId: id }, after, DETAIL_PAGE_SIZE, true),
    feedbackOf(db, id, bounds, DETAIL_FEEDBACK_LIMIT),
  ]);
  const p = page(rows, DETAIL_PAGE_SIZE);
  const ids = p.rows.map((r) => r.id);
  const [history, ticketSurveys, clients] = await Promise.all([historyOf(db, ids), surveysOfTickets(db, ids), namesOfClients(db, p.rows)]);
  const surveyByTicket = new Map(ticketSurveys.map((s) => [s.ticketId, s]));
  const kpi = kpiRows([staff], id, aggregates, active, surveys)[0]!;
  return {
    range: q.range,
    timeZone: q.tz,
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    generatedAt: now.toISOString(),
    kpi,
    tickets: p.rows.map((r) => {
      const survey = surveyByTicket.get(r.id);
      return {
        ...presentSchedulerTicket(r, clients, true),
        resolution: r.resolution,
        history: history.filter((h) => h.ticketId === r.id).map(presentTicketUpdate),
        survey: survey ? presentSurveyStars(survey) : null,
      };
    }),
    nextCursor: p.nextCursor,
    feedback: feedback.map(presentSurveyFeedback),
  };
}
