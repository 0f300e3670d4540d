/**
 * Time & Billing (issue 57 item 1) over HTTP on PGlite or PostgreSQL: the drill-down entries of a range
 * (a technician sees only their own), the generic and invoice-lines CSVs (columns and values), marking
 * one client's range invoiced (who and when; already invoiced entries kept; other clients untouched),
 * an edit of a locked entry refused with the clear message and nothing changed, an open one edited,
 * and bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { BillingEntries, BillingInvoicedResult } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let other: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician', { username: 'bill-tech' });
  other = await t.loginAs('technician', { username: 'bill-other' });
  admin = await t.loginAs('admin', { username: 'bill-admin' });
});
afterAll(() => t.close());

const setClock = (iso: string) => {
  t.clock.current = new Date(iso);
};
const log = (token: string, ticketId: string, minutes: number, billable: boolean, note?: string) =>
  t.request<{ id: string }>('POST', `/api/tickets/${ticketId}/time-entries`, { token, body: { minutes, billable, ...(note ? { note } : {}) } });
const entries = async (token: string, query: string) => (await t.request<BillingEntries>('GET', `/api/time-report/entries?${query}`, { token })).body;

describe('Time & Billing (issue 57 item 1)', () => {
  it('drill-down, both CSVs, mark invoiced, locked edit refused', async () => {
    setClock('2026-10-05T10:00:00.000Z');
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: admin.token, body: { name: 'Billing Client Ltd' } })).body;
    const linked = await t.createTicket({ businessName: 'Typed Name' });
    expect((await t.request('PATCH', `/api/tickets/${linked.id}`, { token: tech.token, body: { clientId: client.id } })).status).toBe(200);
    const loose = await t.createTicket({ businessName: 'Loose Bakery' });
    const a = (await log(tech.token, linked.id, 90, true, 'Replaced the switch')).body;
    setClock('2026-10-06T10:00:00.000Z');
    const b = (await log(other.token, linked.id, 30, false, 'Travel')).body;
    setClock('2026-10-06T11:00:00.000Z');
    const c = (await log(tech.token, loose.id, 45, true, '=SUM(A1)')).body;

    const all = await entries(admin.token, 'from=2026-10-01&to=2026-10-31');
    expect(all.truncated).toBe(false);
    expect(all.entries.map((e) => [e.ticketNumber, e.client, e.technician, e.minutes, e.billable, e.invoicedAt])).toEqual([
      [linked.ticketNumber, 'Billing Client Ltd', 'bill-tech', 90, true, null],
      [linked.ticketNumber, 'Billing Client Ltd', 'bill-other', 30, false, null],
      [loose.ticketNumber, 'Loose Bakery', 'bill-tech', 45, true, null],
    ]);
    // A technician sees only their own entries, whatever technicianId says.
    expect((await entries(other.token, `from=2026-10-01&to=2026-10-31&technicianId=${tech.id}`)).entries.map((e) => e.id)).toEqual([b.id]);
    expect((await entries(admin.token, `from=2026-10-01&to=2026-10-31&clientId=${client.id}`)).entries.map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await entries(admin.token, 'from=2026-10-01&to=2026-10-31&client=Loose%20Bakery')).entries.map((e) => e.id)).toEqual([c.id]);

    const generic = await t.request('GET', '/api/time-report/entries?from=2026-10-01&to=2026-10-31&format=csv', { token: admin.token });
    expect(generic.headers.get('content-disposition')).toContain('time-entries-2026-10-01-to-2026-10-31.csv');
    expect(generic.text.split('\r\n').slice(0, 4)).toEqual([
      'Date,Ticket,Client,Technician,Minutes,Hours,Billable,Note,Invoiced at,Invoiced by',
      `2026-10-05,${linked.ticketNumber},Billing Client Ltd,bill-tech,90,1.50,yes,Replaced the switch,,`,
      `2026-10-06,${linked.ticketNumber},Billing Client Ltd,bill-other,30,0.50,no,Travel,,`,
      `2026-10-06,${loose.ticketNumber},Loose Bakery,bill-tech,45,0.75,yes,'=SUM(A1),,`,
    ]);
    const invoice = await t.request('GET', '/api/time-report/entries?from=2026-10-01&to=2026-10-31&format=invoice&rate=80', { token: admin.token });
    expect(invoice.headers.get('content-disposition')).toContain('invoice-lines-2026-10-01-to-2026-10-31.csv');
    expect(invoice.text.split('\r\n').slice(0, 4)).toEqual([
      'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Description,Quantity,UnitAmount,LineAmount,ServiceDate',
      `Billing Client Ltd,TB-20261031-1,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${linked.ticketNumber}: Replaced the switch (bill-tech),1.50,80.00,120.00,2026-10-05`,
      `Loose Bakery,TB-20261031-2,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${loose.ticketNumber}: =SUM(A1) (bill-tech),0.75,80.00,60.00,2026-10-06`,
      '',
    ]);

    // Mark the linked client's October invoiced: its two entries lock; the loose one stays open.
    expect((await t.request('POST', '/api/time-report/invoiced', { token: tech.token, body: { from: '2026-10-01', to: '2026-10-31', clientId: client.id } })).status).toBe(403);
    setClock('2026-11-02T09:00:00.000Z');
    const marked = await t.request<BillingInvoicedResult>('POST', '/api/time-report/invoiced', { token: admin.token, body: { from: '2026-10-01', to: '2026-10-31', clientId: client.id } });
    expect(marked.body).toEqual({ locked: 2, alreadyInvoiced: 0, visitsLocked: 0, invoicedAt: '2026-11-02T09:00:00.000Z', invoicedBy: 'bill-admin' });
    const again = await t.request<BillingInvoicedResult>('POST', '/api/time-report/invoiced', { token: admin.token, body: { from: '2026-10-01', to: '2026-10-31', clientId: client.id } });
    expect(again.body).toMatchObject({ locked: 0, alreadyInvoiced: 2 });
    const after = await entries(admin.token, 'from=2026-10-01&to=2026-10-31');
    expect(after.entries.map((e) => [e.id, e.invoicedAt, e.invoicedBy])).toEqual([
      [a.id, '2026-11-02T09:00:00.000Z', 'bill-admin'],
      [b.id, '2026-11-02T09:00:00.000Z', 'bill-admin'],
      [c.id, null, null],
    ]);

    const refused = await t.request('PATCH', `/api/time-entries/${a.id}`, { token: admin.token, body: { minutes: 60 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This time entry was invoiced on 2026-11-02 by bill-admin and is locked: it can no longer be changed.');
    expect((await entries(admin.token, `from=2026-10-01&to=2026-10-31&clientId=${client.id}`)).entries[0]!.minutes).toBe(90);

    const edited = await t.request('PATCH', `/api/time-entries/${c.id}`, { token: tech.token, body: { minutes: 50, note: 'Router reset' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: c.id, minutes: 50, billable: true, note: 'Router reset', username: 'bill-tech' });
    // Another technician's entry is not theirs to edit.
    expect((await t.request('PATCH', `/api/time-entries/${c.id}`, { token: other.token, body: { minutes: 5 } })).status).toBe(404);
    expect((await t.request('PATCH', `/api/time-entries/${randomUUID()}`, { token: admin.token, body: { minutes: 5 } })).status).toBe(404);
  });

  it('refuses bad input and changes nothing', async () => {
    for (const q of ['from=2026-10-05&to=2026-10-01', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-06-01', 'from=2026-10-01&to=2026-10-31&format=pdf', 'from=2026-10-01&to=2026-10-31&rate=-3']) {
      expect((await t.request('GET', `/api/time-report/entries?${q}`, { token: admin.token })).status).toBe(400);
    }
    for (const body of [{ from: '2026-10-01', to: '2026-10-31' }, { from: '2026-10-01', to: '2026-10-31', clientId: randomUUID(), client: 'Both' }, { from: 'x', to: '2026-10-31', client: 'A' }]) {
      expect((await t.request('POST', '/api/time-report/invoiced', { token: admin.token, body })).status).toBe(400);
    }
    const { id } = await t.createTicket();
    const entry = (await log(tech.token, id, 10, true)).body;
    for (const body of [{}, { minutes: 0 }, { minutes: 1441 }, { billable: 'yes' }]) {
      expect((await t.request('PATCH', `/api/time-entries/${entry.id}`, { token: tech.token, body })).status).toBe(400);
    }
    expect((await t.request('GET', `/api/tickets/${id}/time-entries`, { token: tech.token })).body.entries[0]).toMatchObject({ minutes: 10, billable: true });
  });
});
