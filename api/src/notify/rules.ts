/**
 * Which notification jobs a ticket event creates (SPEC.md 7, DESIGN.md 6, issue 4). Called inside
 * the ticket's create/patch transaction, so the jobs commit (or roll back) with the change, and an
 * idempotent replay, which changes nothing, writes nothing. Recipients are resolved here, so the
 * delivery log names them.
 *
 * New ticket:
 * - e-mail to every notification recipient (ticket details + link);
 * - SMS to the support number when severity is high or urgent and a number is saved;
 * - SMS to the customer when their contact method is text or severity is high or urgent;
 * - confirmation e-mail to the customer with the ticket number;
 * - web push to every technician/admin subscription.
 * Staff update (at least one change):
 * - e-mail to the customer describing the change(s) the customer may see: status, technician,
 *   resolution and replies. Internal notes (comments without `reply`, issue 10) are never e-mailed;
 *   an update that is only an internal note e-mails nobody;
 * - (the survey invitation when the status enters resolved/closed is written by the surveys feature's
 *   port with its invitation row: notify/surveys.ts, issue 11);
 * - web push to the new assignee's devices, unless they assigned the ticket to themselves.
 */
import { ALERTING_SEVERITIES, SEVERITY_NAMES, TICKET_STATUS_LABELS, type Ticket, type TicketStatus } from '@portal/shared';
import type { Database } from '../db/client';
import { insertJobs, type NewJob } from './jobs';
import { newTicketRecipientRows, userSubscriptions, type SubscriptionOwner } from './recipients';
import type { TicketChange, TicketSnapshot } from './types';

/** The ticket facts a job keeps (rendered at send time), picked from the presented ticket. */
export function snapshot(t: Ticket): TicketSnapshot {
  return {
    id: t.id,
    ticketNumber: t.ticketNumber,
    clientName: t.clientName,
    businessName: t.businessName,
    customerEmail: t.customerEmail,
    customerPhone: t.customerPhone,
    severity: t.severity,
    contactMethod: t.contactMethod,
    issue: t.issue,
    status: t.status,
    resolution: t.resolution,
    createdAt: t.createdAt,
  };
}

/** Who a new ticket alerts, read before the ticket exists (see {@link newTicketRecipients}). */
export interface NewTicketRecipients {
  emails: string[];
  /** The support number, read only for alerting severities. */
  supportNumber: string | null;
  subscriptions: SubscriptionOwner[];
}

/**
 * Reads the recipients of a new ticket of `severity`. The create transaction calls it BEFORE it
 * takes the sync lock and the ticket number (issue 16), so these reads do not lengthen the section
 * every ticket write waits for; they are still inside the transaction.
 */
export async function newTicketRecipients(tx: Database, severity: Ticket['severity']): Promise<NewTicketRecipients> {
  return newTicketRecipientRows(tx, ALERTING_SEVERITIES.includes(severity));
}

/** The jobs of a ticket just created by the public form, for recipients read before. */
export function newTicketJobsFor(t: Ticket, r: NewTicketRecipients): NewJob[] {
  const ticket = snapshot(t);
  const ticketId = t.id;
  const alerting = ALERTING_SEVERITIES.includes(t.severity);
  const label = `${t.ticketNumber} (${SEVERITY_NAMES[t.severity]})`;
  const jobs: NewJob[] = [];
  for (const email of r.emails) {
    jobs.push({ channel: 'email', recipient: email, ticketId, summary: `New ticket ${label}`, payload: { kind: 'new_ticket_staff', ticket } });
  }
  if (alerting && r.supportNumber) {
    jobs.push({ channel: 'sms', recipient: r.supportNumber, ticketId, summary: `Support alert: ticket ${label}`, payload: { kind: 'support_sms', ticket } });
  }
  if (t.contactMethod === 'text' || alerting) {
    jobs.push({ channel: 'sms', recipient: t.customerPhone, ticketId, summary: `Customer SMS: ticket ${t.ticketNumber} received`, payload: { kind: 'customer_sms', ticket } });
  }
  jobs.push({
    channel: 'email',
    recipient: t.customerEmail,
    ticketId,
    summary: `Confirmation of ticket ${t.ticketNumber}`,
    payload: { kind: 'customer_confirmation', ticket },
  });
  for (const sub of r.subscriptions) {
    jobs.push({
      channel: 'push',
      recipient: `push:${sub.username}`,
      ticketId,
      summary: `New ticket ${label}`,
      payload: { kind: 'new_ticket_push', ticket, subscriptionId: sub.id },
    });
  }
  return jobs;
}

