/**
 * The inbox feature's subscribers (docs/events.md, docs/notifications.md "Your alerts"), registered
 * in api/src/event-subscribers.ts. All run in the writer's transaction, so entries and jobs commit
 * with the change (or not at all), once:
 * - `inbox.new_ticket_entries` / `inbox.new_ticket_mail` (ticket.created): entries, and the e-mail/SMS
 *   of those who chose them, for every staff member but the creator; who is read before the group
 *   commit (`prepare`); the entries ride in the tickets statement (`inStatement`, numbers filled in
 *   there from `newTickets.rows`) or are written in the create's transaction (`handle`); the jobs
 *   always by `handle` (only when someone chose e-mail/SMS for new tickets);
 * - `inbox.assigned` (ticket.assigned): the new assignee, unless they assigned it to themselves;
 * - `inbox.customer_replies` (ticket.customer_replied): the assignee;
 * - `inbox.mentions` (ticket.patched): each staff member an internal note names as `@username`
 *   (not the author), with a push to their devices when they chose it;
 * - `inbox.sla_alerts` (ticket.sla_alert, from the SLA sweep): every staff member who chose SLA
 *   alerts for that ticket (theirs, or all): entry, e-mail/SMS and push by their choices.
 */
import { mentionedUsernames, type Ticket } from '@portal/shared';
import type { SQL } from 'drizzle-orm';
import { PASS, defineSubscriber, type EventOf } from '../../events';
import { enqueueJobs } from '../../notify';
import { assignedEvent, customerReplyEvent, inboxItemsOf, mailJobsOf, mentionEvent, newTicketEvents, pushJobsOf, slaEvent, type PersonalEvent } from './alerts';
import { staffOfGroup } from './groupStaff';
import { inboxInsertPart, insertInboxItems, staffPeople, type StaffPerson } from './repository';

/** The group commit's new rows and the slot its drafts carry for ticket numbers (tickets feature's port). */
export interface NewTicketRows {
  rows: SQL;
  slot: string;
}

type Created = EventOf<'ticket.created'>;
const createdEvents = (events: Created[], people: StaffPerson[]) => events.flatMap((e) => newTicketEvents(people, e.data.ticket, e.actor?.id ?? null, e.at));
const lastAt = (events: { at: Date }[]) => events[events.length - 1]!.at;

/** Writes entries and e-mail/SMS jobs (and pushes when `push`) of `events` in `tx`. */
async function write(tx: Parameters<typeof insertInboxItems>[0], events: PersonalEvent[], push = false): Promise<void> {
  if (events.length === 0) return;
  await insertInboxItems(tx, inboxItemsOf(events));
  const jobs = [...mailJobsOf(events), ...(push ? await pushJobsOf(tx, events) : [])];
  if (jobs.length) await enqueueJobs(tx, jobs, lastAt(events));
}

