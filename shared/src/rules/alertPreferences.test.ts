import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_PREFERENCES, alertPreferencesSchema, type AlertPreferences } from '../schemas/alertPreferences';
import { alertSendAt, inQuietHours, mentionedUsernames, quietHoursEnd, wantsAlert, wantsInbox, type PersonalAlert } from './alertPreferences';

const noon = new Date('2026-11-29T12:00:00Z');
const newTicket = (urgent = false): PersonalAlert => ({ event: 'new_ticket', urgent, mine: false });
const withPush = (push: Partial<AlertPreferences['channels']['push']>, quiet: Partial<AlertPreferences['quietHours']> = {}): AlertPreferences => ({
  channels: { ...DEFAULT_ALERT_PREFERENCES.channels, push: { ...DEFAULT_ALERT_PREFERENCES.channels.push, ...push } },
  quietHours: { ...DEFAULT_ALERT_PREFERENCES.quietHours, ...quiet },
});

describe('wantsAlert (the one rule of personal alerts)', () => {
  it("defaults keep today's behaviour: push for every new ticket, assignments and replies on mine, no personal e-mail or SMS", () => {
    const d = DEFAULT_ALERT_PREFERENCES;
    expect(wantsAlert(d, newTicket(), 'push', noon)).toBe(true);
    expect(wantsAlert(d, { event: 'assigned', urgent: false, mine: true }, 'push', noon)).toBe(true);
    expect(wantsAlert(d, { event: 'customer_reply', urgent: false, mine: true }, 'push', noon)).toBe(true);
    expect(wantsAlert(d, { event: 'sla', urgent: false, mine: false }, 'push', noon)).toBe(false);
    expect(wantsAlert(d, newTicket(), 'email', noon)).toBe(false);
    expect(wantsAlert(d, { event: 'mention', urgent: false, mine: false }, 'sms', noon)).toBe(false);
    expect(alertPreferencesSchema.parse(d)).toEqual(d);
  });

  it('new tickets: all, urgent only, none', () => {
    expect(wantsAlert(withPush({ newTickets: 'urgent' }), newTicket(false), 'push', noon)).toBe(false);
    expect(wantsAlert(withPush({ newTickets: 'urgent' }), newTicket(true), 'push', noon)).toBe(true);
    expect(wantsAlert(withPush({ newTickets: 'none' }), newTicket(true), 'push', noon)).toBe(false);
  });

  it('SLA: mine, all, none; customer replies only on my tickets', () => {
    const other = { event: 'sla', urgent: false, mine: false } as const;
    expect(wantsAlert(withPush({ sla: 'all' }), other, 'push', noon)).toBe(true);
    expect(wantsAlert(withPush({ sla: 'mine' }), { ...other, mine: true }, 'push', noon)).toBe(true);
    expect(wantsAlert(withPush({ sla: 'none' }), { ...other, mine: true }, 'push', noon)).toBe(false);
    expect(wantsAlert(DEFAULT_ALERT_PREFERENCES, { event: 'customer_reply', urgent: false, mine: false }, 'push', noon)).toBe(false);
  });

  it('quiet hours in the person\'s time zone stop every channel except urgent tickets when urgent breaks through', () => {
    // 22:00-07:00 in New York; 03:30 UTC is 22:30 the evening before there (UTC-5 in November).
    const quiet = { enabled: true, start: '22:00', end: '07:00', timeZone: 'America/New_York' };
    const night = new Date('2026-11-30T03:30:00Z');
    expect(wantsAlert(withPush({}, quiet), newTicket(false), 'push', night)).toBe(false);
    expect(wantsAlert(withPush({}, quiet), newTicket(true), 'push', night)).toBe(true);
    expect(wantsAlert(withPush({}, { ...quiet, urgentBreaksThrough: false }), newTicket(true), 'push', night)).toBe(false);
    expect(wantsAlert(withPush({}, quiet), newTicket(false), 'push', noon)).toBe(true); // 07:00 there
    expect(wantsAlert(withPush({}, { ...quiet, enabled: false }), newTicket(false), 'push', night)).toBe(true);
  });

  it('quiet hours HOLD a non-urgent alert until they end (their end in the person\'s zone); urgent goes at once; unwanted is null', () => {
    const quiet = { enabled: true, start: '22:00', end: '07:00', timeZone: 'America/New_York' };
    const night = new Date('2026-11-30T03:30:45Z'); // 22:30:45 in New York; quiet until 07:00 there = 12:00 UTC
    expect(alertSendAt(withPush({}, quiet), newTicket(false), 'push', night)).toEqual(new Date('2026-11-30T12:00:00Z'));
    expect(alertSendAt(withPush({}, quiet), newTicket(true), 'push', night)).toEqual(night);
    expect(alertSendAt(withPush({}, { ...quiet, urgentBreaksThrough: false }), newTicket(true), 'push', night)).toEqual(new Date('2026-11-30T12:00:00Z'));
    expect(alertSendAt(withPush({}, quiet), newTicket(false), 'push', noon)).toEqual(noon); // 07:00 there: over
    expect(alertSendAt(withPush({ newTickets: 'none' }, quiet), newTicket(false), 'push', night)).toBeNull();
    expect(alertSendAt(withPush({}, quiet), newTicket(false), 'email', night)).toBeNull(); // e-mail not chosen
  });

  it('quietHoursEnd: same day, after midnight, and across a daylight-saving change', () => {
    const q = (start: string, end: string, timeZone = 'UTC') => ({ ...DEFAULT_ALERT_PREFERENCES.quietHours, enabled: true, start, end, timeZone });
    expect(quietHoursEnd(q('12:00', '13:30'), noon)).toEqual(new Date('2026-11-29T13:30:00Z'));
    expect(quietHoursEnd(q('22:00', '07:00'), new Date('2026-11-29T23:10:00Z'))).toEqual(new Date('2026-11-30T07:00:00Z'));
    expect(quietHoursEnd(q('22:00', '07:00'), new Date('2026-11-30T06:59:30Z'))).toEqual(new Date('2026-11-30T07:00:00Z'));
    // Berlin leaves summer time on 2026-10-25 at 03:00 local: 22:00 on the 24th (20:00 UTC) to 07:00 on the 25th (06:00 UTC, CET).
    expect(quietHoursEnd(q('22:00', '07:00', 'Europe/Berlin'), new Date('2026-10-24T20:30:00Z'))).toEqual(new Date('2026-10-25T06:00:00Z'));
  });

  it('quiet hours: start inclusive, end exclusive, within one day or across midnight, equal ends never quiet', () => {
    const q = (start: string, end: string) => ({ ...DEFAULT_ALERT_PREFERENCES.quietHours, enabled: true, start, end });
    expect(inQuietHours(q('12:00', '13:00'), noon)).toBe(true);
    expect(inQuietHours(q('11:00', '12:00'), noon)).toBe(false);
    expect(inQuietHours(q('23:00', '12:01'), noon)).toBe(true);
    expect(inQuietHours(q('23:00', '06:00'), noon)).toBe(false);
    expect(inQuietHours(q('12:00', '12:00'), noon)).toBe(false);
  });

  it('the inbox lists what any channel wants, in quiet hours too', () => {
    const quiet = withPush({ newTickets: 'none' }, { enabled: true, start: '00:00', end: '23:59' });
    expect(wantsInbox(quiet, newTicket())).toBe(false);
    expect(wantsInbox(quiet, { event: 'assigned', urgent: false, mine: true })).toBe(true);
    const byMail = { ...quiet, channels: { ...quiet.channels, email: { ...quiet.channels.email, newTickets: 'urgent' as const } } };
    expect(wantsInbox(byMail, newTicket(true))).toBe(true);
    expect(wantsInbox(byMail, newTicket(false))).toBe(false);
  });

  it('refuses an unknown time zone and a time not in HH:MM', () => {
    const bad = { ...DEFAULT_ALERT_PREFERENCES, quietHours: { ...DEFAULT_ALERT_PREFERENCES.quietHours, timeZone: 'Mars/Base', start: '7:00' } };
    const r = alertPreferencesSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['quietHours.start', 'quietHours.timeZone']);
  });
});

describe('mentionedUsernames', () => {
  it('finds @names once each, lower-cased, not e-mail addresses, trailing punctuation dropped', () => {
    expect(mentionedUsernames('@Bob please check; cc @alice.k. and @bob, mail x@example.com')).toEqual(['bob', 'alice.k']);
    expect(mentionedUsernames('no mentions @ here')).toEqual([]);
  });
});
