import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Visit } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { formatDateTime, formatShortDateTime } from '../../lib/format';
import { discard, getOfflineDb, useConnectivity, useOfflineQuery, whenCacheOwnerSet } from '../../offline';
import { readArrival, readQueuedCloseOuts, readStoredVisits, recordArrival, storeVisits, type CloseOutItem } from './offline';
import { VISIT_TEXT } from './texts';
import { VisitRow } from './VisitRow';
import './visits.css';

/**
 * The ticket's on-site visit, in the Update Ticket panel (issue 54; mounted by the app through
 * lib/ticketPanelSlot): 'Arrived' (the tap's time, kept on the device), 'Close out' (the phone flow),
 * each close-out still on the device ('the report will be sent when it syncs', or the server's
 * refusal with 'Discard close-out') and the landed visits with their service report. Online the
 * visits come from GET /api/tickets/:id/visits and are kept on the device for offline; each not
 * superseded offers 'Correct this visit' (a new close-out superseding it, both kept).
 */
export default function TicketVisits({ ticket }: { ticket: { id: string; ticketNumber: string; status: string } }) {
  const online = useConnectivity() === 'online';
  const arrival = useOfflineQuery((db) => readArrival(db, ticket.id), [ticket.id]);
  const queued = useOfflineQuery((db) => readQueuedCloseOuts(db, ticket.id), [ticket.id]) ?? [];
  const stored = useOfflineQuery((db) => readStoredVisits(db, ticket.id), [ticket.id]) ?? [];
  const server = useQuery<Visit[]>({
    queryKey: ['ticket-visits', ticket.id, queued.length],
    queryFn: ({ signal }) => apiGet<Visit[]>(`/api/tickets/${ticket.id}/visits`, { signal, timeoutMs: 15_000 }),
    enabled: online,
  });
  useEffect(() => {
    // After the device belongs to the signed-in user: on a first sign-in the change of owner clears
    // every record, and a save before it was lost (the correction then found no visit on the device).
    const data = server.data;
    if (data?.length) void whenCacheOwnerSet().then(() => storeVisits(getOfflineDb(), data));
  }, [server.data]);
  const visits = mergeVisits(server.data ?? [], stored);
  const closed = ticket.status === 'closed';
  const byId = new Map(visits.map((v) => [v.id, v]));
  // A correction still on the device: its visit is not offered for correction again (the API would refuse it).
  const correcting = new Set(queued.map((q) => q.payload.body.supersedesVisitId).filter((id): id is string => !!id));
  const arrive = async () => {
    await whenCacheOwnerSet();
    await recordArrival(getOfflineDb(), ticket.id);
  };

  return (
    <section className="ticket-visits" aria-labelledby={`visits-${ticket.id}`}>
      <h3 id={`visits-${ticket.id}`} className="panel-section-title">
        {VISIT_TEXT.section}
      </h3>
      {!closed && (
        <div className="form-actions">
          {arrival ? (
            <span className="visit-arrived">{VISIT_TEXT.arrivedAt(formatShortDateTime(arrival.arrivedAt))}</span>
          ) : (
            <button type="button" className="btn btn-outline" onClick={() => void arrive()}>
              {VISIT_TEXT.arrived}
            </button>
          )}
          <Link className="btn btn-primary" to={`/technician/close-out?ticket=${encodeURIComponent(ticket.id)}`}>
            {VISIT_TEXT.closeOut}
          </Link>
        </div>
      )}
      {queued.map((item) => (
        <QueuedCloseOut key={item.seq} item={item} />
      ))}
      {visits.map((v) => (
        <VisitRow key={v.id} visit={v} online={online} byId={byId} canCorrect={!closed && !correcting.has(v.id)} />
      ))}
    </section>
  );
}

function QueuedCloseOut({ item }: { item: CloseOutItem }) {
  const failed = item.state === 'failed';
  return (
    <div className={`visit-queued${failed ? ' visit-failed' : ''}`} role="status">
      <p>
        {failed ? VISIT_TEXT.failed(item.error?.message ?? 'unknown error') : VISIT_TEXT.pending}
        <span className="muted"> {formatDateTime(item.createdAt)}</span>
      </p>
      {failed && (
        <button type="button" className="btn btn-outline" onClick={() => void discard(getOfflineDb(), item.seq)}>
          {VISIT_TEXT.discard}
        </button>
      )}
    </div>
  );
}

/**
 * The server's visits, plus those kept on the device that it did not list (offline), newest first;
 * a visit that a listed correction names is marked superseded by it even when its own copy is older
 * than the correction (a list fetched before the correction landed, or kept offline).
 */
export function mergeVisits(server: readonly Visit[], stored: readonly Visit[]): Visit[] {
  const ids = new Set(server.map((v) => v.id));
  const all = [...server, ...stored.filter((v) => !ids.has(v.id))];
  const correctedBy = new Map(all.filter((v) => v.supersedesVisitId).map((v) => [v.supersedesVisitId!, v.id]));
  return all.map((v) => (v.supersededBy || !correctedBy.has(v.id) ? v : { ...v, supersededBy: correctedBy.get(v.id)! })).sort((a, b) => b.departedAt.localeCompare(a.departedAt));
}
