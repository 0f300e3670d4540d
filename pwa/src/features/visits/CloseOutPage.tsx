import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Ticket } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useTicketTools, type TicketTimer, type TicketTools } from '../../lib/ticketTools';
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
  // The tickets feature's tools (lib/ticketTools): canned replies for Work done, the running timer.
  const tools = useTicketTools();
  const loaded = useOfflineQuery(
    async (db) => (tools === undefined ? undefined : { ticket: (await db.tickets.get(ticketId)) ?? null, arrival: await readArrival(db, ticketId), timer: tools ? await tools.readTimer(ticketId) : null }),
    [ticketId, tools],
  );
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
        <Loaded key={loaded.ticket.id} ticket={loaded.ticket} arrival={loaded.arrival} timer={loaded.timer} tools={tools ?? null} back={back} />
      ) : (
        <p className="muted">{VISIT_TEXT.notOnDevice}</p>
      )}
    </div>
  );
}

function Loaded(props: { ticket: Ticket; arrival: Arrival | null; timer: TicketTimer | null; tools: TicketTools | null; back: string }) {
  const { ticket, arrival, timer, tools, back } = props;
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useCloseOut(ticket, arrival?.arrivedAt ?? null, user, timer && tools && { minutes: timer.minutes, drop: () => tools.dropTimer(ticket.id) });
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
      <CloseOutForm form={form} ticket={ticket} tools={tools} user={user} timerStartedAt={timer?.startedAt ?? null} onDone={done} onCancel={() => navigate(back)} />
    </>
  );
}
