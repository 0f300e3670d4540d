/**
 * Who a ticket event reaches, personally (issue 57 point 5, docs/notifications.md "Your alerts"):
 * for each staff member the event concerns, an inbox entry when `wantsInbox` and a job per channel
 * the person chose, due at `alertSendAt` (the one rule, @portal/shared rules/alertPreferences.ts):
 * at once, or held until their quiet hours end (urgent ones break through when they said so). E-mail goes to the
 * account's address, SMS to the account's phone (none written when the account has none); push is
 * written here only for mentions and SLA alerts (the tickets feature writes the new-ticket,
 * assignment and reply pushes, filtered by the same rule).
 */
import { SEVERITY_NAMES, alertSendAt, wantsInbox, type AlertChannel, type InboxKind, type PersonalAlert, type Ticket } from '@portal/shared';
import type { Database } from '../../db/client';
import { prepareJob, shorten, userSubscriptions, type PreparedJob } from '../../notify';
import { personalAlertEmail, personalAlertPush, personalAlertSms, type PersonalAlertPayload } from './notifications';
import type { NewInboxItem, StaffPerson } from './repository';

/** One event for one person: what the rule sees and what the inbox says. */
export interface PersonalEvent {
  person: StaffPerson;
  alert: PersonalAlert;
  ticketId: string;
  ticketNumber: string;
  kind: InboxKind;
  text: string;
  at: Date;
  /** Jobs: at most one per kind and key, ever (a burst of customer replies, replyAlerts.ts's windows). */
  dedupeKey?: string;
}

/** The inbox entries of `events` (those the people want in their inbox). */
export function inboxItemsOf(events: readonly PersonalEvent[]): NewInboxItem[] {
  return events
    .filter((e) => wantsInbox(e.person.preferences, e.alert))
    .map((e) => ({ userId: e.person.id, ticketId: e.ticketId, ticketNumber: e.ticketNumber, kind: e.kind, text: e.text, createdAt: e.at }));
}

/** The e-mail and SMS jobs of `events` (by the rule, at each event's time, to addresses the accounts have). */
export function mailJobsOf(events: readonly PersonalEvent[]): PreparedJob[] {
  const jobs: PreparedJob[] = [];
  for (const e of events) {
    const payload: PersonalAlertPayload = { ticketId: e.ticketId, ticketNumber: e.ticketNumber, event: e.kind, text: e.text };
    const key = e.dedupeKey && `${e.dedupeKey}:${e.person.id}`;
    const extra = key ? { dedupeKey: key } : {};
    const email = e.person.email ? sendAt(e, 'email') : null;
    const sms = e.person.phone ? sendAt(e, 'sms') : null;
    if (email) jobs.push(prepareJob(personalAlertEmail, { to: e.person.email!, payload, ...extra, ...due(email, e.at) }));
    if (sms) jobs.push(prepareJob(personalAlertSms, { to: e.person.phone!, payload, ...extra, ...due(sms, e.at) }));
  }
  return jobs;
}

/** When `e` goes out by `channel` (null: not wanted; quiet hours hold it until they end). */
const sendAt = (e: PersonalEvent, channel: AlertChannel) => alertSendAt(e.person.preferences, e.alert, channel, e.at);
/** A held job's `dueAt` (none when it goes at once). */
const due = (at: Date, now: Date): { dueAt?: Date } => (at.getTime() > now.getTime() ? { dueAt: at } : {});

/** Push jobs of `events` to each person's devices (mentions: no other feature pushes them). */
export async function pushJobsOf(tx: Database, events: readonly PersonalEvent[]): Promise<PreparedJob[]> {
  const jobs: PreparedJob[] = [];
  for (const e of events) {
    const at = sendAt(e, 'push');
    if (!at) continue;
    const payload: PersonalAlertPayload = { ticketId: e.ticketId, ticketNumber: e.ticketNumber, event: e.kind, text: e.text };
    for (const to of await userSubscriptions(tx, e.person.id)) jobs.push(prepareJob(personalAlertPush, { to, payload, ...due(at, e.at) }));
  }
  return jobs;
}

