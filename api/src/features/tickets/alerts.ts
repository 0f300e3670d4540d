/**
 * Which notification jobs a ticket event creates (SPEC.md 7, DESIGN.md 6). Called inside the
 * ticket's create/patch transaction, so the jobs commit (or roll back) with the change, and an
 * idempotent replay, which changes nothing, writes nothing. Recipients are resolved here, so the
 * delivery log names them. The kinds and their texts are in notifications.ts.
 *
 * New ticket:
 * - e-mail to every notification recipient (ticket details + link);
 * - SMS to the support number when severity is high or urgent and a number is saved;
 * - SMS to the customer when their contact method is text (with the status link) or severity is
 *   high or urgent;
 * - confirmation e-mail to the customer with the ticket number;
 * - web push to every technician/admin subscription.
 * Staff update (at least one change):
 * - e-mail to the customer describing the change(s) the customer may see: status, technician,
 *   resolution and replies. Internal notes (comments without `reply`) are never e-mailed; an
 *   update that is only an internal note e-mails nobody;
 * - (the survey invitation when the status enters resolved/closed is written by the surveys
 *   feature's port with its invitation row);
 * - web push to the new assignee's devices, unless they assigned the ticket to themselves.
 */
import { alertsBySms, ticketSnapshot, type AlertPreferences, type PersonalAlert, type Ticket } from '@portal/shared';
import type { Database } from '../../db/client';
import { enqueueJobs, prepareJob, staffAlertRecipients, userSubscriptions, type PreparedJob, type PushSubscriber } from '../../notify';
import { STAFF_PEOPLE_COLUMN, alertPreferencesOf, staffOfGroup, staffOfGroupRead, staffPeopleOf, wantedPushes } from '../inbox/port';
import { assignedPush, customerConfirmation, customerSms, newTicketPush, newTicketStaff, supportSms, ticketUpdated, type TicketChange } from './notifications';

/** Who a new ticket alerts, read before the ticket exists (see {@link newTicketRecipients}). */
export interface NewTicketRecipients {
  emails: string[];
  /** The support number, read only for alerting severities. */
  supportNumber: string | null;
  subscriptions: (PushSubscriber & { userId: string })[];
  /** Staff members' alert choices by user id (issue 57 point 5): their pushes follow `alertSendAt` (quiet hours hold them). */
  preferences: Map<string, AlertPreferences>;
}


/**
 * Reads the recipients of new tickets of each of `severities`: one statement per kind of severity
 * present (alerting or not: only alerting ones read the support number), sent together; the first
 * also reads every staff member's alert choices (the inbox port's `STAFF_PEOPLE_COLUMN`), shared
 * with the inbox's new-ticket subscribers through `staffOfGroup` when `group` (the emit's events)
 * is given, unless one of them read it first. So a group commit reads its recipients, choices and
 * inbox recipients in ONE statement (issue 49, docs/benchmarks.md). Called by the
 * `tickets.new_ticket_alerts` subscriber (events.ts) once per emit: in its `prepare`, before the
 * group commit's statement (outside the sync lock), or in the create's transaction (other creates).
 */
export async function newTicketRecipients(db: Database, severities: Iterable<Ticket['severity']>, group?: readonly object[]): Promise<Map<Ticket['severity'], NewTicketRecipients>> {
  const wanted = [...new Set(severities)];
  if (wanted.length === 0) return new Map();
  const kinds = [...new Set(wanted.map((s) => alertsBySms(s)))];
  const shared = group !== undefined && group.length > 0 && staffOfGroupRead(group);
  const reads = kinds.map((alerting, i) => staffAlertRecipients(db, alerting, i === 0 && !shared ? STAFF_PEOPLE_COLUMN : undefined));
  const mine = () => reads[0]!.then((r) => staffPeopleOf(r.also));
  // Registered before the first await: the inbox's prepares of the same group start right after this one.
  const people = group?.length ? staffOfGroup(group, db, mine) : mine();
  const [staff, ...read] = await Promise.all([people, ...reads]);
  const preferences = new Map(staff.map((p) => [p.id, p.preferences]));
  const byKind = new Map(kinds.map((alerting, i) => [alerting, { emails: read[i]!.emails, supportNumber: read[i]!.supportNumber, subscriptions: read[i]!.subscriptions, preferences }]));
  return new Map(wanted.map((s) => [s, byKind.get(alertsBySms(s))!]));
}

export { TICKET_NUMBER_SLOT } from './repository';

/**
 * The jobs of a ticket just created by the public form, for recipients read before (module doc);
 * the customer's confirmation lists the files they attached (`attachments`, names and sizes) and
 * carries the status link (`statusNonce`: the token is derived at send time, never stored in a job).
 */
