/**
 * The tickets feature's subscribers (docs/events.md), registered in api/src/event-subscribers.ts:
 * - `tickets.new_ticket_alerts` (ticket.created, in the transaction): the new-ticket jobs of every
 *   ticket of the emit (alerts.ts), recipients read once per group, one insert;
 * - `tickets.update_alerts` (ticket.patched, in the transaction): the staff update's jobs;
 * - `tickets.customer_reply_alerts` (ticket.customer_replied, in the transaction): the assignee's
 *   (or the new-ticket recipients') alert, deduplicated per reply entry;
 * - `tickets.unassign_deleted_user` (user.deleting, in the transaction): the user's tickets are
 *   unassigned with one assignment history row each.
 */
import { defineSubscriber } from '../../events';
import { enqueueJobs } from '../../notify';
import { enqueueTicketPatched, newTicketJobsFor, newTicketRecipients } from './alerts';
import { enqueueCustomerReplyAlert } from './replyAlerts';
import { unassignTicketsOf } from './service';
import { liveStatusLink } from './statusLinks';

const newTicketAlerts = defineSubscriber({
  name: 'tickets.new_ticket_alerts',
  events: ['ticket.created'],
  phase: 'transaction',
  async handle(events, { tx }) {
    const recipients = await newTicketRecipients(tx, events.map((e) => e.data.ticket.severity));
    const jobs = events.flatMap(({ data, at }) =>
      newTicketJobsFor(data.ticket, recipients.get(data.ticket.severity)!, { attachments: data.files, statusNonce: data.statusNonce ?? undefined, notifyCustomer: data.notifyCustomer ?? true }).map((j) => ({ ...j, dueAt: at })),
    );
    await enqueueJobs(tx, jobs, events[events.length - 1]!.at);
  },
});

const updateAlerts = defineSubscriber({
  name: 'tickets.update_alerts',
  events: ['ticket.patched'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data, actor, at } of events) {
      const statusNonce = (await liveStatusLink(tx, data.after.id, at))?.nonce;
      const replyFiles = data.replyFiles.length ? data.replyFiles : undefined;
      await enqueueTicketPatched(tx, { before: data.before, after: data.after, changes: data.changes, actor: actor!, statusNonce, replyFiles }, at);
    }
  },
});

const customerReplyAlerts = defineSubscriber({
  name: 'tickets.customer_reply_alerts',
  events: ['ticket.customer_replied'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data, at } of events) await enqueueCustomerReplyAlert(tx, data.ticket, { entryId: data.entryId, text: data.text, via: data.via }, at);
  },
});

const unassignDeletedUser = defineSubscriber({
  name: 'tickets.unassign_deleted_user',
  events: ['user.deleting'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data, actor, at } of events) await unassignTicketsOf(tx, data.userId, data.username, actor?.id ?? null, at);
  },
});

/** The tickets feature's subscribers, in the order they run. */
export const ticketSubscribers = [newTicketAlerts, updateAlerts, customerReplyAlerts, unassignDeletedUser];
