import { satisfactionPercent, type TechnicianPerformance } from '@portal/shared';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { count, hours, percent, rating } from './format';
import { Stars } from './Stars';

/**
 * Technician Performance (SPEC.md 2 / 3 technicianPerformance[]): per technician the average
 * technician rating (with SPEC.md 9's satisfaction percent), surveys, tickets, closed tickets,
 * resolution rate and average resolution time. A table from 992 px, cards on phones.
 */
export function TechnicianTab({ rows }: { rows: TechnicianPerformance[] }) {
  const desktop = useIsDesktop();
  if (rows.length === 0) return <p className="card muted">No technicians yet.</p>;
  if (desktop) {
    return (
      <div className="card sd-table-wrap">
        <table className="sd-table" aria-label="Technician performance">
          <thead>
            <tr>
              <th scope="col">Technician</th>
              <th scope="col">Avg Rating</th>
              <th scope="col" className="num">Satisfaction</th>
              <th scope="col" className="num">Surveys</th>
              <th scope="col" className="num">Tickets</th>
              <th scope="col" className="num">Closed</th>
              <th scope="col" className="num">Resolution Rate</th>
              <th scope="col" className="num">Avg Resolution (hours)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.technicianId}>
                <th scope="row">{r.technicianName}</th>
                <td>
                  <span className="sd-inline-rating">
                    <Stars value={r.averageRating} small /> {rating(r.averageRating)}
                  </span>
                </td>
                <td className="num">{percent(satisfactionPercent(r.averageRating))}</td>
                <td className="num">{count(r.totalSurveys)}</td>
                <td className="num">{count(r.totalTickets)}</td>
                <td className="num">{count(r.closedTickets)}</td>
                <td className="num">{percent(r.resolutionRate)}</td>
                <td className="num">{hours(r.averageResolutionTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="sd-cards">
      {rows.map((r) => (
        <li key={r.technicianId} className="card sd-tech-card">
          <h3>{r.technicianName}</h3>
          <p className="sd-inline-rating">
            <Stars value={r.averageRating} /> {rating(r.averageRating)} · {percent(satisfactionPercent(r.averageRating))} satisfaction
          </p>
          <dl className="sd-facts">
            <div>
              <dt>Surveys</dt>
              <dd>{count(r.totalSurveys)}</dd>
            </div>
            <div>
              <dt>Tickets</dt>
              <dd>{count(r.totalTickets)}</dd>
            </div>
            <div>
              <dt>Closed</dt>
              <dd>{count(r.closedTickets)}</dd>
            </div>
            <div>
              <dt>Resolution Rate</dt>
              <dd>{percent(r.resolutionRate)}</dd>
            </div>
            <div>
              <dt>Avg Resolution</dt>
              <dd>{hours(r.averageResolutionTime)} h</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
