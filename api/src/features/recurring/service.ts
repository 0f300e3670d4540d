/**
 * Recurring schedules (issue 52 items 3, 6, 7, 8; docs/recurring-tickets.md): create, edit, pause and
 * resume, delete, read with the next occurrence, the last ticket and the history, and the preview of
 * the next N occurrences in the schedule's time zone. Bad input is a 4xx with the field's message
 * and nothing written: a rule that never occurs, an end before the start, an unknown time zone, a
 * lead time longer than the interval, a site or contact of another client, an unknown template or
 * assignee.
 *
 * `active_from` (migration 0030) is set at create, on resume and when the rule, zone or lead time
 * changes: occurrences due before it are never opened (a pause's occurrences are not opened on
 * resume; an edit does not reach back). The occurrence key is its local date, so an edit that moves
 * the time of day never opens a second ticket for a date already opened.
 */
import {
  MSG,
  RECURRING_MSG,
  CHECKLIST_MSG,
  nextOccurrences,
  recurrenceProblem,
  type OccurrencePreview,
  type RecurringCreate,
  type RecurringPatch,
  type RecurringSchedule,
  type RecurringScheduleDetail,
} from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { checkTicketLinks } from '../clients/port';
import { templateItemsOf } from '../checklists/port';
import {
  allSchedules,
  deleteScheduleRow,
  findSchedule,
  insertSchedule,
  lastTickets,
  occurrenceHistory,
  recordedDates,
  staffUsername,
  updateSchedule,
  type ScheduleRow,
} from './repository';

const DAY_MS = 86_400_000;

/** The next occurrence of `row` due at or after `now` (or its active start) not yet opened or skipped. */
async function nextPending(db: Database, row: ScheduleRow, now: Date): Promise<OccurrencePreview | null> {
  const from = Math.max(now.getTime(), row.activeFrom.getTime());
  const next = nextOccurrences(row.recurrence, row.timeZone, from, 10);
  const done = await recordedDates(db, row.id, next.map((o) => o.date));
  const o = next.find((x) => !done.has(x.date));
  return o ? { at: new Date(o.at).toISOString(), date: o.date } : null;
}

