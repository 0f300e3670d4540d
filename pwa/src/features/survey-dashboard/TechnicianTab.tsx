import { satisfactionPercent, type TechnicianPerformance } from '@portal/shared';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { count, hours, percent, rating } from './format';
import { Stars } from './Stars';

/**
 * Technician Performance (SPEC.md 2 / 3 technicianPerformance[]): per technician the average
 * technician rating (with SPEC.md 9's satisfaction percent), surveys, tickets, closed tickets,
 * resolution rate and average resolution time. A table from 992 px, cards on phones.
 */
export function TechnicianTab({ rows }: { rows: TechnicianPerformance[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(r) => r.technicianId}
      columns={COLUMNS}
      card={(r) => <TechnicianCard r={r} />}
      label="Technician performance"
      empty="No technicians yet."
      classes={{ wrap: 'card sd-table-wrap', table: 'sd-table', list: 'sd-cards', card: 'card sd-tech-card', empty: 'card' }}
    />
  );
}

const COLUMNS: ListColumn<TechnicianPerformance>[] = [
  { id: 'name', header: 'Technician', cell: (r) => r.technicianName, rowHeader: true },
  {
    id: 'rating',
    header: 'Avg Rating',
    cell: (r) => (
      <span className="sd-inline-rating">
        <Stars value={r.averageRating} small /> {rating(r.averageRating)}
      </span>
    ),
  },
  { id: 'satisfaction', header: 'Satisfaction', cell: (r) => percent(satisfactionPercent(r.averageRating)), className: 'num' },
  { id: 'surveys', header: 'Surveys', cell: (r) => count(r.totalSurveys), className: 'num' },
  { id: 'tickets', header: 'Tickets', cell: (r) => count(r.totalTickets), className: 'num' },
  { id: 'closed', header: 'Closed', cell: (r) => count(r.closedTickets), className: 'num' },
  { id: 'rate', header: 'Resolution Rate', cell: (r) => percent(r.resolutionRate), className: 'num' },
  { id: 'hours', header: 'Avg Resolution (hours)', cell: (r) => hours(r.averageResolutionTime), className: 'num' },
];

/** Phones: one technician's figures. */
function TechnicianCard({ r }: { r: TechnicianPerformance }) {
  const facts: [string, string][] = [
    ['Surveys', count(r.totalSurveys)],
    ['Tickets', count(r.totalTickets)],
    ['Closed', count(r.closedTickets)],
    ['Resolution Rate', percent(r.resolutionRate)],
    ['Avg Resolution', `${hours(r.averageResolutionTime)} h`],
  ];
  return (
    <>
      <h3>{r.technicianName}</h3>
      <p className="sd-inline-rating">
        <Stars value={r.averageRating} /> {rating(r.averageRating)} · {percent(satisfactionPercent(r.averageRating))} satisfaction
      </p>
      <dl className="sd-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