export function newTicketJobsFor(
  t: Ticket,
  r: NewTicketRecipients,
  extra: { attachments?: { fileName: string; size: number }[]; statusNonce?: string | undefined; notifyCustomer?: boolean; at?: Date } = {},
): PreparedJob[] {
  const { attachments = [], statusNonce, notifyCustomer = true, at = new Date() } = extra;
  const payload = { ticket: ticketSnapshot(t) };
  const forCustomer = { ...payload, statusNonce };
  const alerting = alertsBySms(t.severity);
  const jobs = r.emails.map((to) => prepareJob(newTicketStaff, { to, payload }));
  if (alerting && r.supportNumber) jobs.push(prepareJob(supportSms, { to: r.supportNumber, payload }));
  // A customer who prefers text gets the status link by SMS too (docs/status-links.md).
  // Staff may make a ticket without telling the customer ("Do not notify the customer", staff create).
  if (notifyCustomer && (t.contactMethod === 'text' || alerting)) jobs.push(prepareJob(customerSms, { to: t.customerPhone, payload: t.contactMethod === 'text' ? forCustomer : payload }));
  if (notifyCustomer) jobs.push(prepareJob(customerConfirmation, { to: t.customerEmail, payload: attachments.length ? { ...forCustomer, attachments } : forCustomer }));
  // Staff devices: by their owners' choices (new tickets all/urgent/none; a staff create's assignee as an assignment).
  const urgent = t.severity === 'urgent';
  const alert = (userId: string): PersonalAlert => (t.assignedTo === userId ? { event: 'assigned', urgent, mine: true } : { event: 'new_ticket', urgent, mine: false });
  for (const { to, dueAt } of wantedPushes(r.subscriptions, r.preferences, alert, at)) jobs.push(prepareJob(newTicketPush, { to, payload, ...(dueAt ? { dueAt } : {}) }));
  return jobs;
}

/** A staff update as the rules see it. */
export interface TicketPatchEvent {
  before: Ticket;
  after: Ticket;
  /** What changed, in work-history order (assignment values are usernames). */
  changes: TicketChange[];
  actor: { id: string; username: string };
  /** Nonce of the ticket's live status link, if any: the customer's e-mail carries the link. */
  statusNonce?: string | undefined;
  /** Files sent with a reply to the customer (names, stored sizes): the e-mail lists them, the status page serves them. */
  replyFiles?: { fileName: string; size: number }[] | undefined;
  /** When it happened (quiet hours of the assignee's push); default: now. */
  now?: Date;
}

/** Changes that are staff bookkeeping: severity (triage, docs/decisions.md "Severity by staff") the client and asset links (docs/clients.md, docs/assets.md) and checklist ticks. */
const STAFF_ONLY_CHANGES: ReadonlySet<TicketChange['type']> = new Set(['severity_change', 'client_change', 'site_change', 'contact_change', 'asset_link', 'asset_unlink', 'checklist', 'tag_add', 'tag_remove']);

/**
 * The changes the customer is told about: everything except internal notes, severity and the
 * client, site and contact links.
 */
export function customerVisible(changes: readonly TicketChange[]): TicketChange[] {
  return changes.filter((c) => !STAFF_ONLY_CHANGES.has(c.type) && (c.type !== 'comment' || c.reply === true));
}

/** Jobs for a staff update (see module doc); none when nothing changed. */
export async function patchJobs(tx: Database, e: TicketPatchEvent): Promise<PreparedJob[]> {
  if (e.changes.length === 0) return [];
  const { after: t } = e;
  const ticket = ticketSnapshot(t);
  const jobs: PreparedJob[] = [];
  const forCustomer = customerVisible(e.changes);
  if (forCustomer.length > 0) {
    jobs.push(prepareJob(ticketUpdated, { to: t.customerEmail, payload: { ticket, changes: forCustomer, actorName: e.actor.username, statusNonce: e.statusNonce, ...(e.replyFiles?.length ? { files: e.replyFiles } : {}) } }));
  }
  const assignee = t.assignedTo;
  if (assignee && assignee !== e.before.assignedTo && assignee !== e.actor.id) {
    const prefs = await alertPreferencesOf(tx, [assignee]);
    const assigned: PersonalAlert = { event: 'assigned', urgent: t.severity === 'urgent', mine: true };
    for (const { to, dueAt } of wantedPushes(await userSubscriptions(tx, assignee), prefs, () => assigned, e.now ?? new Date())) {
      jobs.push(prepareJob(assignedPush, { to, payload: { ticket, actorName: e.actor.username }, ...(dueAt ? { dueAt } : {}) }));
    }
  }
  return jobs;
}

/** Writes the update jobs (see module doc). Call in the patch transaction. */
export async function enqueueTicketPatched(tx: Database, e: TicketPatchEvent, now: Date): Promise<void> {
  await enqueueJobs(tx, await patchJobs(tx, { ...e, now }), now);
}
