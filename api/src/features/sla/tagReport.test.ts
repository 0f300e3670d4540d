/**
 * The time report and its drill-down by tag (issue 57 item 3, docs/billing.md "By tag") over HTTP on
 * PGlite or PostgreSQL: `byTag` rows (an entry of a two-tag ticket under both, untagged last), the
 * `tag` filter on the report, its CSV and the entries (ignoring case), other clients' and other
 * ranges' entries left out, and a too-long tag refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEntries, TimeReport } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician', { username: 'tag-report-tech' });
  admin = await t.loginAs('admin', { username: 'tag-report-admin' });
});
afterAll(() => t.close());

const log = (ticketId: string, minutes: number, billable: boolean) =>
  t.request('POST', `/api/tickets/${ticketId}/time-entries`, { token: tech.token, body: { minutes, billable } });
const tag = (ticketId: string, names: string[]) => t.request('PATCH', `/api/tickets/${ticketId}`, { token: admin.token, body: { tagsAdd: names } });
const report = async (query: string) => (await t.request<TimeReport>('GET', `/api/time-report?${query}`, { token: admin.token })).body;

describe('time report by tag (issue 57 item 3)', () => {
  it('groups by tag, filters the report, its CSV and the drill-down by tag', async () => {
    t.clock.current = new Date('2026-09-10T10:00:00.000Z');
    const both = await t.createTicket({ businessName: 'Tag Co' });
    const onsite = await t.createTicket({ businessName: 'Tag Co' });
    const plain = await t.createTicket({ businessName: 'Plain Co' });
    await tag(both.id, ['Onsite', 'vpn']);
    await tag(onsite.id, ['Onsite']);
    await log(both.id, 30, true);
    await log(onsite.id, 45, false);
    await log(plain.id, 20, true);
    t.clock.current = new Date('2026-10-01T10:00:00.000Z');
    await log(onsite.id, 999, true); // next month: outside the range

    const all = await report('from=2026-09-01&to=2026-09-30');
    expect(all.tag).toBeNull();
    expect(all.totalMinutes).toBe(95);
    expect(all.byTag).toEqual([
      { tag: 'Onsite', entries: 2, totalMinutes: 75, billableMinutes: 30 },
      { tag: 'vpn', entries: 1, totalMinutes: 30, billableMinutes: 30 },
      { tag: null, entries: 1, totalMinutes: 20, billableMinutes: 20 },
    ]);

    const onsiteOnly = await report('from=2026-09-01&to=2026-09-30&tag=ONSITE');
    expect(onsiteOnly.tag).toBe('ONSITE');
    expect(onsiteOnly.rows.map((r) => [r.client, r.totalMinutes, r.billableMinutes])).toEqual([['Tag Co', 75, 30]]);
    expect(onsiteOnly.totalMinutes).toBe(75);
    expect(onsiteOnly.byTag.map((r) => [r.tag, r.totalMinutes])).toEqual([['Onsite', 75], ['vpn', 30]]);
    expect(onsiteOnly.visits).toEqual([]);

    const csv = (await t.request('GET', '/api/time-report?from=2026-09-01&to=2026-09-30&tag=vpn&format=csv', { token: admin.token })).text;
    expect(csv.split('\r\n').filter(Boolean)).toEqual(['Client,Technician,Entries,Total minutes,Billable minutes,Total hours,Billable hours', 'Tag Co,tag-report-tech,1,30,30,0.50,0.50']);

    const drill = (await t.request<BillingEntries>('GET', '/api/time-report/entries?from=2026-09-01&to=2026-09-30&tag=vpn', { token: tech.token })).body;
    expect(drill.entries.map((e) => [e.ticketNumber, e.minutes])).toEqual([[both.ticketNumber, 30]]);
    expect((await report('from=2026-09-01&to=2026-09-30&tag=nobody')).rows).toEqual([]);
  });

  it('refuses a tag longer than 40 characters with 400', async () => {
    for (const path of ['/api/time-report', '/api/time-report/entries']) {
      const res = await t.request('GET', `${path}?from=2026-09-01&to=2026-09-30&tag=${'x'.repeat(41)}`, { token: admin.token });
      expect(res.status).toBe(400);
    }
  });
});
