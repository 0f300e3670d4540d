import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_POLICY, slaPolicySchema, timeReportQuerySchema, type SlaPolicy } from '../schemas/sla';
import { SEVERITIES } from '../constants';
import { addBusinessMinutes, businessMinutesBetween, formatSlaDuration, slaClock, slaDueTimes, slaSortKey, type SlaTicket } from './sla';

/** Every severity on Mon-Fri 09:00-17:00 (urgent too: the default runs urgent 24x7). */
const nineToFive = (timeZone: string, holidays: string[] = []): SlaPolicy => ({
  ...DEFAULT_SLA_POLICY,
  timeZone,
  holidays,
  businessHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
  targets: { ...DEFAULT_SLA_POLICY.targets, urgent: { ...DEFAULT_SLA_POLICY.targets.urgent, allHours: false } },
});
const allDay = (timeZone: string): SlaPolicy => ({ ...DEFAULT_SLA_POLICY, timeZone, businessHours: { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00' } });
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('addBusinessMinutes', () => {
  it('24x7 is plain elapsed time, across a DST change too', () => {
    const p: SlaPolicy = { ...DEFAULT_SLA_POLICY, timeZone: 'America/New_York', businessHours: null };
    expect(iso(addBusinessMinutes(p, at('2026-03-08T06:30:00Z'), 60))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('counts inside the day and ends exactly at closing time', () => {
    const p = nineToFive('UTC');
    expect(iso(addBusinessMinutes(p, at('2026-03-04T09:00:00Z'), 480))).toBe('2026-03-04T17:00:00.000Z');
    expect(iso(addBusinessMinutes(p, at('2026-03-04T10:15:00Z'), 30))).toBe('2026-03-04T10:45:00.000Z');
  });

  it('starts at the next opening when created before hours or after closing', () => {
    const p = nineToFive('UTC');
    expect(iso(addBusinessMinutes(p, at('2026-03-04T07:00:00Z'), 60))).toBe('2026-03-04T10:00:00.000Z');
    expect(iso(addBusinessMinutes(p, at('2026-03-04T18:00:00Z'), 60))).toBe('2026-03-05T10:00:00.000Z');
  });

  it('skips the weekend (New York, whose clocks spring forward that Sunday)', () => {
    // Friday 2026-03-06 16:30 EST (UTC-5); DST starts Sunday 2026-03-08; Monday 09:30 EDT is 13:30Z.
    const p = nineToFive('America/New_York');
    expect(iso(addBusinessMinutes(p, at('2026-03-06T21:30:00Z'), 60))).toBe('2026-03-09T13:30:00.000Z');
  });

  it('skips holidays', () => {
    const p = nineToFive('America/New_York', ['2026-03-09']);
    expect(iso(addBusinessMinutes(p, at('2026-03-06T21:30:00Z'), 60))).toBe('2026-03-10T13:30:00.000Z');
  });

  it('Auckland: the weekend its clocks fall back (NZDT +13 -> NZST +12)', () => {
    // Friday 2026-04-03 16:00 NZDT = 03:00Z; 2 business hours -> Monday 2026-04-06 10:00 NZST = Sunday 22:00Z.
    const p = nineToFive('Pacific/Auckland');
    expect(iso(addBusinessMinutes(p, at('2026-04-03T03:00:00Z'), 120))).toBe('2026-04-05T22:00:00.000Z');
  });

  it('Auckland: the weekend its clocks spring forward (NZST +12 -> NZDT +13)', () => {
    // Friday 2026-09-25 16:00 NZST = 04:00Z; Monday 2026-09-28 10:00 NZDT = Sunday 21:00Z.
    const p = nineToFive('Pacific/Auckland');
    expect(iso(addBusinessMinutes(p, at('2026-09-25T04:00:00Z'), 120))).toBe('2026-09-27T21:00:00.000Z');
  });

  it('New York fall back: Monday after the change opens at 14:00Z', () => {
    const p = nineToFive('America/New_York');
    // Friday 2026-10-30 16:00 EDT = 20:00Z; + 2 h -> Monday 2026-11-02 10:00 EST = 15:00Z.
    expect(iso(addBusinessMinutes(p, at('2026-10-30T20:00:00Z'), 120))).toBe('2026-11-02T15:00:00.000Z');
  });
});

describe('businessMinutesBetween', () => {
  it('counts only business time over a weekend', () => {
    const p = nineToFive('UTC');
    expect(businessMinutesBetween(p, at('2026-03-06T16:00:00Z'), at('2026-03-09T10:00:00Z'))).toBe(120);
    expect(businessMinutesBetween(p, at('2026-03-09T10:00:00Z'), at('2026-03-06T16:00:00Z'))).toBe(0);
  });

  it('a DST day is 23 hours in New York in March and 25 hours in Auckland in April', () => {
    expect(businessMinutesBetween(allDay('America/New_York'), at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'))).toBe(23 * 60);
    expect(businessMinutesBetween(allDay('Pacific/Auckland'), at('2026-04-04T11:00:00Z'), at('2026-04-05T12:00:00Z'))).toBe(25 * 60);
  });

  it('is the inverse of addBusinessMinutes', () => {
    const p = nineToFive('Pacific/Auckland', ['2026-04-07']);
    const from = at('2026-04-02T23:17:00Z');
    for (const m of [1, 59, 480, 1000, 5000]) expect(businessMinutesBetween(p, from, addBusinessMinutes(p, from, m))).toBeCloseTo(m, 6);
  });
});

describe('slaDueTimes', () => {
  it('uses the severity targets and warns at 80 %', () => {
    const p = nineToFive('UTC');
    const due = slaDueTimes(p, 'urgent', at('2026-03-04T09:00:00Z'));
    expect(iso(due.firstResponseDueAt)).toBe('2026-03-04T10:00:00.000Z');
    expect(iso(due.firstResponseWarnAt)).toBe('2026-03-04T09:48:00.000Z');
    expect(iso(due.resolutionDueAt)).toBe('2026-03-04T13:00:00.000Z');
  });

  it('runs a 24x7 severity around the clock on the same policy (issue 56 item 11)', () => {
    // The default: urgent 24x7, high on business hours. Saturday 10:00 UTC.
    const saturday = at('2026-03-07T10:00:00Z');
    expect(iso(slaDueTimes(DEFAULT_SLA_POLICY, 'urgent', saturday).firstResponseDueAt)).toBe('2026-03-07T11:00:00.000Z');
    expect(iso(slaDueTimes(DEFAULT_SLA_POLICY, 'high', saturday).firstResponseDueAt)).toBe('2026-03-09T14:00:00.000Z');
    // Turned to business hours, urgent waits for Monday 10:00 like the others.
    expect(iso(slaDueTimes(nineToFive('UTC'), 'urgent', saturday).firstResponseDueAt)).toBe('2026-03-09T10:00:00.000Z');
    // A policy saved before the flag existed parses as business hours.
    const old = slaPolicySchema.parse({ ...DEFAULT_SLA_POLICY, targets: { ...DEFAULT_SLA_POLICY.targets, urgent: { firstResponseMinutes: 60, resolutionMinutes: 240 } } });
    expect(old.targets.urgent.allHours).toBe(false);
  });

  it('a pause lengthens both targets by the paused business minutes', () => {
    const p = nineToFive('UTC');
    const due = slaDueTimes(p, 'urgent', at('2026-03-06T16:00:00Z'), 30);
    // 90 business minutes from Friday 16:00: 60 on Friday, 30 on Monday.
    expect(iso(due.firstResponseDueAt)).toBe('2026-03-09T09:30:00.000Z');
  });
});

  it('finds all four instants in one scan exactly as four separate counts would (every severity, across DST and holidays)', () => {
    const p = nineToFive('America/New_York', ['2026-03-09', '2026-11-02']);
    const starts = ['2026-03-06T21:30:00Z', '2026-03-07T12:00:00Z', '2026-10-30T20:59:00Z', '2026-11-01T05:00:00Z', '2026-11-03T13:59:59Z'];
    for (const start of starts) {
      for (const severity of SEVERITIES) {
        for (const paused of [0, 17.5]) {
          const t = p.targets[severity];
          const due = slaDueTimes(p, severity, at(start), paused);
          const one = (m: number) => iso(addBusinessMinutes(p, at(start), m));
          expect([iso(due.firstResponseDueAt), iso(due.resolutionDueAt), iso(due.firstResponseWarnAt), iso(due.resolutionWarnAt)]).toEqual([
            one(t.firstResponseMinutes + paused),
            one(t.resolutionMinutes + paused),
            one((t.firstResponseMinutes + paused) * 0.8),
            one((t.resolutionMinutes + paused) * 0.8),
          ]);
          expect(due.resolutionDueAt.getTime()).toBeGreaterThanOrEqual(due.firstResponseDueAt.getTime());
        }
      }
    }
  });

describe('slaClock', () => {
  const base: SlaTicket = {
    status: 'open',
    createdAt: '2026-03-04T09:00:00.000Z',
    firstResponseDueAt: '2026-03-04T10:00:00.000Z',
    resolutionDueAt: '2026-03-04T13:00:00.000Z',
    firstResponseAt: null,
    resolvedAt: null,
    waitingOnCustomer: false,
  };

  it('says when the response is due, amber in the last 20 %', () => {
    expect(slaClock(base, at('2026-03-04T09:10:00Z'))).toMatchObject({ state: 'ok', target: 'response', text: 'Response due in 50 min' });
    expect(slaClock(base, at('2026-03-04T09:48:00Z'))).toMatchObject({ state: 'warning', text: 'Response due in 12 min' });
  });

  it('says how long ago it breached', () => {
    expect(slaClock(base, at('2026-03-04T12:00:00Z'))).toMatchObject({ state: 'breached', text: 'Breached 2 h ago' });
  });

  it('runs the resolution clock after the first response, pauses, and stops when resolved', () => {
    const responded = { ...base, firstResponseAt: '2026-03-04T09:20:00.000Z' };
    expect(slaClock(responded, at('2026-03-04T09:30:00Z')).text).toBe('Resolution due in 3 h 30 min');
    expect(slaClock({ ...responded, waitingOnCustomer: true }, at('2026-03-04T15:00:00Z'))).toMatchObject({ state: 'paused', text: 'Paused: waiting on customer' });
    expect(slaClock({ ...responded, status: 'resolved' }, at('2026-03-04T15:00:00Z')).state).toBe('none');
  });

  it('sorts due soonest first, paused and finished last', () => {
    expect(slaSortKey(base)).toBe(Date.parse('2026-03-04T10:00:00Z'));
    expect(slaSortKey({ ...base, waitingOnCustomer: true })).toBe(Number.POSITIVE_INFINITY);
  });

  it('formats durations', () => {
    expect(formatSlaDuration(12 * 60_000)).toBe('12 min');
    expect(formatSlaDuration(80 * 60_000)).toBe('1 h 20 min');
    expect(formatSlaDuration(3 * 86_400_000)).toBe('3 d');
  });
});

describe('SLA schemas', () => {
  it('accepts the default policy and refuses bad zones, hours and holidays', () => {
    expect(slaPolicySchema.safeParse(DEFAULT_SLA_POLICY).success).toBe(true);
    expect(slaPolicySchema.safeParse({ ...DEFAULT_SLA_POLICY, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(slaPolicySchema.safeParse({ ...DEFAULT_SLA_POLICY, businessHours: { days: [1], start: '17:00', end: '09:00' } }).success).toBe(false);
    expect(slaPolicySchema.safeParse({ ...DEFAULT_SLA_POLICY, holidays: ['2026-02-30'] }).success).toBe(false);
  });

  it('bounds the report range', () => {
    expect(timeReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    expect(timeReportQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(timeReportQuerySchema.safeParse({ from: '2025-01-01', to: '2026-12-31' }).success).toBe(false);
  });
});
