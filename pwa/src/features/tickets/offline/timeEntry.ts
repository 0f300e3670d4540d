/**
 * Time tracking offline (docs/sla.md): the `ticket.timeEntry` outbox kind
 * (POST /api/tickets/:id/time-entries with the item's Idempotency-Key, so a queued entry is
 * recorded exactly once however often it is resent) and the start/stop timer, kept in IndexedDB
 * (records collection `tickets.timers`) so it survives reloads and works offline. Stopping the timer
 * queues its entry and removes the timer in one Dexie transaction. No React: the service worker
 * imports it.
 */
import type { TimeEntryCreate, PublicUser } from '@portal/shared';
import { enqueue, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the outbox kind (stored on queued items: never rename). */
export const TIME_ENTRY = 'ticket.timeEntry';
/** Records collection of running timers, one per ticket. */
export const TIMERS = 'tickets.timers';

/** A running timer: when it started (ISO 8601). */
export interface RunningTimer {
  ticketId: string;
  startedAt: string;
}

export type TimeEntryItem = OutboxItem<TimeEntryCreate>;

export const timeEntryKind: OutboxKind<TimeEntryCreate> = {
  kind: TIME_ENTRY,
  auth: 'session',
  request: (item) => ({ method: 'POST', url: `/api/tickets/${item.entityId}/time-entries`, body: item.payload }),
  notices: {
    sent: (labels) => ({ title: 'Time Recorded', description: `Time on ${labels.join(', ')} was recorded.` }),
    failed: (item) => ({ title: 'Time Not Recorded', description: `Time on ${item.label} was refused: ${item.error?.message ?? 'unknown error'}`, variant: 'destructive' }),
  },
};

/** Queues a time entry for `ticket`. */
export function enqueueTimeEntry(
  db: OfflineDb,
  ticket: { id: string; ticketNumber: string },
  entry: TimeEntryCreate,
  user: Pick<PublicUser, 'id' | 'username'> | null,
): Promise<number> {
  return enqueue(db, { kind: TIME_ENTRY, payload: entry, label: ticket.ticketNumber, entityId: ticket.id, user });
}

/** The running timer of a ticket, or null. */
export async function readTimer(db: OfflineDb, ticketId: string): Promise<RunningTimer | null> {
  const row = await db.records.get({ collection: TIMERS, id: ticketId });
  return (row?.data as RunningTimer | undefined) ?? null;
}

/** Starts the ticket's timer at `now` (a running one keeps its start). */
export async function startTimer(db: OfflineDb, ticketId: string, now = new Date()): Promise<RunningTimer> {
  return db.transaction('rw', db.records, async () => {
    const running = await readTimer(db, ticketId);
    if (running) return running;
    const timer = { ticketId, startedAt: now.toISOString() };
    await db.records.put({ collection: TIMERS, id: ticketId, data: timer });
    return timer;
  });
}

/** Whole minutes a timer ran until `now`, at least 1, at most 1440 (the API's bound). */
export function timerMinutes(timer: RunningTimer, now = new Date()): number {
  return Math.min(1440, Math.max(1, Math.round((now.getTime() - Date.parse(timer.startedAt)) / 60_000)));
}

/**
 * Stops the ticket's timer: queues its minutes as an entry and deletes the timer in one
 * transaction. Returns the minutes queued, or null when no timer ran.
 */
export async function stopTimer(
  db: OfflineDb,
  ticket: { id: string; ticketNumber: string },
  entry: Omit<TimeEntryCreate, 'minutes'>,
  user: Pick<PublicUser, 'id' | 'username'> | null,
  now = new Date(),
): Promise<number | null> {
  return db.transaction('rw', db.records, db.outbox, async () => {
    const running = await readTimer(db, ticket.id);
    if (!running) return null;
    const minutes = timerMinutes(running, now);
    await enqueueTimeEntry(db, ticket, { ...entry, minutes }, user);
    await db.records.where({ collection: TIMERS, id: ticket.id }).delete();
    return minutes;
  });
}

/** Minutes of a ticket's time entries still in the outbox (not yet recorded by the server). */
export async function readQueuedMinutes(db: OfflineDb, ticketId: string): Promise<number> {
  const items = (await db.outbox.where('entityId').equals(ticketId).toArray()) as OutboxItem[];
  return items.filter((i) => i.kind === TIME_ENTRY && (i.state === 'pending' || i.state === 'sending')).reduce((n, i) => n + (i.payload as TimeEntryCreate).minutes, 0);
}
