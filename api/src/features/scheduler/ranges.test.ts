/**
 * Scheduler ranges at the edges of local days, weeks and months in zones away from UTC:
 * New York (UTC-5/-4) and Auckland (UTC+13/+12), across midnight and daylight-saving changes.
 * Tickets are created through the real API with the test clock set to each moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerDashboard } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

const AKL = 'Pacific/Auckland';

describe('range boundaries in non-UTC zones', () => {
  let r: TestApp;
  let token: string;
  const make = async (iso: string) => {
    r.clock.current = new Date(iso);
    await r.createTicket();
  };
  const count = async (range: string, tz: string, now: string) => {
    r.clock.current = new Date(now);
    const res = await r.request<SchedulerDashboard>('GET', `/api/scheduler?range=${range}&tz=${encodeURIComponent(tz)}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    r = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
    r.clock.current = new Date('2024-12-01T00:00:00Z');
    token = (await r.loginAs('technician')).token;
    await make('2024-12-31T10:30:00Z'); // Dec 31 23:30 NZDT  | Dec 31 05:30 EST
    await make('2024-12-31T11:30:00Z'); // Jan  1 00:30 NZDT  | Dec 31 06:30 EST
    await make('2025-01-01T04:00:00Z'); // Jan  1 17:00 NZDT  | Dec 31 23:00 EST
    await make('2025-01-31T04:59:59.999Z'); // Jan 31 17:59 NZDT | Jan 30 23:59:59.999 EST
    await make('2025-01-31T05:00:00Z'); // Jan 31 18:00 NZDT  | Jan 31 00:00 EST
    await make('2025-02-01T03:00:00Z'); // Feb  1 16:00 NZDT  | Jan 31 22:00 EST
    await make('2025-03-09T06:30:00Z'); // Mar  9 01:30 EST (23-hour day)
    await make('2025-03-10T03:30:00Z'); // Mar  9 23:30 EDT
    await make('2025-04-05T11:30:00Z'); // Apr  6 00:30 NZDT (25-hour day)
    await make('2025-04-06T11:30:00Z'); // Apr  6 23:30 NZST
  }, 60_000);
  afterAll(() => r.close());

  it('today in New York starts at local midnight, not UTC midnight', async () => {
    const d = await count('today', 'America/New_York', '2025-01-31T17:00:00Z');
    expect([d.from, d.to]).toEqual(['2025-01-31T05:00:00.000Z', '2025-02-01T05:00:00.000Z']);
    expect(d.summary.total).toBe(2); // 00:00 EST and 22:00 EST; 23:59:59.999 the day before is out
    expect(d.daily).toEqual([{ date: '2025-01-31', created: 2, resolved: 0 }]);
  });

  it('this month in New York ends at local midnight of Feb 1 and starts at Jan 1 00:00 EST', async () => {
    const d = await count('month', 'America/New_York', '2025-02-01T04:30:00Z'); // Jan 31 23:30 EST
    expect([d.from, d.to]).toEqual(['2025-01-01T05:00:00.000Z', '2025-02-01T05:00:00.000Z']);
    expect(d.summary.total).toBe(3);
    expect(d.daily).toHaveLength(31);
    expect(d.daily.filter((x) => x.created > 0)).toEqual([
      { date: '2025-01-30', created: 1, resolved: 0 },
      { date: '2025-01-31', created: 2, resolved: 0 },
    ]);
  });

  it('this month in Auckland (UTC+13) starts on Dec 31 in UTC', async () => {
    const d = await count('month', 'Pacific/Auckland', '2025-01-31T10:00:00Z'); // Jan 31 23:00 NZDT
    expect([d.from, d.to]).toEqual(['2024-12-31T11:00:00.000Z', '2025-01-31T11:00:00.000Z']);
    expect(d.summary.total).toBe(4); // Jan 1 00:30, Jan 1 17:00, Jan 31 17:59, Jan 31 18:00 NZDT
    expect(d.daily[0]).toEqual({ date: '2025-01-01', created: 2, resolved: 0 });
  });

  it('today in Auckland across midnight: the same instant is another day than in UTC', async () => {
    const d = await count('today', AKL, '2025-01-31T10:00:00Z');
    expect([d.from, d.to]).toEqual(['2025-01-30T11:00:00.000Z', '2025-01-31T11:00:00.000Z']);
    expect(d.summary.total).toBe(2);
  });

  it('a daylight-saving day lasts 23 hours in New York and 25 hours in Auckland', async () => {
    const ny = await count('today', 'America/New_York', '2025-03-09T20:00:00Z');
    expect([ny.from, ny.to]).toEqual(['2025-03-09T05:00:00.000Z', '2025-03-10T04:00:00.000Z']);
    expect(ny.summary.total).toBe(2);
    const akl = await count('today', AKL, '2025-04-06T05:00:00Z');
    expect([akl.from, akl.to]).toEqual(['2025-04-05T11:00:00.000Z', '2025-04-06T12:00:00.000Z']);
    expect(akl.summary.total).toBe(2);
  });

  it('this week in Auckland starts on Monday 00:00 local', async () => {
    const d = await count('week', AKL, '2025-01-31T10:00:00Z'); // Fri Jan 31 NZDT
    expect(d.from).toBe('2025-01-26T11:00:00.000Z'); // Mon Jan 27 00:00 NZDT
    expect(d.daily.map((x) => x.date)).toEqual(['2025-01-27', '2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31']);
    // Jan 31 17:59 and 18:00 NZDT, and Feb 1 16:00 NZDT: later than "now" but inside this week.
    expect(d.summary.total).toBe(3);
  });
});
