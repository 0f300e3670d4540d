import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_SLA_POLICY, type SlaPolicy, type Ticket, type TicketPatchResult, type TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { backfillSlaDueTimes, clearWaitingOnCustomer } from '../tickets/port';
import type { Database } from '../../db/client';

let t: TestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician', { username: 'sla-tech' });
  admin = await t.loginAs('admin', { username: 'sla-admin' });
});
afterAll(() => t.close());

const getTicket = async (id: string) => (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech.token })).body;
const patch = (id: string, body: unknown) => t.request<TicketPatchResult>('PATCH', `/api/tickets/${id}`, { token: tech.token, body });
const setClock = (iso: string) => {
  t.clock.current = new Date(iso);
};

describe('SLA due times (default policy: Mon-Fri 10:00-18:00 UTC)', () => {
  it('a new ticket carries its due times; the first staff change is the first response', async () => {
    setClock('2026-03-04T09:00:00.000Z'); // Wednesday, before opening
    const { id } = await t.createTicket({ severity: 'medium' });
    const created = await getTicket(id);
    expect(created).toMatchObject({
      firstResponseDueAt: '2026-03-04T18:00:00.000Z', // 8 business hours from 10:00
      resolutionDueAt: '2026-03-06T18:00:00.000Z', // 3 business days
      firstResponseAt: null,
      resolvedAt: null,
      waitingOnCustomer: false,
    });
    setClock('2026-03-04T11:00:00.000Z');
    const res = await patch(id, { comment: 'Looking into it' });
    expect(res.body.ticket.firstResponseAt).toBe('2026-03-04T11:00:00.000Z');
    setClock('2026-03-04T12:00:00.000Z');
    expect((await patch(id, { status: 'resolved' })).body.ticket).toMatchObject({ resolvedAt: '2026-03-04T12:00:00.000Z', firstResponseAt: '2026-03-04T11:00:00.000Z' });
    expect((await patch(id, { status: 'in_progress' })).body.ticket.resolvedAt).toBeNull();
  });

  it('pausing while waiting on the customer moves both due times by the business time waited', async () => {
    setClock('2026-03-06T16:00:00.000Z'); // Friday
    const { id } = await t.createTicket({ severity: 'urgent' });
    expect((await getTicket(id)).firstResponseDueAt).toBe('2026-03-06T17:00:00.000Z');
    const paused = await patch(id, { waitingOnCustomer: true });
    expect(paused.body.ticket.waitingOnCustomer).toBe(true);
    expect(paused.body.updates.map((u) => [u.updateType, u.previousValue, u.newValue])).toEqual([['waiting', 'false', 'true']]);
    setClock('2026-03-09T11:00:00.000Z'); // Monday: 2 business hours on Friday + 1 on Monday waited
    const resumed = await patch(id, { waitingOnCustomer: false });
    expect(resumed.body.ticket).toMatchObject({
      waitingOnCustomer: false,
      firstResponseDueAt: '2026-03-09T12:00:00.000Z', // 1 h target + 3 h paused from Friday 16:00
      resolutionDueAt: '2026-03-09T15:00:00.000Z', // 4 h + 3 h
    });
  });

  it('a customer reply (tickets port) clears the flag and resumes the clocks, once', async () => {
    setClock('2026-03-10T10:00:00.000Z');
    const { id } = await t.createTicket({ severity: 'urgent' });
    await patch(id, { waitingOnCustomer: true });
    setClock('2026-03-10T10:30:00.000Z');
    const cleared = await t.db.transaction((tx) => clearWaitingOnCustomer(tx as unknown as Database, id, t.clock.now()));
    expect(cleared).toBe(true);
    expect(await t.db.transaction((tx) => clearWaitingOnCustomer(tx as unknown as Database, id, t.clock.now()))).toBe(false);
    const after = await getTicket(id);
    expect(after).toMatchObject({ waitingOnCustomer: false, firstResponseDueAt: '2026-03-10T11:30:00.000Z' });
    const rows = (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech.token })).body;
    expect(rows.filter((u) => u.updateType === 'waiting').map((u) => [u.newValue, u.updatedBy])).toEqual(
      expect.arrayContaining([['false', null], ['true', tech.id]]),
    );
  });

  it('the staff list carries the clock fields as the ticket presenter does', async () => {
    setClock('2026-03-11T10:00:00.000Z');
    const { id } = await t.createTicket({ severity: 'high' });
    const page = (await t.request<{ items: Ticket[] }>('GET', '/api/tickets/list?limit=200', { token: tech.token })).body;
    // A single-ticket read also lists its attachments, assets and checklist (the list pages do not).
    const { attachments, assetIds, checklist, ...one } = (await getTicket(id)) as Awaited<ReturnType<typeof getTicket>> & { assetIds: string[]; checklist: unknown[] };
    expect({ attachments, assetIds, checklist }).toEqual({ attachments: [], assetIds: [], checklist: [] });
    // The list carries the checklist's count instead (null without items).
    const { checklistProgress, ...listed } = page.items.find((x) => x.id === id) as Ticket & { checklistProgress: unknown };
    expect(checklistProgress).toBeNull();
    expect(listed).toEqual(one);
  });
});

