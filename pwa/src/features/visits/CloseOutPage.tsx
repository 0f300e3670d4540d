import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Ticket } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { SyncStatus, getConnectivity, useOfflineQuery } from '../../offline';
import { CloseOutForm } from './CloseOutForm';
import { readArrival, type Arrival } from './offline';
import { VISIT_TEXT } from './texts';
import { useCloseOut } from './useCloseOut';
import './visits.css';

/**
 * /technician/close-out?ticket=<id> (issue 54, docs/visits.md "Phone flow"): the on-site close-out
 * of a ticket held on this device, with no signal too. 'Close out' queues the whole close-out
 * (photos and signature first) in the outbox and goes back to the ticket, which says the report
 * will be sent when it syncs.
 */
export default function CloseOutPage() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket') ?? '';
  const loaded = useOfflineQuery(async (db) => ({ ticket: (await db.tickets.get(ticketId)) ?? null, arrival: await readArrival(db, ticketId) }), [ticketId]);
  const back = `/technician?ticket=${encodeURIComponent(ticketId)}`;
  return (
    <div className="page visit-page">
      <div className="page-head">
        <h1>{loaded?.ticket ? VISIT_TEXT.heading(loaded.ticket.ticketNumber) : VISIT_TEXT.closeOut}</h1>
        <Link className="btn btn-outline btn-small" to={back}>
          Back to ticket
        </Link>
      </div>
      <SyncStatus />
      {loaded === undefined ? null : loaded.ticket ? (
        <Loaded key={loaded.ticket.id} ticket={loaded.ticket} arrival={loaded.arrival} back={back} />
      ) : (
        <p className="muted">{VISIT_TEXT.notOnDevice}</p>
      )}
    </div>
  );
}

function Loaded({ ticket, arrival, back }: { ticket: Ticket; arrival: Arrival | null; back: string }) {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useCloseOut(ticket, arrival?.arrivedAt ?? null, user);
  const done = () => {
    toast.show({ title: 'Visit Closed Out', description: getConnectivity() === 'offline' ? VISIT_TEXT.pending : VISIT_TEXT.queuedToast(ticket.ticketNumber) });
    navigate(back);
  };
  return (
    <>
      <p className="muted visit-issue">
        {ticket.clientName}
        {ticket.businessName && ` · ${ticket.businessName}`} · {ticket.issue}
      </p>
      <CloseOutForm form={form} checklist={ticket.checklist} ticketNumber={ticket.ticketNumber} onDone={done} onCancel={() => navigate(back)} />
    </>
  );
}
