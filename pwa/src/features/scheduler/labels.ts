import {
  SCHEDULER_RANGE_LABELS,
  TICKET_STATUS_LABELS,
  severityBadgeTone,
  statusBadgeTone,
  type SchedulerRange,
  type SchedulerTicketFilter,
  type Severity,
  type TicketStatus,
  type WorkloadLevel,
} from '@portal/shared';

/** SPEC.md 2 texts of the Scheduler and KPI Dashboard. */
export const TEXT = {
  title: 'Scheduler and KPI Dashboard',
  loading: 'Loading scheduler dashboard...',
  allTechnicians: 'All Technicians',
  timeline: 'Ticket Timeline',
  viewDetails: 'View Details',
  assignedTickets: 'Assigned Tickets',
  workHistory: 'Work History',
  customerFeedback: 'Customer Feedback',
  noTicketsAssigned: 'No tickets assigned yet',
  back: 'Back',
  exportCsv: 'Export CSV',
  notAvailable: 'N/A',
  needsNetwork: 'Connect to the internet to see this list.',
} as const;

/** Tabs (SPEC.md 2). */
export const VIEWS = ['kpi', 'kanban', 'calendar'] as const;
export type SchedulerView = (typeof VIEWS)[number];
export const VIEW_LABELS: Record<SchedulerView, string> = { kpi: 'KPI Metrics', kanban: 'Kanban Board', calendar: 'Calendar View' };

export const rangeLabel = (r: SchedulerRange) => SCHEDULER_RANGE_LABELS[r];

/** Workload badge texts and Ionic colours (SPEC.md 4: light / moderate / heavy). */
export const WORKLOAD_LABELS: Record<WorkloadLevel, string> = { light: 'Light', moderate: 'Moderate', heavy: 'Heavy' };
export const WORKLOAD_COLORS: Record<WorkloadLevel, 'success' | 'warning' | 'danger'> = { light: 'success', moderate: 'warning', heavy: 'danger' };

/** Ionic colour of a shared badge tone (SPEC.md 2 badges): destructive = danger, secondary = medium, default = primary. */
const toneColor = (tone: 'destructive' | 'secondary' | 'default') => (tone === 'destructive' ? 'danger' : tone === 'secondary' ? 'medium' : 'primary');
export const statusColor = (s: TicketStatus) => toneColor(statusBadgeTone(s));
export const severityColor = (s: Severity) => toneColor(severityBadgeTone(s));

/** Empty kanban column (SPEC.md 2): 'No open tickets', 'No in progress tickets', ... */
export const emptyColumnText = (s: TicketStatus) => `No ${TICKET_STATUS_LABELS[s].toLowerCase()} tickets`;

/** 'Satisfaction' value: '87%' or 'N/A' (SPEC.md 2). */
export const satisfactionText = (percent: number | null) => (percent === null ? TEXT.notAvailable : `${percent}%`);

/** '3 surveys' / '1 survey'. */
export const surveysText = (n: number) => `${n} ${n === 1 ? 'survey' : 'surveys'}`;

/** Average resolution in hours: '5.3 hours' or 'N/A'. */
export const hoursText = (h: number | null) => (h === null ? TEXT.notAvailable : `${h} hours`);

/** First response: '38 min', '2.5 hours', 'N/A'. */
export function minutesText(min: number | null): string {
  if (min === null) return TEXT.notAvailable;
  if (min < 60) return `${min} min`;
  return `${Math.round((min / 60) * 10) / 10} hours`;
}

/** Star string for a 1-5 rating and its spoken form. */
export function stars(rating: number): { text: string; label: string } {
  const r = Math.max(0, Math.min(5, Math.round(rating)));
  return { text: '★'.repeat(r) + '☆'.repeat(5 - r), label: `${r} out of 5 stars` };
}

/** Heading of the list behind a count, e.g. 'Open - alice - This Week'. */
export function filterTitle(f: SchedulerTicketFilter, range: SchedulerRange, technicianName: string | undefined): string {
  const what =
    f.scope === 'active'
      ? 'Active tickets'
      : f.status
        ? `${TICKET_STATUS_LABELS[f.status]} tickets`
        : f.assigned === true
          ? 'Assigned tickets'
          : f.assigned === false
            ? 'Unassigned tickets'
            : 'All tickets';
  const parts = [what];
  if (technicianName) parts.push(technicianName);
  if (f.scope !== 'active') parts.push(rangeLabel(range));
  return parts.join(' - ');
}

/** The client a list shows (issue 50): the ticket's client object's name, else the customer's name as typed. */
export const clientLabel = (t: { client?: string | null; clientName: string }): string => t.client ?? t.clientName;
