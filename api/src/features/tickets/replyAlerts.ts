/**
 * The customer-reply alert (docs/status-links.md "Replies", docs/inbound-mail.md): a reply from the
 * status page or by e-mail (both written by customerReply.ts `addCustomerReply`) alerts the
 * ticket's assignee by push on each of their devices; an unassigned ticket alerts whom a new ticket
 * alerts (notify `staffAlertRecipients`): every staff device by push and every notification
 * e-mail recipient. Jobs are written in the reply's transaction.
 *
 * A burst is ONE alert per target (issue 55: 240 status-page replies in 54 s made 240 staff
 * e-mails): the dedupe key is `<ticket id>:burst:<15-minute window>:<target>`, so replies in the
 * same window add no alert, and a target whose alert of the previous window exists is skipped too
 * (a burst across a window boundary). The alert says that further replies are in the ticket. A
 * steady stream thus alerts each target at most once per 30 minutes; the ticket's row lock
 * (customerReply.ts) serialises the replies of one ticket, and the dedupe key holds across processes.
 */
import { staffTicketPath, type PersonalAlert } from '@portal/shared';
import { defineJobKind, emailContent, enqueueJobs, portalLink, prepareJob, shorten, staffAlertRecipients, takenDedupeKeys, userSubscriptions, type PreparedJob } from '../../notify';
import type { Database } from '../../db/client';
import { alertPreferencesOf, wantedPushes } from '../inbox/port';

/** Length of a burst window: replies of one ticket within it make one alert per target. */
export const BURST_MINUTES = 15;
const BURST_MS = BURST_MINUTES * 60_000;

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
          { type: 'p', text: `Further replies in the next ${BURST_MINUTES} minutes are not e-mailed one by one: open the ticket to read them all.` },
          { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(p.ticketId)) },
        ],
      },
      brand,
    ),
});

/** The alert's kinds (listed in notifications.ts `ticketKinds`). */
export const replyAlertKinds = [customerReplyPush, customerReplyEmail];

/**
 * Writes the alert of a reply on `ticket` (module doc: one per target and burst window) in the reply's transaction.
 * @returns how many jobs were written.
 */
export async function enqueueCustomerReplyAlert(
  tx: Database,
  ticket: { id: string; ticketNumber: string; clientName: string; assignedTo: string | null; severity?: string },
  reply: { entryId: string; text: string; via: CustomerReplyPayload['via'] },
  now: Date,
): Promise<number> {
  const payload: CustomerReplyPayload = { ticketId: ticket.id, ticketNumber: ticket.ticketNumber, clientName: ticket.clientName, text: reply.text, via: reply.via };
  const window = Math.floor(now.getTime() / BURST_MS);
  const key = (w: number, target: string) => `${ticket.id}:burst:${w}:${target}`;
  const candidates: { job: PreparedJob; previous: string }[] = [];
  const add = (kind: typeof customerReplyPush | typeof customerReplyEmail, target: string, job: PreparedJob) =>
    candidates.push({ job, previous: `${kind.kind}:${key(window - 1, target)}` });
  if (ticket.assignedTo) {
    // The assignee's devices follow their choices (customer replies on my tickets, quiet hours).
    const alert: PersonalAlert = { event: 'customer_reply', urgent: ticket.severity === 'urgent', mine: true };
    const devices = wantedPushes(await userSubscriptions(tx, ticket.assignedTo), await alertPreferencesOf(tx, [ticket.assignedTo]), () => alert, now);
    for (const { to, dueAt } of devices) add(customerReplyPush, to.id, prepareJob(customerReplyPush, { to, payload, dedupeKey: key(window, to.id), ...(dueAt ? { dueAt } : {}) }));
  } else {
    const staff = await staffAlertRecipients(tx, false);
    for (const to of staff.subscriptions) add(customerReplyPush, to.id, prepareJob(customerReplyPush, { to, payload, dedupeKey: key(window, to.id) }));
    for (const to of staff.emails) add(customerReplyEmail, to, prepareJob(customerReplyEmail, { to, payload, dedupeKey: key(window, to) }));
  }
  const continued = await takenDedupeKeys(tx, candidates.map((c) => c.previous));
  const jobs = candidates.filter((c) => !continued.has(c.previous)).map((c) => c.job);
  return enqueueJobs(tx, jobs, now);
}
