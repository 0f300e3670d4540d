import type { VisitFiguresRow } from '@portal/shared';
import { hoursText } from './model';

/** '12.50' for a priced parts' value, '—' without priced parts. */
const money = (n: number) => (n > 0 ? n.toFixed(2) : '—');

/**
 * On-site visits and parts per client of the range (issue 54 item 4; GET /api/time-report's `visits`):
 * visits (superseded ones not counted), time on site (arrival to departure), part lines and quantity,
 * and the priced parts' value. Nothing when the range had no visits.
 */
export function VisitTable({ rows }: { rows: VisitFiguresRow[] }) {
  if (rows.length === 0) return <p className="muted">No on-site visits in this range.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table billing-table" aria-label="Visits and parts by client">
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Visits</th>
            <th scope="col">Time on site</th>
            <th scope="col">Parts</th>
            <th scope="col">Quantity</th>
            <th scope="col">Parts value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.clientId ?? `name:${r.client}`}>
              <th scope="row">{r.client || '(no name)'}</th>
              <td>{r.visits}</td>
              <td>{hoursText(r.visitMinutes)}</td>
              <td>{r.partLines}</td>
              <td>{r.partQuantity}</td>
              <td>{money(r.partsTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
