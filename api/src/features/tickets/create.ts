/**
 * Ticket creates (SPEC.md 4, DESIGN.md 4): open tickets with a gap-free number, each with its
 * 'created' work-history row (updatedBy null: the public form or an e-mail), its tab count and its
 * status link, all written by ONE statement (repository `insertNewTickets`), then one
 * `ticket.created` event per ticket, emitted for the whole group at once in the same transaction
 * (its subscribers write the new-ticket jobs, SPEC.md 7, and whatever other features derive). Two
 * ways to run it:
 * - {@link createTickets} in the caller's transaction, with the submissions' attachments
 *   (the group commit's transaction, createQueue.ts; inbound mail through port.ts);
 * - {@link createTicketsAtOnce}: ONE statement of its own (a transaction only when a subscriber
 *   needs one), the Idempotency-Keys and their answers and the subscribers' CTEs (the new-ticket
 *   jobs) in the same statement as the tickets (the group commit of submissions without files).
 * No SQL here: repository.ts holds it.
 */
import { randomUUID } from 'node:crypto';
import type { SlaPolicy, TicketCreate, TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import { event, type EventBus, type EventOf } from '../../events';
import type { KeyClaim } from '../../http/transaction';
import { readSlaPolicyCached } from '../sla/port';
import { recordAttachments, type AttachmentBatch } from '../attachments/port';
import { presentTicket } from './presenter';
import { TICKET_NUMBER_SLOT, insertNewTickets, type InsertedTicket, type NewTicket } from './repository';
import { dueColumns } from './sla';
import type { StoredStatusLink } from './statusLinks';

/** One public form submission for {@link createTickets}: the validated form and when it arrived. */
export interface TicketSubmission {
  input: TicketCreate;
  now: Date;
  /** Where it came from (the `ticket.created` event's `via`): the public form (default) or an e-mail. */
  via?: 'form' | 'email' | undefined;
  /** The customer's processed uploads (attachments port), recorded on the 'created' entry. */
  attachments?: AttachmentBatch | undefined;
  /** The new ticket's status link (statusLinks.ts `newStatusLink`): stored with it, the token never; none for mail imported without one. */
  statusLink?: StoredStatusLink | undefined;
  /** A ticket staff made (POST /api/tickets/staff, staffCreate.ts): its assignee, its author, and whether the customer hears of it. */
  staff?: StaffSubmission | undefined;
}

/** What a staff create adds to a submission. */
export interface StaffSubmission {
  /** Who made it: the author of its 'created' entry and the event's actor. */
  actor: { id: string; username: string };
  assignedTo: string | null;
  /** false: "Do not notify the customer" (no confirmation e-mail, no customer SMS). */
  notifyCustomer: boolean;
  /** The client card, contact (and site: a recurring schedule's) picked by the caller and checked by it; absent or null = none. */
  links?: { clientId: string | null; contactId: string | null; siteId?: string | null | undefined } | undefined;
}

/** What creating tickets reads before writing: the SLA policy in force. */
export interface CreateContext {
  policy: SlaPolicy;
}

/**
 * Reads the {@link CreateContext} of new tickets. The create queue reads it before it writes, so
 * nothing of it is read while the sync lock is held (docs/benchmarks.md "Where the two cores go").
 * Never call it on `db` while the same caller holds a transaction open on PGlite: the read would
 * wait for that transaction. On the app's database the policy comes from the process's cache (sla
 * port `readSlaPolicyCached`: no statement per group commit while it is unchanged); in a transaction
 * it is read there.
 */
export async function readCreateContext(db: Database): Promise<CreateContext> {
  return { policy: await readSlaPolicyCached(db) };
}

/** True when `submission` carries files to record (they need {@link createTickets}). */
export const hasAttachments = (submission: TicketSubmission): boolean => Boolean(submission.attachments?.items.length || submission.attachments?.taken?.length);

/** The answer to a create (SPEC.md 4 POST /api/tickets, without the status link the route adds). */
const createdAnswer = (t: InsertedTicket): TicketCreated => ({ id: t.id, ticketNumber: t.ticketNumber, createdAt: t.createdAt.toISOString() });

/**
 * The rows to write for `submissions` (their ids chosen here, their numbers taken by the
 * statement): due times under `policy`. `keys[i]` (when given) is stored with submission i's answer.
 */
function newTickets(submissions: TicketSubmission[], { policy }: CreateContext, keys: (KeyClaim | undefined)[] = []): NewTicket[] {
  return submissions.map(({ input, now, statusLink, staff }, i) => {
    const id = randomUUID();
    const due = dueColumns(policy, input.severity, now) as NewTicket['due'];
    const key = keys[i];
    return { id, input, now, due, statusLink, assignedTo: staff?.assignedTo, createdBy: staff?.actor.id, links: staff?.links, idempotency: key && { claim: key, answer: createdAnswer({ id, ticketNumber: TICKET_NUMBER_SLOT, createdAt: now }) } };
  });
}

/** The `ticket.created` event of each written ticket (same order): the presented ticket as created, with its number. */
function createdEvents(submissions: TicketSubmission[], tickets: NewTicket[], rows: InsertedTicket[]): EventOf<'ticket.created'>[] {
  return submissions.map(({ input, now, via, attachments, statusLink, staff }, i) => {
    const t = tickets[i]!;
    const ticket = presentTicket({
      ...input,
      id: t.id,
      ticketNumber: rows[i]!.ticketNumber,
      businessName: input.businessName ?? null,
      device: input.device ?? null,
      status: 'open',
      assignedTo: staff?.assignedTo ?? null,
      resolution: null,
      version: 1,
      syncSeq: 0,
      createdAt: now,
      updatedAt: now,
      ...t.due,
      firstResponseAt: null,
      resolvedAt: null,
      waitingOnCustomer: false,
      waitingSince: null,
      pausedMinutes: 0,
      customerRepliedAt: null,
      clientId: staff?.links?.clientId ?? null,
      siteId: staff?.links?.siteId ?? null,
      contactId: staff?.links?.contactId ?? null,
      mergedInto: null,
      mergedIntoNumber: null,
      possibleDuplicateOf: null,
      possibleDuplicateNumber: null,
    });
    const files = attachments?.items.map((a) => ({ fileName: a.fileName, size: a.size })) ?? [];
    const data = { ticket, via: staff ? ('staff' as const) : (via ?? 'form'), files, statusNonce: statusLink?.nonce ?? null };
    return event('ticket.created', staff ? { ...data, notifyCustomer: staff.notifyCustomer } : data, now, staff?.actor ?? null);
  });
}

/**
 * Creates open tickets (module doc) in `tx`, records each submission's attachments on its
 * 'created' entry, and emits one `ticket.created` per ticket in ONE emit (their subscribers, e.g.
 * the new-ticket alerts, run once for the group, in `tx`). The SLA policy comes from `context`
 * (read here, in `tx`, when the caller did not read it before: see {@link readCreateContext}).
 * Every ticket write waits for the sync lock from the create statement until `tx` commits. Returns
 * the answers in the order of `submissions`.
 */
export async function createTickets(tx: Database, events: EventBus, submissions: TicketSubmission[], context?: CreateContext): Promise<TicketCreated[]> {
  const tickets = newTickets(submissions, context ?? (await readCreateContext(tx)));
  const rows = await insertNewTickets(tx, tickets);
  for (const [i, { attachments, now }] of submissions.entries()) {
    await recordAttachments(tx, attachments, { ticketId: tickets[i]!.id, updateId: 'created', customerVisible: true, now });
  }
  await events.emit(tx, createdEvents(submissions, tickets, rows));
  return rows.map(createdAnswer);
}

/**
 * Creates open tickets (module doc) without files in ONE statement on `db` (events/bus.ts `write`):
 * the `ticket.created` subscribers' reads first (`prepare`: the new-ticket recipients; the clients
 * feature's "anything to match?"), then ONE statement writes the tickets, when `keys[i]` is given
 * submission i's Idempotency-Key with the answer `201` (a ticket and its key commit together or not
 * at all), and the subscribers' CTEs (the new-ticket jobs). Only when a subscriber must run a
 * statement of its own (the clients match when there may be a match) is it a transaction: the
 * statement, those subscribers for the whole group (one emit), COMMIT. Then the after-commit
 * subscribers. The caller has checked that no key is stored yet (http/transaction.ts
 * `readStoredAnswers`); one stored meanwhile fails the statement with a unique violation and
 * nothing is written. Submissions with attachments go through {@link createTickets}.
 * @throws Error when a submission has attachments (a programming error); database errors.
 */
export async function createTicketsAtOnce(
  db: Database,
  events: EventBus,
  submissions: TicketSubmission[],
  keys: (KeyClaim | undefined)[],
  context: CreateContext,
): Promise<TicketCreated[]> {
  if (submissions.some(hasAttachments)) throw new Error('createTicketsAtOnce: submissions with attachments need createTickets');
  const tickets = newTickets(submissions, context, keys);
  // Before the statement the events carry TICKET_NUMBER_SLOT for the numbers it takes.
  const drafts = createdEvents(submissions, tickets, tickets.map((t) => ({ id: t.id, ticketNumber: TICKET_NUMBER_SLOT, createdAt: t.now })));
  const rows = await events.write(db, drafts, (tx, parts) => insertNewTickets(tx, tickets, parts), (written) => createdEvents(submissions, tickets, written));
  return rows.map(createdAnswer);
}