describe('SLA policy (admin)', () => {
  it('starts with the default, refuses bad input, and applies a saved policy to new tickets', async () => {
    expect((await t.request<SlaPolicy>('GET', '/api/sla-policy', { token: tech.token })).body).toEqual(DEFAULT_SLA_POLICY);
    const bad = await t.request('PUT', '/api/sla-policy', { token: admin.token, body: { ...DEFAULT_SLA_POLICY, timeZone: 'Nowhere/Land' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const policy: SlaPolicy = { ...DEFAULT_SLA_POLICY, timeZone: 'America/New_York', businessHours: null, targets: { ...DEFAULT_SLA_POLICY.targets, urgent: { firstResponseMinutes: 30, resolutionMinutes: 120, allHours: false } } };
    expect((await t.request('PUT', '/api/sla-policy', { token: tech.token, body: policy })).status).toBe(403);
    const saved = await t.request<SlaPolicy>('PUT', '/api/sla-policy', { token: admin.token, body: policy });
    expect(saved.status).toBe(200);
    setClock('2026-03-14T23:00:00.000Z'); // Saturday: 24x7 counts it
    const { id } = await t.createTicket({ severity: 'urgent' });
    expect(await getTicket(id)).toMatchObject({ firstResponseDueAt: '2026-03-14T23:30:00.000Z', resolutionDueAt: '2026-03-15T01:00:00.000Z' });
    await t.request('PUT', '/api/sla-policy', { token: admin.token, body: DEFAULT_SLA_POLICY });
  });
});

describe('backfill (migration 0015 + start-up due times)', () => {
  it('fills first response and resolved times from the work history, then due times', async () => {
    setClock('2026-03-16T10:00:00.000Z');
    const { id } = await t.createTicket({ severity: 'low' });
    setClock('2026-03-16T10:20:00.000Z');
    await patch(id, { status: 'in_progress' });
    setClock('2026-03-16T13:00:00.000Z');
    await patch(id, { status: 'closed' });
    const before = await getTicket(id);
    await t.db.execute(sql`update support_tickets set first_response_at = null, resolved_at = null, first_response_due_at = null,
      resolution_due_at = null, first_response_warn_at = null, resolution_warn_at = null where id = ${id}`);
    const migration = fs.readFileSync(path.resolve(__dirname, '../../../drizzle/0015_sla.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Backfill')).split('--> statement-breakpoint');
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await backfillSlaDueTimes(t.db)).toBeGreaterThanOrEqual(1);
    expect(await getTicket(id)).toMatchObject({
      firstResponseAt: before.firstResponseAt,
      resolvedAt: before.resolvedAt,
      firstResponseDueAt: before.firstResponseDueAt,
      resolutionDueAt: before.resolutionDueAt,
    });
    expect(before.firstResponseAt).toBe('2026-03-16T10:20:00.000Z');
    expect(before.resolvedAt).toBe('2026-03-16T13:00:00.000Z');
  });
});

describe('time entries and the report', () => {
  it('records an entry once per Idempotency-Key, totals it per ticket and reports it per client and technician', async () => {
    setClock('2026-04-01T15:00:00.000Z');
    const { id } = await t.createTicket({ businessName: 'Report Co' });
    const key = randomUUID();
    const send = () => t.request('POST', `/api/tickets/${id}/time-entries`, { token: tech.token, body: { minutes: 25, billable: true, note: 'Timer' }, headers: { 'Idempotency-Key': key } });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ticketId: id, minutes: 25, billable: true, note: 'Timer', username: 'sla-tech' });
    expect((await send()).headers.get('idempotent-replayed')).toBe('true');
    await t.request('POST', `/api/tickets/${id}/time-entries`, { token: admin.token, body: { minutes: 10, billable: false } });
    const time = await t.request('GET', `/api/tickets/${id}/time-entries`, { token: tech.token });
    expect(time.body).toMatchObject({ totalMinutes: 35, billableMinutes: 25 });
    expect(time.body.entries).toHaveLength(2);

    const report = await t.request('GET', '/api/time-report?from=2026-04-01&to=2026-04-01', { token: tech.token });
    expect(report.body.rows.filter((r: { client: string }) => r.client === 'Report Co')).toEqual([
      { clientId: null, client: 'Report Co', technicianId: admin.id, technician: 'sla-admin', entries: 1, totalMinutes: 10, billableMinutes: 0 },
      { clientId: null, client: 'Report Co', technicianId: tech.id, technician: 'sla-tech', entries: 1, totalMinutes: 25, billableMinutes: 25 },
    ]);
    expect((await t.request('GET', '/api/time-report?from=2026-04-02&to=2026-04-30', { token: tech.token })).body.totalMinutes).toBe(0);
    const csv = await t.request('GET', '/api/time-report?from=2026-04-01&to=2026-04-01&format=csv', { token: tech.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')).toEqual(expect.arrayContaining([
      'Client,Technician,Entries,Total minutes,Billable minutes,Total hours,Billable hours',
      'Report Co,sla-tech,1,25,25,0.42,0.42',
    ]));
  });

  it("groups a linked ticket's time under its client object and filters by clientId (issue 50 item 7)", async () => {
    setClock('2026-04-10T15:00:00.000Z');
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: tech.token, body: { name: 'Figures Client Ltd' } })).body;
    const a = await t.createTicket({ businessName: 'Typed Name One' });
    const b = await t.createTicket({ businessName: 'Typed Name Two' });
    const loose = await t.createTicket({ businessName: 'Loose Co' });
    for (const id of [a.id, b.id]) expect((await patch(id, { clientId: client.id })).status).toBe(200);
    for (const [id, minutes, billable] of [[a.id, 30, true], [b.id, 15, false], [loose.id, 5, true]] as const) {
      expect((await t.request('POST', `/api/tickets/${id}/time-entries`, { token: tech.token, body: { minutes, billable } })).status).toBe(201);
    }
    const all = (await t.request('GET', '/api/time-report?from=2026-04-10&to=2026-04-10', { token: tech.token })).body;
    expect(all.rows).toEqual([
      { clientId: client.id, client: 'Figures Client Ltd', technicianId: tech.id, technician: 'sla-tech', entries: 2, totalMinutes: 45, billableMinutes: 30 },
      { clientId: null, client: 'Loose Co', technicianId: tech.id, technician: 'sla-tech', entries: 1, totalMinutes: 5, billableMinutes: 5 },
    ]);
    const one = (await t.request('GET', `/api/time-report?from=2026-04-10&to=2026-04-10&clientId=${client.id}`, { token: tech.token })).body;
    expect(one).toMatchObject({ totalMinutes: 45, billableMinutes: 30 });
    expect(one.rows).toHaveLength(1);
    const csv = await t.request('GET', `/api/time-report?from=2026-04-10&to=2026-04-10&clientId=${client.id}&format=csv`, { token: tech.token });
    expect(csv.text.split('\r\n')[1]).toBe('Figures Client Ltd,sla-tech,2,45,30,0.75,0.50');
    const bad = await t.request('GET', '/api/time-report?from=2026-04-10&to=2026-04-10&clientId=nope', { token: tech.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.clientId).toEqual(['clientId must be a client id']);
  });

  it('refuses bad input and unknown tickets, and changes nothing', async () => {
    const { id } = await t.createTicket();
    for (const body of [{ minutes: 0, billable: true }, { minutes: 1.5, billable: true }, { minutes: 30 }, { minutes: 2000, billable: false }]) {
      const res = await t.request('POST', `/api/tickets/${id}/time-entries`, { token: tech.token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await t.request('POST', `/api/tickets/${randomUUID()}/time-entries`, { token: tech.token, body: { minutes: 5, billable: true } })).status).toBe(404);
    expect((await t.request('GET', `/api/tickets/${id}/time-entries`, { token: tech.token })).body.totalMinutes).toBe(0);
    expect((await t.request('GET', '/api/time-report?from=2026-05-02&to=2026-05-01', { token: tech.token })).status).toBe(400);
  });
});

