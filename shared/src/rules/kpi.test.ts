import { describe, expect, it } from 'vitest';
import { averageHours, averageMinutes, cutIssue, isActiveStatus, isDoneStatus, resolutionRate, satisfactionPercent } from './kpi';
import { isKnownTimeZone, schedulerQuerySchema, schedulerTicketsQuerySchema, SCHEDULER_MSG } from '../schemas/scheduler';

describe('KPI formulas (SPEC.md 9)', () => {
  it('resolution rate is a rounded percent, 0 without tickets', () => {
    expect(resolutionRate(3, 5)).toBe(60);
    expect(resolutionRate(1, 3)).toBe(33);
    expect(resolutionRate(2, 3)).toBe(67);
    expect(resolutionRate(0, 0)).toBe(0);
  });
  it('satisfaction is the average technician rating x 20, rounded; no surveys -> null', () => {
    expect(satisfactionPercent(13 / 3)).toBe(87);
    expect(satisfactionPercent(4.5)).toBe(90);
    expect(satisfactionPercent(1)).toBe(20);
    expect(satisfactionPercent(null)).toBeNull();
  });
  it('average hours round to 1 decimal, minutes to whole minutes', () => {
    expect(averageHours(16 * 3600, 3)).toBe(5.3);
    expect(averageHours(0, 0)).toBeNull();
    expect(averageMinutes(190 * 60, 5)).toBe(38);
    expect(averageMinutes(100, 0)).toBeNull();
  });
  it('active is open + in_progress, done is resolved + closed', () => {
    expect(['open', 'in_progress', 'resolved', 'closed'].map((s) => isActiveStatus(s as never))).toEqual([true, true, false, false]);
    expect(['open', 'in_progress', 'resolved', 'closed'].map((s) => isDoneStatus(s as never))).toEqual([false, false, true, true]);
  });
  it('cuts the issue to 100 characters with an ellipsis, never inside an emoji', () => {
    expect(cutIssue('short issue')).toBe('short issue');
    expect(cutIssue('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cutIssue('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
    expect(cutIssue(`${'x'.repeat(99)}😀😀`)).toBe(`${'x'.repeat(99)}😀…`);
  });
});

describe('scheduler query schemas', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Pacific/Auckland')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone("UTC'; drop table users; --")).toBe(false);
  });
  it('defaults to today in UTC and reports field messages', () => {
    expect(schedulerQuerySchema.parse({})).toEqual({ range: 'today', tz: 'UTC' });
    const bad = schedulerQuerySchema.safeParse({ range: 'year', tz: 'Nowhere/Land' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([SCHEDULER_MSG.rangeInvalid, SCHEDULER_MSG.timeZoneInvalid]);
  });
  it('parses drill-down filters from a query string', () => {
    expect(schedulerTicketsQuerySchema.parse({ assigned: 'false', status: 'open', limit: '10' })).toMatchObject({
      assigned: false,
      status: 'open',
      scope: 'range',
      limit: 10,
    });
  });
});

describe('historyChangeText (SPEC.md 2 Work History)', () => {
  it('names statuses by label and assignments by username', async () => {
    const { historyChangeText } = await import('./history');
    expect(historyChangeText({ updateType: 'status_change', previousValue: 'in_progress', newValue: 'resolved' })).toBe(
      'Changed from In Progress to Resolved',
    );
    expect(historyChangeText({ updateType: 'assignment', previousValue: null, newValue: 'alice' })).toBe('Changed from Unassigned to alice');
    expect(historyChangeText({ updateType: 'resolution', previousValue: null, newValue: 'Fixed' })).toBe('Changed from none to Fixed');
    expect(historyChangeText({ updateType: 'comment', previousValue: null, newValue: null })).toBeNull();
    expect(historyChangeText({ updateType: 'created', previousValue: null, newValue: 'open' })).toBeNull();
  });
});
