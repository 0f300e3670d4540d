/**
 * The recurring sweep (issue 52 item 4; docs/recurring-tickets.md), modelled on the SLA sweep: every
 * API process runs it every minute (main.ts); each due occurrence is opened exactly once.
 *
 * Per schedule, ONE transaction: the schedule row is locked `FOR UPDATE SKIP LOCKED` (another process
 * working it is skipped, not waited for), the occurrences whose open time (due - lead days) has come
 * and that were due after `active_from` are listed with rrule, and each not yet recorded is claimed
 * by inserting (schedule, local date) into `recurring_occurrences` (unique key, ON CONFLICT DO
 * NOTHING) in the same transaction as its ticket. A crash before COMMIT leaves neither; a second
 * process, a restart, a clock jump or an edit finds the key and opens nothing. Missed windows (the
 * app was down) open each missed occurrence once, `late`. "Skip while open": while the schedule's
 * previous ticket is not Resolved/Closed, the occurrence is recorded as skipped.
 */
import { eq } from 'drizzle-orm';
import { occurrencesBetween, type Occurrence, type TicketCreate } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts } from '../../db/schema';
import type { EventBus } from '../../events';
import type { Logger } from '../../logger';
import { createTickets } from '../tickets/port';
import { getClientCard } from '../clients/port';
import { addChecklistItems, templateItemsOf } from '../checklists/port';
import { activeScheduleIds, anyAdmin, claimOccurrence, claimSchedule, lastTickets, recordedDates, setOccurrenceTicket, staffUsername, type ScheduleRow } from './repository';
import { leadMs } from './service';

/** An occurrence opened this long after its open time is marked late (a missed window). */
export const LATE_AFTER_MS = 15 * 60_000;
/** The most occurrences one schedule opens per sweep (a long outage catches up over sweeps). */
const MAX_PER_SWEEP = 50;

/** The ticket form of occurrence `o` of `row`: the client's contact, the schedule's text and due time. */
async function ticketInput(db: Database, row: ScheduleRow, o: Occurrence, fallbackEmail: string): Promise<TicketCreate> {
  const card = row.clientId ? await getClientCard(db, row.clientId) : null;
  const contact = card?.contacts.find((c) => c.id === row.contactId) ?? card?.contacts.find((c) => c.primary) ?? card?.contacts[0];
  const due = new Intl.DateTimeFormat('en-GB', { timeZone: row.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(o.at));
  return {
    clientName: contact?.name ?? card?.name ?? row.title,
    businessName: card?.name ?? null,
    customerEmail: contact?.email ?? fallbackEmail,
    customerPhone: contact?.phone ?? card?.phone ?? '-',
    severity: row.severity,
    contactMethod: 'email',
    issue: `${row.title}\n\n${row.issue}\n\nRecurring ticket, due ${due} (${row.timeZone}).`,
  };
}

/** Who opens the schedule's tickets: its author, else its assignee, else an admin. */
async function authorOf(db: Database, row: ScheduleRow): Promise<{ id: string; username: string } | null> {
  for (const id of [row.createdBy, row.assignedTo]) {
    const username = id ? await staffUsername(db, id) : null;
    if (id && username) return { id, username };
  }
  return anyAdmin(db);
}

async function stillOpen(tx: Database, ticketId: string | undefined): Promise<string | null> {
  if (!ticketId) return null;
  const [t] = await tx.select({ n: ticketFacts.ticketNumber, status: ticketFacts.status }).from(ticketFacts).where(eq(ticketFacts.id, ticketId));
  return t && t.status !== 'resolved' && t.status !== 'closed' ? t.n : null;
}

export interface SweepDeps {
  events: EventBus;
  /** The e-mail of a ticket whose schedule has no contact with one (the support address). */
  fallbackEmail: string;
}

/**
 * Opens (or skips) the due occurrences of schedule `row` in `tx` at `now`; `only`: just these dates
 * (run-now). @returns the occurrences recorded.
 */
export async function openDue(tx: Database, deps: SweepDeps, row: ScheduleRow, now: Date, only?: Occurrence[]): Promise<{ opened: string[]; skipped: string[] }> {
  const lead = leadMs(row);
  const due = only ?? occurrencesBetween(row.recurrence, row.timeZone, row.activeFrom.getTime(), now.getTime() + lead, MAX_PER_SWEEP + 10).filter((o) => o.at - lead <= now.getTime());
  const done = await recordedDates(tx, row.id, due.map((o) => o.date));
  const pending = due.filter((o) => !done.has(o.date)).slice(0, MAX_PER_SWEEP);
  const out = { opened: [] as string[], skipped: [] as string[] };
  if (pending.length === 0) return out;
  let previous = (await lastTickets(tx, [row.id])).get(row.id)?.id;
  const author = await authorOf(tx, row);
  const items = row.templateId ? ((await templateItemsOf(tx, row.templateId)) ?? []) : [];
  for (const o of pending) {
    const late = now.getTime() - (o.at - lead) > LATE_AFTER_MS;
    const open = row.skipWhileOpen ? await stillOpen(tx, previous) : null;
    const base = { scheduleId: row.id, occurrenceDate: o.date, dueAt: new Date(o.at), late, createdAt: now };
    if (open) {
      if (await claimOccurrence(tx, { ...base, outcome: 'skipped', reason: `${open} was still open` })) out.skipped.push(o.date);
      continue;
    }
    const claimed = await claimOccurrence(tx, { ...base, outcome: 'opened', reason: null });
    if (!claimed || !author) continue;
    const input = await ticketInput(tx, row, o, deps.fallbackEmail);
    const links = { clientId: row.clientId, contactId: row.contactId, siteId: row.siteId };
    const [created] = await createTickets(tx, deps.events, [{ input, now, staff: { actor: author, assignedTo: row.assignedTo, notifyCustomer: false, links } }]);
    await addChecklistItems(tx, created!.id, items, now);
    await setOccurrenceTicket(tx, claimed, created!.id);
    previous = created!.id;
    out.opened.push(o.date);
  }
  return out;
}

/**
 * One sweep over every schedule that is not paused (module doc), each in its own transaction.
 * @returns how many tickets were opened.
 */
export async function sweepRecurring(db: Database, deps: SweepDeps, now: Date): Promise<number> {
  let opened = 0;
  for (const id of await activeScheduleIds(db)) {
    opened += await deps.events.transaction(db, async (tx) => {
      const row = await claimSchedule(tx, id);
      return row ? (await openDue(tx, deps, row, now)).opened.length : 0;
    });
  }
  return opened;
}

/**
 * Sweeps every `intervalMs` in this process (main.ts, like the SLA sweep; every process runs one):
 * wakes the notification dispatcher when tickets were opened, logs a failed sweep as a warning.
 * @returns a function that stops it.
 */
export function startRecurringSweep(deps: SweepDeps & { db: Database; logger: Logger; wake: () => void }, intervalMs: number): () => void {
  const run = () =>
    sweepRecurring(deps.db, deps, new Date()).then(
      (opened) => {
        if (opened > 0) deps.wake();
      },
      (err: unknown) => deps.logger.warn('recurring ticket sweep failed', { error: String(err) }),
    );
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