describe('SLA compliance', () => {
  it('counts met and breached targets per technician and severity, with the median first response', async () => {
    setClock('2026-06-01T10:00:00.000Z'); // Monday; urgent: response 1 h, resolution 4 h
    const fast = await t.createTicket({ severity: 'urgent' });
    const slow = await t.createTicket({ severity: 'urgent' });
    await t.createTicket({ severity: 'low' }); // never answered
    await patch(fast.id, { assignedTo: tech.id, status: 'in_progress' }); // responded at 10:00
    setClock('2026-06-01T10:30:00.000Z');
    await patch(fast.id, { status: 'resolved' });
    setClock('2026-06-01T12:00:00.000Z');
    await patch(slow.id, { assignedTo: tech.id }); // responded after 2 h: 1 h late
    setClock('2026-06-01T15:00:00.000Z');
    await patch(slow.id, { status: 'closed' }); // 5 h: resolution breached
    setClock('2026-06-20T10:00:00.000Z');
    const res = await t.request('GET', '/api/sla-compliance?from=2026-06-01&to=2026-06-01', { token: tech.token });
    expect(res.status).toBe(200);
    const row = (techId: string | null, severity: string | null) =>
      res.body.rows.find((r: { technicianId: string | null; severity: string | null; all: boolean }) => !r.all && r.technicianId === techId && r.severity === severity);
    expect(row(tech.id, 'urgent')).toMatchObject({ technician: 'sla-tech', tickets: 2, responseMet: 1, responseBreached: 1, resolutionMet: 1, resolutionBreached: 1, medianFirstResponseMinutes: 60 });
    expect(row(null, 'low')).toMatchObject({ tickets: 1, responseMet: 0, responseBreached: 1, resolutionBreached: 1, medianFirstResponseMinutes: null });
    expect(res.body.rows.find((r: { all: boolean }) => r.all)).toMatchObject({ tickets: 3, responseMet: 1, responseBreached: 2 });
    expect(res.body.clients).toEqual([]);
  });

  it('gives the figures per client object and of one client with clientId (issue 50 item 7)', async () => {
    setClock('2026-07-06T10:00:00.000Z'); // Monday; urgent: response 1 h
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: tech.token, body: { name: 'Compliance Client Co' } })).body;
    const mine = await t.createTicket({ severity: 'urgent' });
    const late = await t.createTicket({ severity: 'urgent' });
    await t.createTicket({ severity: 'urgent' }); // no client, never answered
    await patch(mine.id, { clientId: client.id, status: 'in_progress' }); // responded at once
    setClock('2026-07-06T13:00:00.000Z');
    await patch(late.id, { clientId: client.id }); // responded 3 h later: breached
    const all = (await t.request('GET', '/api/sla-compliance?from=2026-07-06&to=2026-07-06', { token: tech.token })).body;
    expect(all.clients).toEqual([
      { clientId: client.id, client: 'Compliance Client Co', tickets: 2, responseMet: 1, responseBreached: 1, resolutionMet: 0, resolutionBreached: 0, medianFirstResponseMinutes: 90 },
    ]);
    expect(all.rows.find((r: { all: boolean }) => r.all)).toMatchObject({ tickets: 3 });
    const one = (await t.request('GET', `/api/sla-compliance?from=2026-07-06&to=2026-07-06&clientId=${client.id}`, { token: tech.token })).body;
    expect(one.rows.find((r: { all: boolean }) => r.all)).toMatchObject({ tickets: 2, responseMet: 1, responseBreached: 1 });
    expect(one.clients).toHaveLength(1);
  });
});

describe("a person's day is capped (issue 55 defect 12)", () => {
  it('40 full-day entries on one ticket: only one day is accepted; the next day starts over', async () => {
    setClock('2026-05-05T08:00:00.000Z');
    const capTech = await t.loginAs('technician');
    const { id } = await t.createTicket();
    const { id: other } = await t.createTicket();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await t.request('POST', `/api/tickets/${id}/time-entries`, { token: capTech.token, body: { minutes: 1440, billable: true } })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    setClock('2026-05-05T20:00:00.000Z');
    const onOther = await t.request('POST', `/api/tickets/${other}/time-entries`, { token: capTech.token, body: { minutes: 1, billable: false } });
    expect(onOther.status).toBe(400);
    expect(onOther.body.fieldErrors.minutes).toEqual(['A day has 1440 minutes: you can record at most 0 more today.']);
    const time = await t.request('GET', `/api/tickets/${id}/time-entries`, { token: capTech.token });
    expect(time.body.totalMinutes).toBe(1440);
    setClock('2026-05-06T00:00:01.000Z');
    expect((await t.request('POST', `/api/tickets/${other}/time-entries`, { token: capTech.token, body: { minutes: 600, billable: false } })).status).toBe(201);
  });
});
