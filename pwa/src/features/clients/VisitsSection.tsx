import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ClientVisits } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useConnectivity } from '../../offline';
import { CLIENTS_TEXT as T } from './texts';

/**
 * The client card's on-site visits (issue 54 item 4; GET /api/clients/:id/visits): the newest close-outs
 * of its tickets, each with its ticket, technician, parts, signer and service report. Server figures:
 * online only; the last list read stays on screen offline while the page is open.
 */
export function VisitsSection({ clientId }: { clientId: string }) {
  const online = useConnectivity() === 'online';
  const q = useQuery<ClientVisits>({ queryKey: ['client-visits', clientId], queryFn: ({ signal }) => apiGet<ClientVisits>(`/api/clients/${clientId}/visits`, { signal }), enabled: online });
  const data = q.data;
  return (
    <section className="client-section" aria-labelledby="client-visits">
      <h2 id="client-visits">{T.visits}</h2>
      {!data ? (
        <p className="muted">{!online ? T.visitsOffline : q.isError ? T.figuresFailed : T.figuresLoading}</p>
      ) : data.visits.length === 0 ? (
        <p className="muted">{T.visitsEmpty}</p>
      ) : (
        <>
          <ul className="client-items">
            {data.visits.map((v) => (
              <li key={v.id} className="client-item" data-visit={v.id}>
                <div>
                  <Link to={`/technician?ticket=${v.ticketId}`}>{v.ticketNumber}</Link> {formatDate(v.arrivedAt)} <span className="muted">{T.visitLine(v.technicianName, v.partLines)}</span>
                </div>
                <div className="client-issue">{v.workDone.slice(0, 100)}</div>
                <div className="muted">
                  {v.signerName && `${T.visitSigned(v.signerName)} · `}
                  <a href={`/api/visits/${v.id}/report.pdf`} target="_blank" rel="noreferrer">
                    {T.visitReport}
                  </a>
                  {v.supersededBy && ` · ${T.visitCorrected}`}
                </div>
              </li>
            ))}
          </ul>
          {data.total > data.visits.length && <p className="muted">{T.visitsMore(data.visits.length, data.total)}</p>}
        </>
      )}
    </section>
  );
}
