/** A time entry recorded by another feature's write (sla/port.ts `recordTimeEntry`). */
import type { TimeEntry, TimeEntryCreate } from '@portal/shared';
import type { Database } from '../../db/client';
import { presentTimeEntry } from './presenter';
import { insertTimeEntry } from './timeEntriesRepository';

/** Records `input` worked by `user` on `ticketId` at `now`, in `tx`; returns it presented. The caller checked the ticket exists. */
export async function recordTimeEntry(tx: Database, ticketId: string, user: { id: string; username: string }, input: TimeEntryCreate, now: Date): Promise<TimeEntry> {
  return presentTimeEntry(await insertTimeEntry(tx, ticketId, user, input, now));
}