function present(row: ScheduleRow, next: OccurrencePreview | null, lastTicket: RecurringSchedule['lastTicket']): RecurringSchedule {
  return {
    id: row.id,
    title: row.title,
    issue: row.issue,
    severity: row.severity,
    clientId: row.clientId,
    siteId: row.siteId,
    contactId: row.contactId,
    assignedTo: row.assignedTo,
    templateId: row.templateId,
    recurrence: row.recurrence,
    timeZone: row.timeZone,
    leadDays: row.leadDays,
    skipWhileOpen: row.skipWhileOpen,
    paused: row.paused,
    next: row.paused ? null : next,
    lastTicket,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ScheduleFields = Pick<ScheduleRow, 'recurrence' | 'timeZone' | 'leadDays' | 'clientId' | 'siteId' | 'contactId' | 'assignedTo' | 'templateId'>;

/** Checks a schedule as it will be stored (module doc). @throws 400/404 with the field's message. */
async function check(db: Database, s: ScheduleFields): Promise<void> {
  const problem = recurrenceProblem(s.recurrence, s.timeZone, s.leadDays);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  await checkTicketLinks(db, { clientId: s.clientId, siteId: s.siteId, contactId: s.contactId });
  if (s.assignedTo && !(await staffUsername(db, s.assignedTo))) throw badRequest(MSG.assigneeInvalid, { assignedTo: [MSG.assigneeInvalid] });
  if (s.templateId && !(await templateItemsOf(db, s.templateId))) throw badRequest(CHECKLIST_MSG.templateNotFound, { templateId: [CHECKLIST_MSG.templateNotFound] });
}

/** Every schedule with its next occurrence and last ticket. */
export async function listSchedules(db: Database, now: Date): Promise<RecurringSchedule[]> {
  const rows = await allSchedules(db);
  const last = await lastTickets(db, rows.map((r) => r.id));
  return Promise.all(rows.map(async (r) => present(r, await nextPending(db, r, now), last.get(r.id) ?? null)));
}

/** One schedule with its history. @throws 404 RECURRING_MSG.notFound. */
export async function getSchedule(db: Database, id: string, now: Date): Promise<RecurringScheduleDetail> {
  const row = await findSchedule(db, id);
  if (!row) throw notFound(RECURRING_MSG.notFound);
  const last = await lastTickets(db, [id]);
  return { ...present(row, await nextPending(db, row, now), last.get(id) ?? null), history: await occurrenceHistory(db, id) };
}

/** Creates a schedule (module doc). @throws 400/404 bad input, nothing written. */
export async function createSchedule(tx: Database, input: RecurringCreate, actorId: string, now: Date): Promise<RecurringSchedule> {
  const fields: ScheduleFields = {
    recurrence: input.recurrence,
    timeZone: input.timeZone,
    leadDays: input.leadDays,
    clientId: input.clientId ?? null,
    siteId: input.siteId ?? null,
    contactId: input.contactId ?? null,
    assignedTo: input.assignedTo ?? null,
    templateId: input.templateId ?? null,
  };
  await check(tx, fields);
  const row = await insertSchedule(tx, {
    ...fields,
    title: input.title,
    issue: input.issue,
    severity: input.severity,
    skipWhileOpen: input.skipWhileOpen,
    activeFrom: now,
    createdBy: actorId,
    createdAt: now,
    updatedAt: now,
  });
  return present(row, await nextPending(tx, row, now), null);
}

/** Edits, pauses or resumes a schedule (module doc). @throws 404; 400 bad input, nothing written. */
export async function patchSchedule(tx: Database, id: string, patch: RecurringPatch, now: Date): Promise<RecurringSchedule> {
  const row = await findSchedule(tx, id);
  if (!row) throw notFound(RECURRING_MSG.notFound);
  const fields: ScheduleFields = {
    recurrence: patch.recurrence ?? row.recurrence,
    timeZone: patch.timeZone ?? row.timeZone,
    leadDays: patch.leadDays ?? row.leadDays,
    clientId: patch.clientId !== undefined ? patch.clientId : row.clientId,
    siteId: patch.siteId !== undefined ? patch.siteId : patch.clientId !== undefined && patch.clientId !== row.clientId ? null : row.siteId,
    contactId: patch.contactId !== undefined ? patch.contactId : patch.clientId !== undefined && patch.clientId !== row.clientId ? null : row.contactId,
    assignedTo: patch.assignedTo !== undefined ? patch.assignedTo : row.assignedTo,
    templateId: patch.templateId !== undefined ? patch.templateId : row.templateId,
  };
  await check(tx, fields);
  const ruleChanged = JSON.stringify(fields.recurrence) !== JSON.stringify(row.recurrence) || fields.timeZone !== row.timeZone || fields.leadDays !== row.leadDays;
  const resumed = patch.paused === false && row.paused;
  const updated = await updateSchedule(tx, id, {
    ...fields,
    title: patch.title ?? row.title,
    issue: patch.issue ?? row.issue,
    severity: patch.severity ?? row.severity,
    skipWhileOpen: patch.skipWhileOpen ?? row.skipWhileOpen,
    paused: patch.paused ?? row.paused,
    activeFrom: ruleChanged || resumed ? now : row.activeFrom,
    version: row.version + 1,
    updatedAt: now,
  });
  const last = await lastTickets(tx, [id]);
  return present(updated, await nextPending(tx, updated, now), last.get(id) ?? null);
}

/** Deletes a schedule and its history (its tickets stay). @throws 404. */
export async function deleteSchedule(tx: Database, id: string): Promise<void> {
  if (!(await deleteScheduleRow(tx, id))) throw notFound(RECURRING_MSG.notFound);
}

/** The next `count` occurrences of schedule `id` from now (the preview), in its zone. @throws 404. */
export async function previewSchedule(db: Database, id: string, count: number, now: Date): Promise<OccurrencePreview[]> {
  const row = await findSchedule(db, id);
  if (!row) throw notFound(RECURRING_MSG.notFound);
  return nextOccurrences(row.recurrence, row.timeZone, now.getTime(), count).map((o) => ({ at: new Date(o.at).toISOString(), date: o.date }));
}

/** Milliseconds of a schedule's lead time. */
export const leadMs = (row: Pick<ScheduleRow, 'leadDays'>) => row.leadDays * DAY_MS;