const firstLine = (text: string) => shorten(text.split('\n')[0] ?? '', 100);

/**
 * A new ticket for everyone but the one who made it: for its assignee (a staff create may assign)
 * an assignment, for the others a new ticket. `ticket.ticketNumber` may be the group commit's slot.
 */
export function newTicketEvents(people: readonly StaffPerson[], ticket: Ticket, actorId: string | null, at: Date): PersonalEvent[] {
  const urgent = ticket.severity === 'urgent';
  return people
    .filter((p) => p.id !== actorId)
    .map((person) => {
      const mine = ticket.assignedTo === person.id;
      const text = mine
        ? `${ticket.ticketNumber} (${SEVERITY_NAMES[ticket.severity]}) was assigned to you: ${firstLine(ticket.issue)}`
        : `New ${SEVERITY_NAMES[ticket.severity].toLowerCase()} ticket ${ticket.ticketNumber} from ${ticket.clientName}: ${firstLine(ticket.issue)}`;
      return { person, alert: { event: mine ? 'assigned' : 'new_ticket', urgent, mine }, ticketId: ticket.id, ticketNumber: ticket.ticketNumber, kind: mine ? 'assigned' : 'new_ticket', text, at };
    });
}

/** The assignee of `ticket` learns it is theirs (`by`: who assigned it). */
export function assignedEvent(person: StaffPerson, ticket: Ticket, by: string, at: Date): PersonalEvent {
  const text = `${ticket.ticketNumber} (${SEVERITY_NAMES[ticket.severity]}) was assigned to you by ${by}: ${firstLine(ticket.issue)}`;
  return { person, alert: { event: 'assigned', urgent: ticket.severity === 'urgent', mine: true }, ticketId: ticket.id, ticketNumber: ticket.ticketNumber, kind: 'assigned', text, at };
}

/** Length of a burst window of customer replies: one e-mail/SMS per person and window. */
const REPLY_WINDOW_MS = 15 * 60_000;

/** The assignee of `ticket` learns the customer replied. */
export function customerReplyEvent(person: StaffPerson, ticket: Ticket, reply: string, at: Date): PersonalEvent {
  const text = `${ticket.clientName} replied on ${ticket.ticketNumber}: ${shorten(reply, 140)}`;
  const dedupeKey = `${ticket.id}:reply:${Math.floor(at.getTime() / REPLY_WINDOW_MS)}`;
  return { person, alert: { event: 'customer_reply', urgent: ticket.severity === 'urgent', mine: true }, ticketId: ticket.id, ticketNumber: ticket.ticketNumber, kind: 'customer_reply', text, at, dedupeKey };
}

/** A person mentioned in an internal note by `by`. */
export function mentionEvent(person: StaffPerson, ticket: Ticket, note: string, by: string, at: Date): PersonalEvent {
  const text = `${by} mentioned you on ${ticket.ticketNumber}: ${shorten(note, 140)}`;
  return { person, alert: { event: 'mention', urgent: ticket.severity === 'urgent', mine: ticket.assignedTo === person.id }, ticketId: ticket.id, ticketNumber: ticket.ticketNumber, kind: 'mention', text, at };
}

/** What an SLA alert event carries (events `ticket.sla_alert`). */
export interface SlaAlertFacts {
  ticketId: string;
  ticketNumber: string;
  severity: Ticket['severity'];
  assignedTo: string | null;
  target: 'response' | 'resolution';
  level: 'warning' | 'breach';
  text: string;
}

/** An SLA warning or breach for one person ("mine" when they are the assignee); jobs at most once per person, ticket, target and level. */
export function slaEvent(person: StaffPerson, a: SlaAlertFacts, at: Date): PersonalEvent {
  const text = `${a.level === 'breach' ? 'SLA breached' : 'SLA warning'}: ${a.text}`;
  const alert = { event: 'sla' as const, urgent: a.severity === 'urgent', mine: a.assignedTo === person.id };
  return { person, alert, ticketId: a.ticketId, ticketNumber: a.ticketNumber, kind: 'sla', text, at, dedupeKey: `${a.ticketId}:sla:${a.target}:${a.level}` };
}