/** The subscribers; `newTickets` says how the group commit's statement names its new rows. */
export function inboxSubscribers(newTickets: NewTicketRows) {
  const fill = { numbers: newTickets.rows, slot: newTickets.slot };
  const newTicketEntries = defineSubscriber({
    name: 'inbox.new_ticket_entries',
    events: ['ticket.created'],
    phase: 'transaction',
    // Who is told may be a moment old: read before the group's statement, once for the group
    // (groupStaff.ts: shared with inbox.new_ticket_mail and tickets.new_ticket_alerts).
    prepare: async (events, { db }) => {
      const people = await staffOfGroup(events, db);
      return people.length ? people : PASS;
    },
    inStatement: (events, people) => inboxInsertPart(inboxItemsOf(createdEvents(events, people as StaffPerson[])), fill),
    async handle(events, { tx, prepared }) {
      await insertInboxItems(tx, inboxItemsOf(createdEvents(events, (prepared as StaffPerson[] | undefined) ?? (await staffPeople(tx)))));
    },
  });
  const newTicketMail = defineSubscriber({
    name: 'inbox.new_ticket_mail',
    events: ['ticket.created'],
    phase: 'transaction',
    // Only people who chose e-mail or SMS for new tickets or assignments: usually none (PASS), and
    // the group commit stays one statement. With some, the jobs are written by `handle` in the
    // create's transaction, from the events as written (their ticket numbers in place).
    prepare: async (events, { db }) => {
      const people = (await staffOfGroup(events, db)).filter((p) => [p.preferences.channels.email, p.preferences.channels.sms].some((c) => c.newTickets !== 'none' || c.assigned));
      return people.length ? people : PASS;
    },
    async handle(events, { tx, prepared }) {
      const jobs = mailJobsOf(createdEvents(events, (prepared as StaffPerson[] | undefined) ?? (await staffPeople(tx))));
      if (jobs.length) await enqueueJobs(tx, jobs, lastAt(events));
    },
  });
  const assigned = defineSubscriber({
    name: 'inbox.assigned',
    events: ['ticket.assigned'],
    phase: 'transaction',
    async handle(events, { tx }) {
      const wanted = events.filter((e) => e.data.to && e.data.to !== e.actor?.id);
      if (wanted.length === 0) return;
      const people = new Map((await staffPeople(tx, { ids: wanted.map((e) => e.data.to!) })).map((p) => [p.id, p]));
      await write(tx, wanted.flatMap((e) => (people.has(e.data.to!) ? [assignedEvent(people.get(e.data.to!)!, e.data.ticket, e.actor?.username ?? 'the system', e.at)] : [])));
    },
  });
  const customerReplies = defineSubscriber({
    name: 'inbox.customer_replies',
    events: ['ticket.customer_replied'],
    phase: 'transaction',
    async handle(events, { tx }) {
      const wanted = events.filter((e) => e.data.ticket.assignedTo);
      if (wanted.length === 0) return;
      const people = new Map((await staffPeople(tx, { ids: wanted.map((e) => e.data.ticket.assignedTo!) })).map((p) => [p.id, p]));
      await write(tx, wanted.flatMap((e) => (people.has(e.data.ticket.assignedTo!) ? [customerReplyEvent(people.get(e.data.ticket.assignedTo!)!, e.data.ticket, e.data.text, e.at)] : [])));
    },
  });
  const mentions = defineSubscriber({
    name: 'inbox.mentions',
    events: ['ticket.patched'],
    phase: 'transaction',
    async handle(events, { tx }) {
      const notes = events.flatMap((e) => e.data.changes.filter((c) => c.type === 'comment' && c.reply !== true && c.to).map((c) => ({ e, note: c.to!, names: mentionedUsernames(c.to!) })));
      const names = [...new Set(notes.flatMap((n) => n.names))];
      if (names.length === 0) return;
      const people = new Map((await staffPeople(tx, { usernames: names })).map((p) => [p.username.toLowerCase(), p]));
      const personal = notes.flatMap(({ e, note, names: named }) => mentionsOf(named, people, e.data.after, note, e.actor, e.at));
      await write(tx, personal, true);
    },
  });
  const slaAlerts = defineSubscriber({
    name: 'inbox.sla_alerts',
    events: ['ticket.sla_alert'],
    phase: 'transaction',
    async handle(events, { tx }) {
      const people = await staffPeople(tx);
      await write(tx, events.flatMap((e) => people.map((p) => slaEvent(p, e.data, e.at))), true);
    },
  });
  return [newTicketEntries, newTicketMail, assigned, customerReplies, mentions, slaAlerts];
}

function mentionsOf(names: string[], people: Map<string, StaffPerson>, ticket: Ticket, note: string, actor: { id: string; username: string } | null, at: Date): PersonalEvent[] {
  return names.flatMap((n) => {
    const person = people.get(n);
    return person && person.id !== actor?.id ? [mentionEvent(person, ticket, note, actor?.username ?? 'Someone', at)] : [];
  });
}
