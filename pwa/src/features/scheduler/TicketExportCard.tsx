import { useId, useState } from 'react';
import { TICKET_EXPORT_MAX_DAYS, type Client } from '@portal/shared';
import { useOfflineQuery, type OfflineDb } from '../../offline';
import { SearchableSelect } from '../../lib/ui/SearchableSelect';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Why the range cannot be exported, or null (the API's own rules: shared ticketExportQuerySchema). */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Pick both dates.';
  if (to < from) return 'The end date must not be before the start date.';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= TICKET_EXPORT_MAX_DAYS) return `The range may span at most ${TICKET_EXPORT_MAX_DAYS} days.`;
  return null;
}

/** Client names for the filter: the clients feature's cached cards (records 'clients', read as data). */
export async function readClientNames(db: OfflineDb): Promise<{ id: string; name: string }[]> {
  const rows = await db.records.where('collection').equals('clients').toArray();
  return rows.map((r) => r.data as Client).map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * 'Export tickets (CSV)' on the scheduler's KPI tab: a date range (default: the last 30 days, UTC
 * days, both included) and a link to GET /api/tickets/export.csv?from=&to= that the browser downloads
 * with the session cookie (tickets-FROM-to-TO.csv), optionally only one client's tickets (issue 50). A range the API would refuse disables the link
 * with the reason; offline it says the export needs a connection.
 */
export function TicketExportCard({ online }: { online: boolean }) {
  const id = useId();
  const today = new Date();
  const [from, setFrom] = useState(() => isoDay(new Date(today.getTime() - 29 * DAY_MS)));
  const [to, setTo] = useState(() => isoDay(today));
  const [clientId, setClientId] = useState('');
  const clients = useOfflineQuery(readClientNames) ?? [];
  const problem = online ? exportRangeProblem(from, to) : 'Exporting needs a connection.';
  const href = `/api/tickets/export.csv?${new URLSearchParams({ from, to, ...(clientId ? { clientId } : {}) })}`;
  return (
    <section className="card ticket-export" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Export tickets (CSV)</h2>
      <p className="muted">Tickets created between the two dates (both included, UTC), one row each.</p>
      <div className="ticket-export-fields">
        <label htmlFor={`${id}-from`}>
          From
          <input id={`${id}-from`} className="input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label htmlFor={`${id}-to`}>
          To
          <input id={`${id}-to`} className="input" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="ticket-export-client">
          <label htmlFor={`${id}-client`}>Client</label>
          <SearchableSelect id={`${id}-client`} label="Client" value={clientId} noneLabel="All clients" options={clients} onChange={setClientId} />
        </div>
        {problem ? (
          <button type="button" className="btn btn-primary" disabled aria-describedby={`${id}-why`}>
            Download CSV
          </button>
        ) : (
          <a className="btn btn-primary" href={href} download>
            Download CSV
          </a>
        )}
      </div>
      {problem && (
        <p id={`${id}-why`} className="muted">
          {problem}
        </p>
      )}
    </section>
  );
}
