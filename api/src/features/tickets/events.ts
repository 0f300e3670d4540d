/**
 * The tickets feature's subscribers (docs/events.md), registered in api/src/event-subscribers.ts:
 * - `tickets.new_ticket_alerts` (ticket.created, in the transaction): the new-ticket jobs of every
 *   ticket of the emit (alerts.ts), recipients read once per group (`prepare`: before the group
 *   commit's transaction), their insert a CTE of the tickets statement (`inStatement`, the group
 *   commit) or one statement (`handle`, any other create);
 * - `tickets.update_alerts` (ticket.patched, in the transaction): the staff update's jobs;
 * - `tickets.customer_reply_alerts` (ticket.customer_replied, in the transaction): the assignee's
 *   (or the new-ticket recipients') alert, deduplicated per reply entry;
 * - `tickets.unassign_deleted_user` (user.deleting, in the transaction): the user's tickets are
 *   unassigned with one assignment history row each;
 * - `tickets.flag_duplicates` (ticket.created, in the transaction): "Possible duplicate of TKT-…" on new
 *   tickets of a contact with a similar recent ticket, one statement per group (docs/merge.md);
 * - `tickets.merge_alerts` (ticket.merged, in the transaction): ONE e-mail to the merged ticket's
 *   customer saying where it continues, with the target's status link (docs/merge.md).
 */
import type { Ticket } from '@portal/shared';
import { defineSubscriber, type EventOf } from '../../events';
import { enqueueJobs, enqueueJobsPart } from '../../notify';
import { enqueueTicketPatched, newTicketJobsFor, newTicketRecipients, type NewTicketRecipients } from './alerts';
import { NEW_TICKET_ROWS, TICKET_NUMBER_SLOT } from './repository';
import { enqueueCustomerReplyAlert } from './replyAlerts';
import { unassignTicketsOf } from './service';
import { liveStatusLink } from './statusLinks';
import { flagPossibleDuplicates } from './mergeRepository';

/** The new-ticket jobs of `events` for `recipients` (by severity), due at each event's time. */
const newTicketJobs = (events: EventOf<'ticket.created'>[], recipients: Map<Ticket['severity'], NewTicketRecipients>) =>
  events.flatMap(({ data, at }) =>
    newTicketJobsFor(data.ticket, recipients.get(data.ticket.severity)!, { attachments: data.files, statusNonce: data.statusNonce ?? undefined, notifyCustomer: data.notifyCustomer ?? true, at }).map((j) => ({ ...j, dueAt: at })),
  );

const newTicketAlerts = defineSubscriber({
  name: 'tickets.new_ticket_alerts',
  events: ['ticket.created'],
  phase: 'transaction',
  // Who is alerted may be a moment old: read before the group's transaction (outside the sync lock).
  // Every staff member's choices ride in the same read and are shared with the inbox's new-ticket
  // subscribers (one statement for the group: alerts.ts newTicketRecipients).
  prepare: (events, { db }) => newTicketRecipients(db, events.map((e) => e.data.ticket.severity), events),
  // The group commit: the jobs ride in the tickets statement, their numbers filled in there.
  inStatement: (events, recipients) =>
    enqueueJobsPart(newTicketJobs(events, recipients as Map<Ticket['severity'], NewTicketRecipients>), events[events.length - 1]!.at, { numbers: NEW_TICKET_ROWS, slot: TICKET_NUMBER_SLOT }),
  async handle(events, { tx, prepared }) {
    const recipients = (prepared as Map<Ticket['severity'], NewTicketRecipients> | undefined) ?? (await newTicketRecipients(tx, events.map((e) => e.data.ticket.severity)));
    await enqueueJobs(tx, newTicketJobs(events, recipients), events[events.length - 1]!.at);
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

// After commit: the flag is a hint, not part of the create, so a group commit of new tickets stays
// one statement without a transaction (issue 49's CPU budget; createQueue.test.ts). It runs before
// the create answers (the bus awaits after-commit work), and moves the flagged tickets forward in
// the delta feed so phones see it.
const flagDuplicates = defineSubscriber({
  name: 'tickets.flag_duplicates',
  events: ['ticket.created'],
  phase: 'afterCommit',
  async handle(events, { tx }) {
    await flagPossibleDuplicates(tx, events.map((e) => e.data.ticket.id));
  },
});

const mergeAlerts = defineSubscriber({
  name: 'tickets.merge_alerts',
  events: ['ticket.merged'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data, actor, at } of events) {
      const statusNonce = (await liveStatusLink(tx, data.target.id, at))?.nonce;
      const to = { ...data.target, customerEmail: data.source.customerEmail };
      const text = mergedCustomerText(data.source.ticketNumber, data.target.ticketNumber);
      await enqueueTicketPatched(tx, { before: data.target, after: to, changes: [{ type: 'comment', from: null, to: text, reply: true }], actor: actor!, statusNonce }, at);
    }
  },
});

/** What the merged ticket's customer is told (one e-mail, docs/merge.md). */
export const mergedCustomerText = (from: string, into: string) => `Your request ${from} was merged into ${into}. Its updates continue there, at the link in this e-mail.`;

/** The tickets feature's subscribers, in the order they run. */
export const ticketSubscribers = [newTicketAlerts, flagDuplicates, updateAlerts, customerReplyAlerts, unassignDeletedUser, mergeAlerts];
