import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PublicUser, TicketTime } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { getConnectivity, getOfflineDb, useConnectivity, useOfflineQuery, whenCacheOwnerSet } from '../../offline';
import { enqueueTimeEntry, readQueuedMinutes, readTimer, startTimer, stopTimer, timerMinutes } from './offline';
import { useNow } from './SlaClock';

/** '1 h 5 min' / '25 min'. */
export function minutesText(m: number): string {
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}

/**
 * Time tracking in the Update Ticket panel (docs/sla.md): a start/stop
 * timer kept in IndexedDB (survives reloads, works offline), a manual entry (minutes, billable,
 * note), and the ticket's totals: recorded on the server (online) plus what waits in the outbox.
 * Entries go through the outbox kind `ticket.timeEntry` with an Idempotency-Key: recorded once.
 */
export function TimeTracker(props: { ticket: { id: string; ticketNumber: string }; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const { ticket, user } = props;
  const toast = useToast();
  const online = useConnectivity() === 'online';
  const now = useNow(15_000);
  const timer = useOfflineQuery((db) => readTimer(db, ticket.id), [ticket.id]);
  const queued = useOfflineQuery((db) => readQueuedMinutes(db, ticket.id), [ticket.id]) ?? 0;
  const server = useQuery<TicketTime>({
    queryKey: ['ticket-time', ticket.id],
    queryFn: ({ signal }) => apiGet<TicketTime>(`/api/tickets/${ticket.id}/time-entries`, { signal, timeoutMs: 15_000 }),
    enabled: online,
  });
  // An entry leaving the outbox was recorded: read the totals again (issue 56: the query was keyed by
  // the queued minutes, so going back to 0 queued showed the cached total of before, "Recorded: 0 min").
  const { refetch } = server;
  const seenQueued = useRef(queued);
  useEffect(() => {
    const fewer = queued < seenQueued.current;
    seenQueued.current = queued;
    if (fewer && online) void refetch();
  }, [queued, online, refetch]);
  const [minutes, setMinutes] = useState('');
  const [billable, setBillable] = useState(true);
  const [note, setNote] = useState('');
  useEffect(() => setMinutes(''), [ticket.id]);

  const queuedToast = (m: number) =>
    toast.show({
      title: 'Time Queued',
      description: getConnectivity() === 'offline' ? `${minutesText(m)} on ${ticket.ticketNumber} will be recorded when you are back online.` : `${minutesText(m)} on ${ticket.ticketNumber} is being recorded.`,
    });

  /**
   * Starts the timer at the tap's time, stored once the offline database belongs to this user: on a
   * first sign-in the engine's change of owner clears every record, a timer stored before it too.
   */
  const startAt = async (at: Date) => {
    await whenCacheOwnerSet();
    await startTimer(getOfflineDb(), ticket.id, at);
  };
  const stop = async () => {
    const m = await stopTimer(getOfflineDb(), ticket, { billable, note: note.trim() || null }, user);
    if (m !== null) {
      setNote('');
      queuedToast(m);
    }
  };
  const add = async () => {
    const m = Number(minutes);
    if (!Number.isInteger(m) || m < 1 || m > 1440) {
      toast.show({ title: 'Invalid Time', description: 'Enter whole minutes from 1 to 1440.', variant: 'destructive' });
      return;
    }
    await enqueueTimeEntry(getOfflineDb(), ticket, { minutes: m, billable, note: note.trim() || null }, user);
    setMinutes('');
    setNote('');
    queuedToast(m);
  };

  return (
    <section className="time-tracker" aria-labelledby="time-heading">
      <h3 id="time-heading" className="panel-section-title">
        Time
      </h3>
      <p className="time-totals" role="status">
        {server.data ? `Recorded: ${minutesText(server.data.totalMinutes)} (${minutesText(server.data.billableMinutes)} billable)` : online ? 'Recorded: ...' : 'Recorded time shows when online'}
        {queued > 0 && ` · ${minutesText(queued)} waiting to sync`}
      </p>
      <div className="form-actions">
        {timer ? (
          <button type="button" className="btn btn-primary" onClick={() => void stop()}>
            Stop Timer ({minutesText(timerMinutes(timer, now))})
          </button>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => void startAt(new Date())}>
            Start Timer
          </button>
        )}
      </div>
      <div className="time-entry">
        <label htmlFor="time-minutes">Minutes</label>
        <input id="time-minutes" className="input" type="number" inputMode="numeric" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        <label className="time-billable">
          <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} /> Billable
        </label>
        <label htmlFor="time-note">Time note</label>
        <input id="time-note" className="input" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="button" className="btn btn-outline btn-small" onClick={() => void add()}>
          Add Time
        </button>
      </div>
    </section>
  );
}
