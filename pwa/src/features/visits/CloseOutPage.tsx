import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Ticket, Visit } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../../lib/auth';
import { useTicketTools, type TicketTimer, type TicketTools } from '../../lib/ticketTools';
import { useToast } from '../../lib/toast';
import { SyncStatus, getConnectivity, useOfflineQuery } from '../../offline';
import { CloseOutForm } from './CloseOutForm';
import { readArrival, readStoredVisits, type Arrival } from './offline';
import { VISIT_TEXT } from './texts';
import { useCloseOut } from './useCloseOut';
import './visits.css';

/**
 * /technician/close-out?ticket=<id> (issue 54, docs/visits.md "Phone flow"): the on-site close-out
 * of a ticket held on this device, with no signal too. 'Close out' queues the whole close-out
 * (photos and signature first) in the outbox and goes back to the ticket, which says the report
 * will be sent when it syncs. With `&corrects=<visit id>` (a visit of the ticket kept on this device)
 * it is a correction of that visit: prefilled from it, signed again, sent with `supersedesVisitId`.
 */
export default function CloseOutPage() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket') ?? '';
  const correctsId = params.get('corrects');
  // The tickets feature's tools (lib/ticketTools): canned replies for Work done, the running timer.
  const tools = useTicketTools();
  const loaded = useOfflineQuery(
    async (db) =>
      tools === undefined
        ? undefined
        : {
            ticket: (await db.tickets.get(ticketId)) ?? null,
            arrival: await readArrival(db, ticketId),
            timer: tools && !correctsId ? await tools.readTimer(ticketId) : null,
            corrects: correctsId ? ((await readStoredVisits(db, ticketId)).find((v) => v.id === correctsId) ?? null) : null,
          },
    [ticketId, tools, correctsId],
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
      {loaded === undefined ? null : loaded.ticket && (!correctsId || loaded.corrects) ? (
        <Loaded key={loaded.ticket.id} ticket={loaded.ticket} arrival={loaded.arrival} timer={loaded.timer} corrects={loaded.corrects} tools={tools ?? null} back={back} />
      ) : (
        <p className="muted">{loaded.ticket ? VISIT_TEXT.notOnDeviceVisit : VISIT_TEXT.notOnDevice}</p>
      )}
    </div>
  );
}

function Loaded(props: { ticket: Ticket; arrival: Arrival | null; timer: TicketTimer | null; corrects: Visit | null; tools: TicketTools | null; back: string }) {
  const { ticket, arrival, timer, corrects, tools, back } = props;
  const correctsId = corrects?.id;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the visit is read once per id (a correction's source never changes)
  const correct = useMemo(() => (corrects ? { visit: corrects, resolve: ticket.status !== 'resolved' } : null), [correctsId]);
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useCloseOut(ticket, arrival?.arrivedAt ?? null, user, timer && tools && { minutes: timer.minutes, drop: () => tools.dropTimer(ticket.id) }, correct);
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
      {corrects && (
        <p className="form-hint visit-correcting" role="note">
          {VISIT_TEXT.correcting(formatDateTime(corrects.departedAt), corrects.technicianName)}
        </p>
      )}
      <CloseOutForm form={form} ticket={ticket} tools={tools} user={user} timerStartedAt={timer?.startedAt ?? null} onDone={done} onCancel={() => navigate(back)} />
    </>
  );
}
