import type { SchedulerSummary, SchedulerTicketFilter } from '@portal/shared';

interface Tile {
  key: string;
  label: string;
  value: number;
  filter: SchedulerTicketFilter;
}

/** The seven tiles of SPEC.md 2 with the filter of the tickets behind each. */
export function summaryTiles(s: SchedulerSummary): Tile[] {
  return [
    { key: 'total', label: 'Total Tickets', value: s.total, filter: {} },
    { key: 'open', label: 'Open', value: s.byStatus.open, filter: { status: 'open' } },
    { key: 'in_progress', label: 'In Progress', value: s.byStatus.in_progress, filter: { status: 'in_progress' } },
    { key: 'resolved', label: 'Resolved', value: s.byStatus.resolved, filter: { status: 'resolved' } },
    { key: 'closed', label: 'Closed', value: s.byStatus.closed, filter: { status: 'closed' } },
    { key: 'assigned', label: 'Assigned', value: s.assigned, filter: { assigned: true } },
    { key: 'unassigned', label: 'Unassigned', value: s.unassigned, filter: { assigned: false } },
  ];
}

/**
 * Summary tiles (SPEC.md 2): Total Tickets, Open, In Progress, Resolved, Closed, Assigned,
 * Unassigned. Each tile is a button that opens the list of the tickets it counts.
 */
export function SummaryTiles({ summary, onOpen }: { summary: SchedulerSummary; onOpen(filter: SchedulerTicketFilter): void }) {
  return (
    <ul className="sched-tiles" aria-label="Summary">
      {summaryTiles(summary).map((t) => (
        <li key={t.key}>
          <button type="button" className="sched-tile" data-tile={t.key} onClick={() => onOpen(t.filter)} aria-label={`${t.label}: ${t.value}. Show these tickets`}>
            <span className="sched-tile-value" data-value>
              {t.value}
            </span>
            <span className="sched-tile-label">{t.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
