import { describe, expect, it } from 'vitest';
import { nextOccurrences, occurrencesBetween, recurrenceProblem, type Recurrence } from './recurrence';

const iso = (ms: number) => new Date(ms).toISOString();
const weeklyMonday: Recurrence = { frequency: 'weekly', interval: 1, weekdays: [1], startDate: '2026-03-02', time: '09:00' };

describe('recurrence (rrule on wall times in the zone)', () => {
  it('weekly 09:00 in New York keeps 09:00 local across the March DST change (14:00Z then 13:00Z)', () => {
    const got = nextOccurrences(weeklyMonday, 'America/New_York', Date.parse('2026-03-01T00:00:00Z'), 3);
    expect(got.map((o) => [o.date, iso(o.at)])).toEqual([
      ['2026-03-02', '2026-03-02T14:00:00.000Z'],
      ['2026-03-09', '2026-03-09T13:00:00.000Z'],
      ['2026-03-16', '2026-03-16T13:00:00.000Z'],
    ]);
  });

  it('weekly in Berlin across the October change (07:00Z then 08:00Z)', () => {
    const got = nextOccurrences({ ...weeklyMonday, startDate: '2026-10-19' }, 'Europe/Berlin', Date.parse('2026-10-18T00:00:00Z'), 2);
    expect(got.map((o) => iso(o.at))).toEqual(['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('monthly on the first Monday in Auckland across its April change (NZDT +13 then NZST +12)', () => {
    const r: Recurrence = { frequency: 'monthly', interval: 1, nth: { n: 1, weekday: 1 }, startDate: '2026-03-01', time: '09:00' };
    const got = nextOccurrences(r, 'Pacific/Auckland', Date.parse('2026-02-01T00:00:00Z'), 2);
    expect(got.map((o) => [o.date, iso(o.at)])).toEqual([
      ['2026-03-02', '2026-03-01T20:00:00.000Z'],
      ['2026-04-06', '2026-04-05T21:00:00.000Z'],
    ]);
  });

  it('monthly on day 31 skips short months; every 3 months; yearly; end date and count stop it', () => {
    const d31 = nextOccurrences({ frequency: 'monthly', interval: 1, monthDay: 31, startDate: '2026-01-01', time: '08:00' }, 'UTC', 0, 3);
    expect(d31.map((o) => o.date)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    const q = nextOccurrences({ frequency: 'monthly', interval: 3, startDate: '2026-01-15', time: '08:00' }, 'UTC', 0, 3);
    expect(q.map((o) => o.date)).toEqual(['2026-01-15', '2026-04-15', '2026-07-15']);
    const y = nextOccurrences({ frequency: 'yearly', interval: 1, startDate: '2026-06-01', time: '08:00' }, 'UTC', 0, 2);
    expect(y.map((o) => o.date)).toEqual(['2026-06-01', '2027-06-01']);
    expect(nextOccurrences({ ...weeklyMonday, endDate: '2026-03-10' }, 'UTC', 0, 5).map((o) => o.date)).toEqual(['2026-03-02', '2026-03-09']);
    expect(nextOccurrences({ ...weeklyMonday, count: 1 }, 'UTC', 0, 5)).toHaveLength(1);
  });

  it('occurrencesBetween cuts on instants', () => {
    const got = occurrencesBetween(weeklyMonday, 'America/New_York', Date.parse('2026-03-09T13:00:00Z'), Date.parse('2026-03-23T12:59:00Z'));
    expect(got.map((o) => o.date)).toEqual(['2026-03-09', '2026-03-16']);
  });

  it('refuses an unknown zone, an end before the start, a rule that never occurs, a lead longer than the interval', () => {
    expect(recurrenceProblem(weeklyMonday, 'Mars/Olympus', 0)).toEqual({ field: 'timeZone', message: 'Unknown time zone: Mars/Olympus' });
    expect(recurrenceProblem({ ...weeklyMonday, endDate: '2026-03-01' }, 'UTC', 0)?.field).toBe('endDate');
    expect(recurrenceProblem({ frequency: 'yearly', interval: 1, month: 2, monthDay: 30, startDate: '2026-01-01', time: '09:00' }, 'UTC', 0)).toEqual({
      field: 'recurrence',
      message: 'This recurrence never occurs: no date matches it.',
    });
    expect(recurrenceProblem(weeklyMonday, 'UTC', 8)).toEqual({ field: 'leadDays', message: 'The lead time (8 days) is longer than the time between occurrences (7 days).' });
    expect(recurrenceProblem(weeklyMonday, 'UTC', 7)).toBeNull();
  });
});
