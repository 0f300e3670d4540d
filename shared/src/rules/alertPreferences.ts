/**
 * The one rule of personal alerts (issue 57 point 5, docs/notifications.md "Your alerts"): whether
 * an event reaches a person on a channel (at once, or held until quiet hours end), and whether it
 * lands in their inbox. The API applies it
 * where it writes personal jobs (new-ticket, assignment and reply pushes of the tickets feature, the
 * inbox feature's e-mail, SMS and mention pushes) and where it writes inbox entries.
 */
import type { AlertChannel, AlertPreferences, ChannelPreferences, QuietHours } from '../schemas/alertPreferences';
import { ALERT_CHANNELS } from '../schemas/alertPreferences';

/** An event as the rule sees it, for one person. */
export interface PersonalAlert {
  event: 'new_ticket' | 'assigned' | 'customer_reply' | 'sla' | 'mention';
  /** The ticket's severity is urgent (new tickets "urgent only", quiet hours' exception). */
  urgent: boolean;
  /** The ticket is assigned to this person (SLA "mine"; assignments and replies are always theirs). */
  mine: boolean;
}

/** Whether one channel's choices want `a` (topic only, no quiet hours). */
export function channelWants(c: ChannelPreferences, a: PersonalAlert): boolean {
  switch (a.event) {
    case 'new_ticket':
      return c.newTickets === 'all' || (c.newTickets === 'urgent' && a.urgent);
    case 'assigned':
      return c.assigned;
    case 'customer_reply':
      return c.customerReplies && a.mine;
    case 'sla':
      return c.sla === 'all' || (c.sla === 'mine' && a.mine);
    case 'mention':
      return c.mentions;
  }
}

/** Minutes since local midnight of `at` in `timeZone` (IANA). */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * True when `at` falls in the quiet hours `q` (start inclusive, end exclusive, in `q.timeZone`;
 * an end before the start spans midnight; equal start and end: never quiet).
 */
export function inQuietHours(q: QuietHours, at: Date): boolean {
  if (!q.enabled) return false;
  const now = localMinutes(at, q.timeZone);
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * Whether `a` goes out by `channel` AT ONCE at `at`: the channel wants it (see {@link channelWants})
 * and it is not quiet hours, unless the ticket is urgent and urgent ones break through. (What quiet
 * hours hold goes out later: {@link alertSendAt}.)
 */
export function wantsAlert(p: AlertPreferences, a: PersonalAlert, channel: AlertChannel, at: Date): boolean {
  if (!channelWants(p.channels[channel], a)) return false;
  return !inQuietHours(p.quietHours, at) || (a.urgent && p.quietHours.urgentBreaksThrough);
}

/**
 * The first moment at or after `at` whose local time in `q.timeZone` is `q.end` (whole minute): when
 * quiet hours that hold `at` end. Found by stepping from the local clock's distance and checking
 * the local time, so a daylight-saving change in between moves it by that hour, not wrongly.
 */
export function quietHoursEnd(q: QuietHours, at: Date): Date {
  const end = minutesOf(q.end);
  const floor = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const ahead = (end - localMinutes(floor, q.timeZone) + 1440) % 1440;
  for (const shift of [0, -60, 60, -30, 30]) {
    const candidate = new Date(floor.getTime() + (ahead + shift) * 60_000);
    if (candidate.getTime() > at.getTime() - 60_000 && localMinutes(candidate, q.timeZone) === end) return candidate;
  }
  return new Date(floor.getTime() + ahead * 60_000);
}

/**
 * When `a` should go out by `channel` (issue 57 point 5: quiet hours HOLD, they do not drop): null
 * when the channel does not want it; `at` when it goes at once (not quiet hours, or urgent breaking
 * through); else the end of the quiet hours ({@link quietHoursEnd}), when the held alert is due.
 */
export function alertSendAt(p: AlertPreferences, a: PersonalAlert, channel: AlertChannel, at: Date): Date | null {
  if (!channelWants(p.channels[channel], a)) return null;
  return wantsAlert(p, a, channel, at) ? at : quietHoursEnd(p.quietHours, at);
}

/** Whether `a` lands in the person's inbox: some channel wants it (quiet hours do not apply). */
export function wantsInbox(p: AlertPreferences, a: PersonalAlert): boolean {
  return ALERT_CHANNELS.some((ch) => channelWants(p.channels[ch], a));
}

/**
 * The usernames an internal note mentions: `@name` at the start or after a non-word character,
 * names of letters, digits, `.`, `_` and `-` (a trailing `.` is punctuation), lower-cased, once each.
 */
export function mentionedUsernames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|[^\w@])@([\w.-]+)/g)) out.add(m[1]!.replace(/[.-]+$/, '').toLowerCase());
  out.delete('');
  return [...out];
}
