/**
 * The Upcoming list (issue 52 item 5): the occurrences of the stored schedules due in the next
 * {@link UPCOMING_DAYS} days, soonest first, each with its client, site and checklist, computed on the
 * phone with the shared recurrence module (the rules the API's sweep opens), so it works offline and
 * before the ticket exists. An occurrence before the schedule's `next` was already opened (or
 * skipped) by the server: it shows as opened, with the schedule's last ticket on the latest one. No React.
 */
import { describeRecurrence, occurrencesBetween, type ChecklistTemplate, type Client, type RecurringSchedule, type TemplateItem } from '@portal/shared';
import type { UpcomingData } from './offline';

/** Days the phone's Upcoming list covers from now (issue 52 item 5: "the next 7 days"). */
export const UPCOMING_DAYS = 7;
const DAY_MS = 86_400_000;

export interface UpcomingVisit {
  key: string;
  scheduleId: string;
  title: string;
  rule: string;
  at: number;
  date: string;
  timeZone: string;
  clientName: string | null;
  site: { name: string; address: string | null; accessNotes: string | null } | null;
  checklist: TemplateItem[];
  assignedTo: string | null;
  /** When its ticket opens (due minus the lead time). */
  opensAt: number;
  /** The server already opened it: the ticket's number when known. */
  opened: { ticketNumber: string | null; status: string | null } | null;
}

function visitsOf(s: RecurringSchedule, client: Client | undefined, template: ChecklistTemplate | undefined, now: number, days: number): UpcomingVisit[] {
  const found = occurrencesBetween(s.recurrence, s.timeZone, now, now + days * DAY_MS, 60);
  const site = client?.sites.find((x) => x.id === s.siteId);
  const openedUpTo = s.next ? s.next.date : '9999-12-31';
  const lastOpened = [...found].reverse().find((o) => o.date < openedUpTo);
  return found.map((o) => ({
    key: `${s.id}:${o.date}`,
    scheduleId: s.id,
    title: s.title,
    rule: describeRecurrence(s.recurrence),
    at: o.at,
    date: o.date,
    timeZone: s.timeZone,
    clientName: client?.name ?? null,
    site: site ? { name: site.name, address: site.address, accessNotes: site.accessNotes } : null,
    checklist: template?.items ?? [],
    assignedTo: s.assignedTo,
    opensAt: o.at - s.leadDays * DAY_MS,
    opened: o.date < openedUpTo ? (o === lastOpened && s.lastTicket ? { ticketNumber: s.lastTicket.ticketNumber, status: s.lastTicket.status } : { ticketNumber: null, status: null }) : null,
  }));
}

/** The visits of the next `days` days from `now`, soonest first; `userId`: only schedules assigned to them. */
export function upcomingVisits(data: UpcomingData, now: number, userId: string | null, days = UPCOMING_DAYS): UpcomingVisit[] {
  return data.schedules
    .filter((s) => !s.paused && (userId === null || s.assignedTo === userId))
    .flatMap((s) => visitsOf(s, s.clientId ? data.clients.get(s.clientId) : undefined, s.templateId ? data.templates.get(s.templateId) : undefined, now, days))
    .sort((a, b) => a.at - b.at || a.title.localeCompare(b.title));
}
