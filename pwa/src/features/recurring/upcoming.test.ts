import { describe, expect, it } from 'vitest';
import type { Client, RecurringSchedule } from '@portal/shared';
import { calendarDays } from './calendar';
import { UPCOMING_DAYS, upcomingVisits } from './upcoming';

const schedule = (over: Partial<RecurringSchedule>): RecurringSchedule => ({
  id: 's1',
  title: 'Backup check',
  issue: 'Check the backups.',
  severity: 'medium',
  clientId: 'c1',
  siteId: 'site1',
  contactId: null,
  assignedTo: 'rita',
  templateId: 't1',
  recurrence: { frequency: 'weekly', interval: 1, weekdays: [1, 4], startDate: '2026-11-01', time: '09:00' },
  timeZone: 'Europe/Berlin',
  leadDays: 1,
  skipWhileOpen: false,
  paused: false,
  next: { at: '2026-12-03T08:00:00.000Z', date: '2026-12-03' },
  lastTicket: { id: 'tk', ticketNumber: 'TKT-000042', status: 'open' },
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
const client = { id: 'c1', name: 'Acme Dental', sites: [{ id: 'site1', clientId: 'c1', name: 'Main office', address: '1 Main St', accessNotes: 'Alarm 1234', latitude: null, longitude: null, updatedAt: '' }], contacts: [] } as unknown as Client;
const data = (schedules: RecurringSchedule[]) => ({
  schedules,
  clients: new Map([['c1', client]]),
  templates: new Map([['t1', { id: 't1', name: 'Backups', items: [{ text: 'Test a restore', required: true }], createdAt: '', updatedAt: '' }]]),
});
const NOW = Date.parse('2026-11-30T10:00:00Z'); // Monday, after 09:00 Berlin

describe('Upcoming (from the stored schedules, no network)', () => {
  it('lists the next 7 days (issue 52 item 5) soonest first with client, site and checklist; the occurrence already opened shows its ticket', () => {
    const visits = upcomingVisits(data([schedule({}), schedule({ id: 's2', title: 'Paused one', paused: true })]), NOW, 'rita');
    // Mon Nov 30 10:00Z + 7 days: Thu Dec 3 and Mon Dec 7 (08:00Z); Thu Dec 10 is past the window.
    expect(visits.map((v) => v.date)).toEqual(['2026-12-03', '2026-12-07']);
    expect(UPCOMING_DAYS).toBe(7);
    expect(visits[0]).toMatchObject({ title: 'Backup check', clientName: 'Acme Dental', site: { name: 'Main office', accessNotes: 'Alarm 1234' }, checklist: [{ text: 'Test a restore', required: true }], opened: null });
    expect(new Date(visits[0]!.at).toISOString()).toBe('2026-12-03T08:00:00.000Z');
    expect(new Date(visits[0]!.opensAt).toISOString()).toBe('2026-12-02T08:00:00.000Z');
    // The server's next is Dec 7: Dec 3 opened already (lead time), as TKT-000042.
    const opened = upcomingVisits(data([schedule({ next: { at: '2026-12-07T08:00:00.000Z', date: '2026-12-07' } })]), NOW, 'rita');
    expect(opened[0]!.opened).toEqual({ ticketNumber: 'TKT-000042', status: 'open' });
    expect(opened[1]!.opened).toBeNull();
  });

  it('Mine shows only the schedules assigned to the technician; Everyone shows all', () => {
    const d = data([schedule({}), schedule({ id: 's3', assignedTo: 'sam', title: 'Sam visit' })]);
    expect(new Set(upcomingVisits(d, NOW, 'rita').map((v) => v.title))).toEqual(new Set(['Backup check']));
    expect(new Set(upcomingVisits(d, NOW, null).map((v) => v.title))).toEqual(new Set(['Backup check', 'Sam visit']));
  });

  it("the scheduler calendar's week: 7 days from today, everyone's visits on their day, paused ones left out", () => {
    const d = data([schedule({}), schedule({ id: 's3', assignedTo: 'sam', title: 'Sam visit' }), schedule({ id: 's4', title: 'Paused one', paused: true })]);
    const days = calendarDays(d, NOW);
    expect(days.map((x) => x.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(days[3]!.label).toBe('Thu, Dec 3');
    // Monday's 09:00 Berlin is before NOW but today: on the calendar; next Monday is past the week.
    expect(days.map((x) => x.visits.map((v) => v.title).join())).toEqual(['Backup check,Sam visit', '', '', 'Backup check,Sam visit', '', '', '']);
  });
});
