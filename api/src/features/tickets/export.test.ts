import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_EXPORT_COLUMNS } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.loginAs('technician', { username: 'export-tech' })).token;
});
afterAll(() => t.close());

const exportCsv = (query: string, as = token) => t.request('GET', `/api/tickets/export.csv?${query}`, { token: as });

describe('GET /api/tickets/export.csv', () => {
  it('exports the tickets created in the date range as CSV, oldest first, formula cells defused', async () => {
    const day = (iso: string) => (t.clock.current = new Date(iso));
    day('2026-03-01T23:59:00.000Z');
    const before = await t.createTicket({ clientName: 'Before Range' });
    day('2026-03-02T00:00:00.000Z');
    const first = await t.createTicket({ clientName: '=HYPERLINK("x")', businessName: 'Acme, "Intl"', severity: 'urgent' });
    day('2026-03-03T23:59:59.000Z');
    const last = await t.createTicket({ clientName: 'Last Day' });
    day('2026-03-04T00:00:00.000Z');
    await t.createTicket({ clientName: 'After Range' });
    await t.request('PATCH', `/api/tickets/${first.id}`, { token, body: { assignedTo: (await t.request('GET', '/api/auth/me', { token })).body.user.id } });

    const res = await exportCsv('from=2026-03-02&to=2026-03-03');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tickets-2026-03-02-to-2026-03-03.csv"');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(TICKET_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(first.ticketNumber);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"Acme, ""Intl"""');
    expect(lines[1]).toContain(',Urgent,');
    expect(lines[1]).toContain(',export-tech,');
    expect(lines[2]).toContain(last.ticketNumber);
    expect(res.text).not.toContain(before.ticketNumber);
  });

  it("names the ticket's client account and filters by clientId (issue 50)", async () => {
    t.clock.current = new Date('2026-04-01T10:00:00.000Z');
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token, body: { name: 'Export Client Co' } })).body;
    const linked = await t.createTicket({ clientName: 'Linked Person' });
    const other = await t.createTicket({ clientName: 'Other Person' });
    await t.request('PATCH', `/api/tickets/${linked.id}`, { token, body: { clientId: client.id } });
    const all = (await exportCsv('from=2026-04-01&to=2026-04-01')).text;
    expect(all).toContain(',Export Client Co,');
    const only = (await exportCsv(`from=2026-04-01&to=2026-04-01&clientId=${client.id}`)).text;
    expect(only).toContain(linked.ticketNumber);
    expect(only).not.toContain(other.ticketNumber);
  });

  it("lists the ticket's tags in a 'Tags' column and filters by tag, ignoring case (issue 57)", async () => {
    t.clock.current = new Date('2026-05-01T10:00:00.000Z');
    const admin = (await t.loginAs('admin', { username: 'export-admin' })).token;
    const tagged = await t.createTicket({ clientName: 'Tagged Person' });
    const plain = await t.createTicket({ clientName: 'Plain Person' });
    expect((await t.request('PATCH', `/api/tickets/${tagged.id}`, { token: admin, body: { tagsAdd: ['vpn', 'Onsite'] } })).status).toBe(200);
    const rows = (await exportCsv('from=2026-05-01&to=2026-05-01')).text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(rows[0]!.split(',').at(-1)).toBe('Tags');
    expect(rows.find((l) => l.includes(tagged.ticketNumber))!.endsWith(',"Onsite, vpn"')).toBe(true);
    expect(rows.find((l) => l.includes(plain.ticketNumber))!.endsWith(',0,')).toBe(true);
    const only = (await exportCsv('from=2026-05-01&to=2026-05-01&tag=ONSITE')).text;
    expect(only).toContain(tagged.ticketNumber);
    expect(only).not.toContain(plain.ticketNumber);
    expect((await exportCsv('from=2026-05-01&to=2026-05-01&tag=nobody')).text.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await exportCsv(`from=2026-05-01&to=2026-05-01&tag=${'x'.repeat(41)}`)).status).toBe(400);
  });

  it('refuses a bad range with 400 and a user with 403', async () => {
    for (const q of ['from=2026-03-05&to=2026-03-01', 'from=2025-01-01&to=2026-03-01', 'from=yesterday&to=2026-03-01', 'to=2026-03-01']) {
      const res = await exportCsv(q);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed' });
    }
    const user = await t.loginAs('user', { username: 'export-user' });
    expect((await exportCsv('from=2026-03-01&to=2026-03-02', user.token)).status).toBe(403);
  });
});
