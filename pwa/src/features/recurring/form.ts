/**
 * The Recurring Tickets form's values (everything but the recurrence, which builder.ts owns) and the
 * request body they make; the body is checked with the API's own schema before it is sent. No React.
 */
import { recurringCreateSchema, type RecurringSchedule, type Severity } from '@portal/shared';
import { deviceTimeZone, draftOfRecurrence, newDraft, recurrenceOfDraft, todayIn, type RecurrenceDraft } from './builder';

export interface ScheduleDraft {
  title: string;
  issue: string;
  severity: Severity;
  clientId: string;
  siteId: string;
  contactId: string;
  assignedTo: string;
  templateId: string;
  timeZone: string;
  leadDays: string;
  skipWhileOpen: boolean;
  rec: RecurrenceDraft;
}

/** The form of a new schedule (this device's zone, today) or of `s`. */
export function draftOf(s: RecurringSchedule | null, now: number = Date.now()): ScheduleDraft {
  if (!s) {
    const tz = deviceTimeZone();
    return { title: '', issue: '', severity: 'medium', clientId: '', siteId: '', contactId: '', assignedTo: '', templateId: '', timeZone: tz, leadDays: '0', skipWhileOpen: false, rec: newDraft(todayIn(tz, now)) };
  }
  return {
    title: s.title,
    issue: s.issue,
    severity: s.severity,
    clientId: s.clientId ?? '',
    siteId: s.siteId ?? '',
    contactId: s.contactId ?? '',
    assignedTo: s.assignedTo ?? '',
    templateId: s.templateId ?? '',
    timeZone: s.timeZone,
    leadDays: String(s.leadDays),
    skipWhileOpen: s.skipWhileOpen,
    rec: draftOfRecurrence(s.recurrence),
  };
}

const idOrNull = (v: string) => v || null;

/** The request body of `d`, or the first message per field when the API's schema refuses it. */
export function bodyOf(d: ScheduleDraft): { ok: true; body: object } | { ok: false; errors: Record<string, string> } {
  const body = {
    title: d.title,
    issue: d.issue,
    severity: d.severity,
    clientId: idOrNull(d.clientId),
    siteId: idOrNull(d.siteId),
    contactId: idOrNull(d.contactId),
    assignedTo: idOrNull(d.assignedTo),
    templateId: idOrNull(d.templateId),
    recurrence: recurrenceOfDraft(d.rec),
    timeZone: d.timeZone,
    leadDays: /^\d+$/.test(d.leadDays.trim()) ? Number(d.leadDays) : NaN,
    skipWhileOpen: d.skipWhileOpen,
  };
  const parsed = recurringCreateSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}
