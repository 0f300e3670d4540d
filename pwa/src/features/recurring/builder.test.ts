import { describe, expect, it } from 'vitest';
import { nextOccurrences } from '@portal/shared';
import { draftOfRecurrence, formatInZone, newDraft, previewOf, recurrenceOfDraft, todayIn, type RecurrenceDraft } from './builder';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const monthly = (over: Partial<RecurrenceDraft> = {}): RecurrenceDraft => ({ ...newDraft('2026-12-01'), monthDay: '15', ...over });

describe('recurrence builder -> rrule and preview', () => {
  it('monthly on day 15 in Berlin: the rule, its words, its rrule and the next 5 dates at 09:00 local', () => {
    const p = previewOf(monthly({ end: 'date', endDate: '2027-12-31' }), 'Europe/Berlin', 0, NOW);
    if (!p.ok) throw new Error(p.message);
    expect(p.recurrence).toEqual({ frequency: 'monthly', interval: 1, monthDay: 15, startDate: '2026-12-01', time: '09:00', endDate: '2027-12-31' });
    expect(p.words).toBe('Every month on day 15 at 9:00 AM, until Dec 31, 2027');
    expect(p.rrule).toBe('DTSTART;TZID=Europe/Berlin:20261201T090000\nRRULE:FREQ=MONTHLY;INTERVAL=1;BYHOUR=9;BYMINUTE=0;BYSECOND=0;BYMONTHDAY=15;UNTIL=20271231T235959');
    expect(p.next.map((o) => o.date)).toEqual(['2026-12-15', '2027-01-15', '2027-02-15', '2027-03-15', '2027-04-15']);
    // 09:00 in Berlin is 08:00Z in winter and 07:00Z after the March change.
    expect(p.next.map((o) => new Date(o.at).toISOString().slice(11, 16))).toEqual(['08:00', '08:00', '08:00', '08:00', '07:00']);
    expect(p.next.map((o) => formatInZone(o.at, 'Europe/Berlin'))[4]).toBe('Thu, Apr 15, 2027 at 9:00 AM');
    // The same shared expansion the API's preview and sweep use.
    expect(p.next).toEqual(nextOccurrences(p.recurrence, 'Europe/Berlin', NOW, 5));
  });

  it('weekly every 2 weeks on days, the first Monday, yearly, and a count', () => {
    const weekly = previewOf({ ...monthly(), frequency: 'weekly', interval: '2', weekdays: [4, 1], end: 'count', count: '3' }, 'America/New_York', 0, NOW);
    if (!weekly.ok) throw new Error(weekly.message);
    expect(weekly.recurrence).toEqual({ frequency: 'weekly', interval: 2, weekdays: [1, 4], startDate: '2026-12-01', time: '09:00', count: 3 });
    expect(weekly.words).toBe('Every 2 weeks on Monday and Thursday at 9:00 AM, 3 times');
    expect(weekly.rrule).toContain('FREQ=WEEKLY;INTERVAL=2');
    expect(weekly.rrule).toContain('COUNT=3');
    expect(weekly.next.map((o) => o.date)).toEqual(['2026-12-03', '2026-12-14', '2026-12-17']);

    const nth = previewOf(monthly({ monthlyMode: 'nth', nthN: 1, nthWeekday: 1 }), 'UTC', 0, NOW);
    expect(nth.ok && nth.words).toBe('Every month on the first Monday at 9:00 AM');
    expect(nth.ok && nth.rrule).toContain('BYDAY=+1MO');
    expect(nth.ok && nth.next.map((o) => o.date)).toEqual(['2026-12-07', '2027-01-04', '2027-02-01', '2027-03-01', '2027-04-05']);

    const yearly = previewOf(monthly({ frequency: 'yearly', month: 3, monthDay: '1', time: '14:30' }), 'UTC', 0, NOW);
    expect(yearly.ok && yearly.words).toBe('Every year on March 1 at 2:30 PM');
    expect(yearly.ok && yearly.next.map((o) => o.date)).toEqual(['2027-03-01', '2028-03-01', '2029-03-01', '2030-03-01', '2031-03-01']);
  });

  it('says why a rule cannot be saved, with the API messages', () => {
    const never = previewOf(monthly({ frequency: 'yearly', month: 2, monthDay: '30' }), 'UTC', 0, NOW);
    expect(never).toEqual({ ok: false, message: 'This recurrence never occurs: no date matches it.' });
    expect(previewOf(monthly({ end: 'date', endDate: '2026-11-01' }), 'UTC', 0, NOW)).toEqual({ ok: false, message: 'The end date is before the start date.' });
    expect(previewOf(monthly(), 'Mars/Olympus', 0, NOW)).toEqual({ ok: false, message: 'Unknown time zone: Mars/Olympus' });
    expect(previewOf({ ...monthly(), frequency: 'weekly' }, 'UTC', 8, NOW)).toEqual({ ok: false, message: 'The lead time (8 days) is longer than the time between occurrences (7 days).' });
    expect(previewOf(monthly({ time: '25:00' }), 'UTC', 0, NOW)).toEqual({ ok: false, message: 'Enter a time as HH:MM.' });
    // Typed numbers out of range or left empty: the field's sentence, not zod's 'Too small' or 'received NaN'.
    expect(previewOf(monthly({ interval: '' }), 'UTC', 0, NOW)).toEqual({ ok: false, message: 'Repeat every: enter a whole number from 1 to 99.' });
    expect(previewOf(monthly({ monthDay: '0' }), 'UTC', 0, NOW)).toEqual({ ok: false, message: 'Day of the month: enter a day from 1 to 31.' });
    expect(previewOf(monthly({ end: 'count', count: '0' }), 'UTC', 0, NOW)).toEqual({ ok: false, message: 'Ends after: enter a number of occurrences from 1 to 10,000.' });
    expect(previewOf(monthly({ interval: 'x' }), 'UTC', 0, NOW).ok).toBe(false);
  });

  it('a stored recurrence comes back into the same controls', () => {
    for (const d of [monthly(), monthly({ monthlyMode: 'nth', nthN: -1, nthWeekday: 5 }), { ...monthly(), frequency: 'weekly' as const, weekdays: [2, 5] }, monthly({ end: 'count', count: '12' })]) {
      const r = recurrenceOfDraft(d);
      expect(recurrenceOfDraft(draftOfRecurrence(r))).toEqual(r);
    }
    expect(todayIn('Pacific/Auckland', Date.parse('2026-11-29T12:00:00Z'))).toBe('2026-11-30');
  });
});
