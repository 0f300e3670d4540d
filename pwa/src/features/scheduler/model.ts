import {
  TICKET_STATUS_LABELS,
  csvSafeCell,
  isActiveStatus,
  resolutionRate,
  workloadLevel,
  type SchedulerDashboard,
  type SchedulerTicket,
  type TechnicianKpi,
  type TicketStatus,
} from '@portal/shared';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { WORKLOAD_LABELS } from './labels';

/**
 * Pure rules of the scheduler screen (no React): card order, queued moves on a snapshot, CSV.
 * KPI formulas come from `@portal/shared`, the same ones the API uses.
 */

/** The viewer's own card first ("a technician sees their own card first"), the rest as given. */
export function ownFirst(rows: readonly TechnicianKpi[], userId: string | undefined): TechnicianKpi[] {
  const own = rows.filter((r) => r.technicianId === userId);
  return [...own, ...rows.filter((r) => r.technicianId !== userId)];
}

/** Sync state of a ticket's unsent status change, shown on its card. */
export type MoveMark = 'pending' | 'conflict' | 'failed';

/** A status change of a ticket still in the outbox (oldest first per ticket; the last one wins). */
export interface QueuedMove {
  ticketId: string;
  status: TicketStatus;
  /** null: already sent, shown until the next dashboard answer includes it. */
  mark: MoveMark | null;
}

/** A dashboard with queued moves applied, and the sync mark of each moved card. */
export interface ReflectedDashboard {
  dashboard: SchedulerDashboard;
  marks: Map<string, MoveMark>;
}

function withCount(counts: Record<TicketStatus, number>, from: TicketStatus, to: TicketStatus): Record<TicketStatus, number> {
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/**
 * Applies status changes still waiting in the outbox to a dashboard snapshot (DESIGN.md 5: the
 * screen shows unsent edits): each moved card leaves its column and heads its new one, and the
 * column counts, summary tiles, the assignee's counts per status, resolution rate, active tickets
 * and workload follow. Moves of tickets that are not on the board (outside the range or beyond the
 * 50 cards of a column) change nothing: their old status is unknown here.
 */
export function reflectMoves(d: SchedulerDashboard, moves: readonly QueuedMove[]): ReflectedDashboard {
  const marks = new Map<string, MoveMark>();
  if (moves.length === 0) return { dashboard: d, marks };
  const cards = new Map<string, SchedulerTicket>();
  for (const c of d.kanban) for (const t of c.tickets) cards.set(t.id, t);
  const last = new Map<string, QueuedMove>();
  for (const m of moves) last.set(m.ticketId, m);

  let summary = d.summary;
  let kanban = d.kanban.map((c) => ({ ...c, tickets: [...c.tickets] }));
  let technicians = d.technicians;
  const timeline = d.timeline.map((t) => (last.has(t.id) ? { ...t, status: last.get(t.id)!.status } : t));
  for (const move of last.values()) {
    const card = cards.get(move.ticketId);
    if (!card) continue;
    if (move.mark) marks.set(card.id, move.mark);
    const from = card.status;
    const to = move.status;
    if (from === to) continue;
    const moved = { ...card, status: to };
    kanban = kanban.map((c) => {
      if (c.status === from) return { ...c, count: Math.max(0, c.count - 1), tickets: c.tickets.filter((t) => t.id !== card.id) };
      if (c.status === to) return { ...c, count: c.count + 1, tickets: [moved, ...c.tickets] };
      return c;
    });
    summary = { ...summary, byStatus: withCount(summary.byStatus, from, to) };
    technicians = technicians.map((k) => {
      if (k.technicianId !== card.assignedTo) return k;
      const byStatus = withCount(k.byStatus, from, to);
      const done = byStatus.resolved + byStatus.closed;
      const activeTickets = Math.max(0, k.activeTickets - (isActiveStatus(from) ? 1 : 0) + (isActiveStatus(to) ? 1 : 0));
      return { ...k, byStatus, resolutionRate: resolutionRate(done, k.total), activeTickets, workload: workloadLevel(activeTickets) };
    });
  }
  return { dashboard: { ...d, summary, kanban, technicians, timeline }, marks };
}

/** Column headings of the KPI CSV export. */
export const KPI_CSV_COLUMNS = [
  'Technician',
  'Role',
  'Total Tickets',
  TICKET_STATUS_LABELS.open,
  TICKET_STATUS_LABELS.in_progress,
  TICKET_STATUS_LABELS.resolved,
  TICKET_STATUS_LABELS.closed,
  'Resolution Rate (%)',
  'Avg Resolution (hours)',
  'Satisfaction (%)',
  'Surveys',
  'Active Tickets',
  'Workload',
  'Avg First Response (minutes)',
] as const;

/** Text cells go through the shared csvSafeCell (OWASP CSV injection); numbers are written as numbers. */
const safeText = csvSafeCell;

/**
 * The KPI table as CSV (RFC 4180 quoting by csv-stringify; CRLF line ends, header row first).
 * Missing figures (no resolved tickets, no surveys) are empty cells.
 */
export function kpiCsv(rows: readonly TechnicianKpi[]): string {
  const records = rows.map((k) => [
    safeText(k.username),
    k.role,
    k.total,
    k.byStatus.open,
    k.byStatus.in_progress,
    k.byStatus.resolved,
    k.byStatus.closed,
    k.resolutionRate,
    k.avgResolutionHours ?? '',
    k.satisfactionPercent ?? '',
    k.surveyCount,
    k.activeTickets,
    WORKLOAD_LABELS[k.workload],
    k.avgFirstResponseMinutes ?? '',
  ]);
  return stringify([[...KPI_CSV_COLUMNS], ...records], { record_delimiter: 'windows' });
}
