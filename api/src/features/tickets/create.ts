/**
 * Ticket creates (SPEC.md 4, DESIGN.md 4): open tickets with a gap-free number, each with its
 * 'created' work-history row (updatedBy null: the public form or an e-mail), its tab count, its
 * status link and its new-ticket notification jobs (SPEC.md 7, DESIGN.md 6), all written by ONE
 * statement (repository `insertNewTickets`). Two ways to run it:
 * - {@link createTickets} in the caller's transaction, with the submissions' attachments
 *   (the group commit's transaction, createQueue.ts; inbound mail through port.ts);
 * - {@link createTicketsAtOnce}: the statement alone is the transaction, with the Idempotency-Keys
 *   and their answers in it (the group commit of submissions without files).
 * No SQL here: repository.ts holds it.
 */
import { randomUUID } from 'node:crypto';
import type { SlaPolicy, TicketCreate, TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import type { KeyClaim } from '../../http/transaction';
import { readSlaPolicy } from '../sla/port';
import { recordAttachments, type AttachmentBatch } from '../attachments/port';
import { TICKET_NUMBER_SLOT, newTicketJobsFor, newTicketRecipients, type NewTicketRecipients } from './alerts';
import { presentTicket } from './presenter';
import { insertNewTickets, type InsertedTicket, type NewTicket } from './repository';
import { dueColumns } from './sla';
import type { StoredStatusLink } from './statusLinks';

/** One public form submission for {@link createTickets}: the validated form and when it arrived. */
export interface TicketSubmission {
  input: TicketCreate;
  now: Date;
  /** The customer's processed uploads (attachments port), recorded on the 'created' entry. */
  attachments?: AttachmentBatch | undefined;
  /** The new ticket's status link (statusLinks.ts `newStatusLink`): stored with it, the token never; none for mail imported without one. */
  statusLink?: StoredStatusLink | undefined;
}

/** What creating tickets reads before writing: the recipients per severity present and the SLA policy in force. */
export interface CreateContext {
  recipients: Map<TicketCreate['severity'], NewTicketRecipients>;
  policy: SlaPolicy;
}

/**
 * Reads the {@link CreateContext} of new tickets of `severities`, the statements sent together (on
 * PostgreSQL's pool they overlap: one round trip's wait; PGlite's one connection runs them in
 * turn). The create queue reads it before it writes, so nothing is read while the sync lock is held
 * (docs/benchmarks.md "Where the two cores go"). Never call it on `db` while the same caller holds
 * a transaction open on PGlite: the read would wait for that transaction.
 */
export async function readCreateContext(db: Database, severities: Iterable<TicketCreate['severity']>): Promise<CreateContext> {
  const [policy, recipients] = await Promise.all([readSlaPolicy(db), newTicketRecipients(db, severities)]);
  return { policy, recipients };
}

/** True when `submission` carries files to record (they need {@link createTickets}). */
export const hasAttachments = (submission: TicketSubmission): boolean => Boolean(submission.attachments?.items.length);

/** The answer to a create (SPEC.md 4 POST /api/tickets, without the status link the route adds). */
const createdAnswer = (t: InsertedTicket): TicketCreated => ({ id: t.id, ticketNumber: t.ticketNumber, createdAt: t.createdAt.toISOString() });

/**
 * The rows to write for `submissions` (their ids chosen here, their numbers left as
 * TICKET_NUMBER_SLOT): due times under `policy`, and the jobs built for each ticket as it will be.
 * `keys[i]` (when given) is stored with submission i's answer.
 */
function newTickets(submissions: TicketSubmission[], { recipients, policy }: CreateContext, keys: (KeyClaim | undefined)[] = []): NewTicket[] {
  return submissions.map(({ input, now, attachments, statusLink }, i) => {
    const id = randomUUID();
    const due = dueColumns(policy, input.severity, now) as NewTicket['due'];
    const draft = presentTicket({
      ...input,
      id,
      ticketNumber: TICKET_NUMBER_SLOT,
      businessName: input.businessName ?? null,
      status: 'open',
      assignedTo: null,
      resolution: null,
      version: 1,
      syncSeq: 0,
      createdAt: now,
      updatedAt: now,
      ...due,
      firstResponseAt: null,
      resolvedAt: null,
      waitingOnCustomer: false,
      waitingSince: null,
      pausedMinutes: 0,
      customerRepliedAt: null,
      clientId: null,
      siteId: null,
      contactId: null,
    });
    const attached = attachments?.items.map((a) => ({ fileName: a.fileName, size: a.size }));
    const jobs = newTicketJobsFor(draft, recipients.get(input.severity)!, { attachments: attached, statusNonce: statusLink?.nonce });
    const key = keys[i];
    return { id, input, now, due, statusLink, jobs, idempotency: key && { claim: key, answer: createdAnswer({ id, ticketNumber: TICKET_NUMBER_SLOT, createdAt: now }) } };
  });
}

/**
 * Creates open tickets (module doc) in `tx`, and records each submission's attachments on its
 * 'created' entry. The recipients and the SLA policy come from `context` (read here, in `tx`, when
 * the caller did not read it before: see {@link readCreateContext}). Every ticket write waits for
 * the sync lock from the create statement until `tx` commits. Returns the answers in the order of
 * `submissions`.
 */
export async function createTickets(tx: Database, submissions: TicketSubmission[], context?: CreateContext): Promise<TicketCreated[]> {
  const tickets = newTickets(submissions, context ?? (await readCreateContext(tx, submissions.map((s) => s.input.severity))));
  const rows = await insertNewTickets(tx, tickets);
  for (const [i, { attachments, now }] of submissions.entries()) {
    await recordAttachments(tx, attachments, { ticketId: tickets[i]!.id, updateId: 'created', customerVisible: true, now });
  }
  return rows.map(createdAnswer);
}

/**
 * Creates open tickets (module doc) in ONE statement run on `db` outside any transaction: it
 * commits on its own, so PostgreSQL releases the sync lock as it ends instead of waiting for this
 * process to send COMMIT (the lock other processes' creates wait for, docs/benchmarks.md). `keys[i]`,
 * when given, is stored in the same statement with the answer `201` and submission i's answer, so
 * a ticket and its key commit together or not at all. The caller has checked that no key is stored
 * yet (http/transaction.ts `readStoredAnswers`); one stored meanwhile fails the statement with a
 * unique violation and nothing is written. Submissions with attachments go through
 * {@link createTickets} (their files are recorded in further statements).
 * @throws Error when a submission has attachments (a programming error); database errors.
 */
export async function createTicketsAtOnce(db: Database, submissions: TicketSubmission[], keys: (KeyClaim | undefined)[], context: CreateContext): Promise<TicketCreated[]> {
  if (submissions.some(hasAttachments)) throw new Error('createTicketsAtOnce: submissions with attachments need createTickets');
  const rows = await insertNewTickets(db, newTickets(submissions, context, keys));
  return rows.map(createdAnswer);
}
