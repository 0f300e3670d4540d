/**
 * The customer-reply alert (docs/status-links.md "Replies", docs/inbound-mail.md): a reply from the
 * status page or by e-mail (both written by customerReply.ts `addCustomerReply`) alerts the
 * ticket's assignee by push on each of their devices; an unassigned ticket alerts whom a new ticket
 * alerts (notify `staffAlertRecipients`): every staff device by push and every notification
 * e-mail recipient. Jobs are written in the reply's transaction with the dedupe key
 * `<reply entry id>:<target>`, so one reply gives one alert per target, also if written twice.
 */
import { staffTicketPath } from '@portal/shared';
import { defineJobKind, emailContent, enqueueJobs, portalLink, prepareJob, shorten, staffAlertRecipients, userSubscriptions, type PreparedJob } from '../../notify';
import type { Database } from '../../db/client';

/** Facts of a customer-reply alert: the ticket, the customer's name, the reply and where it came from. */
export interface CustomerReplyPayload {
  ticketId: string;
  ticketNumber: string;
  clientName: string;
  text: string;
  /** 'status': the status page; 'email': a reply by e-mail. */
  via: 'status' | 'email';
}

const viaText = (p: CustomerReplyPayload) => (p.via === 'email' ? 'by e-mail' : 'from the status page');

/** Web push to one staff device: the customer answered (opens the ticket). */
export const customerReplyPush = defineJobKind<CustomerReplyPayload, 'push'>({
  kind: 'customer_reply_push',
  channel: 'push',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Customer reply ${viaText(p)} on ${p.ticketNumber}`,
  render: (p) => ({
    title: `Customer replied on ${p.ticketNumber}`,
    body: `${p.clientName}: ${shorten(p.text, 120)}`,
    url: staffTicketPath(p.ticketId),
    tag: `ticket-${p.ticketId}`,
  }),
});

/** E-mail to a notification recipient: the customer answered on an unassigned ticket. */
export const customerReplyEmail = defineJobKind<CustomerReplyPayload, 'email'>({
  kind: 'customer_reply_email',
  channel: 'email',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Customer reply ${viaText(p)} on unassigned ${p.ticketNumber}`,
  render: (p, { brand }) =>
    emailContent(
      {
        subject: `Customer replied on ${p.ticketNumber} (unassigned) - ${p.clientName}`,
        title: `Customer reply on ${p.ticketNumber}`,
        blocks: [
          { type: 'p', text: `${p.clientName} replied ${viaText(p)} on ticket ${p.ticketNumber}, which nobody is assigned to.` },
          { type: 'quote', label: 'Reply', text: shorten(p.text, 2000) },
          { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(p.ticketId)) },
        ],
      },
      brand,
    ),
});

/** The alert's kinds (listed in notifications.ts `ticketKinds`). */
export const replyAlertKinds = [customerReplyPush, customerReplyEmail];

/**
 * Writes the alert of reply entry `entryId` on `ticket` (module doc) in the reply's transaction.
 * @returns how many jobs were written.
 */
export async function enqueueCustomerReplyAlert(
  tx: Database,
  ticket: { id: string; ticketNumber: string; clientName: string; assignedTo: string | null },
  reply: { entryId: string; text: string; via: CustomerReplyPayload['via'] },
  now: Date,
): Promise<number> {
  const payload: CustomerReplyPayload = { ticketId: ticket.id, ticketNumber: ticket.ticketNumber, clientName: ticket.clientName, text: reply.text, via: reply.via };
  const jobs: PreparedJob[] = [];
  if (ticket.assignedTo) {
    for (const to of await userSubscriptions(tx, ticket.assignedTo)) jobs.push(prepareJob(customerReplyPush, { to, payload, dedupeKey: `${reply.entryId}:${to.id}` }));
  } else {
    const staff = await staffAlertRecipients(tx, false);
    for (const to of staff.subscriptions) jobs.push(prepareJob(customerReplyPush, { to, payload, dedupeKey: `${reply.entryId}:${to.id}` }));
    for (const to of staff.emails) jobs.push(prepareJob(customerReplyEmail, { to, payload, dedupeKey: `${reply.entryId}:${to}` }));
  }
  return enqueueJobs(tx, jobs, now);
}