/**
 * Stands for the ticket number in the jobs of a ticket whose number is not taken yet: the create
 * statement (tickets repository `insertNewTickets`, one per group commit) writes the jobs in the
 * same statement that takes the number, and puts the number in place of this slot in each job's
 * `summary` and in `payload.ticket.ticketNumber` (issue 16). Summaries hold no customer text, so the slot cannot
 * collide with it.
 */
export const TICKET_NUMBER_SLOT = '{ticketNumber}';

/** Jobs for a ticket just created by the public form. */
export async function newTicketJobs(tx: Database, t: Ticket): Promise<NewJob[]> {
  return newTicketJobsFor(t, await newTicketRecipients(tx, t.severity));
}

/**
 * Writes the new-ticket jobs (see module doc). Call in the create transaction; pass `recipients`
 * read earlier with {@link newTicketRecipients} to skip reading them now.
 */
export async function enqueueTicketCreated(tx: Database, t: Ticket, now: Date, recipients?: NewTicketRecipients): Promise<void> {
  await insertJobs(tx, recipients ? newTicketJobsFor(t, recipients) : await newTicketJobs(tx, t), now);
}

/** A staff update as the rules see it. */
export interface TicketPatchEvent {
  before: Ticket;
  after: Ticket;
  /** What changed, in work-history order (assignment values are usernames). */
  changes: TicketChange[];
  actor: { id: string; username: string };
}

/** Short text of the changes for the delivery log, e.g. "status In Progress, comment". */
function changeSummary(changes: TicketChange[]): string {
  return changes
    .map((c) => {
      if (c.type === 'status_change') return `status ${TICKET_STATUS_LABELS[c.to as TicketStatus] ?? c.to}`;
      if (c.type === 'assignment') return c.to ? `assigned to ${c.to}` : 'unassigned';
      if (c.type === 'comment') return c.reply ? 'reply' : 'note';
      return c.type;
    })
    .join(', ');
}

/** The changes the customer is told about: everything except internal notes (issue 10). */
export function customerVisible(changes: readonly TicketChange[]): TicketChange[] {
  return changes.filter((c) => c.type !== 'comment' || c.reply === true);
}

/** Jobs for a staff update (see module doc); none when nothing changed. */
export async function patchJobs(tx: Database, e: TicketPatchEvent): Promise<NewJob[]> {
  if (e.changes.length === 0) return [];
  const { after: t } = e;
  const ticket = snapshot(t);
  const ticketId = t.id;
  const jobs: NewJob[] = [];
  const forCustomer = customerVisible(e.changes);
  if (forCustomer.length > 0) {
    jobs.push({
      channel: 'email',
      recipient: t.customerEmail,
      ticketId,
      summary: `Update on ticket ${t.ticketNumber}: ${changeSummary(forCustomer)}`,
      payload: { kind: 'ticket_updated', ticket, changes: forCustomer, actorName: e.actor.username },
    });
  }
  const assignee = t.assignedTo;
  if (assignee && assignee !== e.before.assignedTo && assignee !== e.actor.id) {
    for (const sub of await userSubscriptions(tx, assignee)) {
      jobs.push({
        channel: 'push',
        recipient: `push:${sub.username}`,
        ticketId,
        summary: `Ticket ${t.ticketNumber} assigned by ${e.actor.username}`,
        payload: { kind: 'assigned_push', ticket, subscriptionId: sub.id, actorName: e.actor.username },
      });
    }
  }
  return jobs;
}

/** Writes the update jobs (see module doc). Call in the patch transaction. */
export async function enqueueTicketPatched(tx: Database, e: TicketPatchEvent, now: Date): Promise<void> {
  await insertJobs(tx, await patchJobs(tx, e), now);
}
