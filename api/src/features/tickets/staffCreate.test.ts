/**
 * POST /api/tickets/staff (issue 51): a ticket staff open for a caller, through the public create's
 * path: numbered, assigned (me by default), authored by them, the customer's confirmation sent once
 * (or not at all with "Do not notify the customer"), exactly once per Idempotency-Key; linked to
 * the client and contact picked on New Ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Ticket, TicketCreated, TicketCounts, TicketUpdateEntry } from '@portal/shared';
import type { TestUser } from '../../test/app';
import { allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';

let h: NotifyTestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  h = await startNotifyTestApp();
  tech = await h.t.loginAs('technician', { username: 'staff-tech' });
  admin = await h.t.loginAs('admin', { username: 'staff-admin' });
});
afterAll(() => h.close());

const form = (over: Record<string, unknown> = {}) => ({
  clientName: 'Walk In',
  businessName: 'Corner Shop',
  customerEmail: `${randomUUID().slice(0, 8)}@customer.test`,
  customerPhone: '+1 555 0142',
  severity: 'medium',
  contactMethod: 'email',
  issue: 'Till printer prints blank receipts.',
  ...over,
});
const create = (body: unknown, token = tech.token, key?: string) =>
  h.t.request<TicketCreated>('POST', '/api/tickets/staff', { token, body, headers: key ? { 'idempotency-key': key } : undefined });
const ticketOf = async (id: string) => (await h.t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech.token })).body;

describe('POST /api/tickets/staff', () => {
  it('creates a numbered ticket assigned to the caller, authored by them, confirmed to the customer once', async () => {
    const before = (await h.t.request<TicketCounts>('GET', '/api/tickets/counts?assignee=mine', { token: tech.token })).body;
    const body = form();
    const key = randomUUID();
    const res = await create(body, tech.token, key);
    expect(res.status, res.text).toBe(201);
    expect(res.body.ticketNumber).toMatch(/^TKT-\d{6}$/);
    expect(res.body).not.toHaveProperty('statusUrl');
    const again = await create(body, tech.token, key);
    expect(again.body).toEqual(res.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    expect(await ticketOf(res.body.id)).toMatchObject({ status: 'open', assignedTo: tech.id, version: 1, clientName: 'Walk In' });
    const history = (await h.t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${res.body.id}`, { token: tech.token })).body;
    expect(history.map((u) => [u.updateType, u.updatedByName])).toEqual([['created', 'staff-tech']]);
    const after = (await h.t.request<TicketCounts>('GET', '/api/tickets/counts?assignee=mine', { token: tech.token })).body;
    expect(after.open).toBe(before.open + 1);

    const jobs = (await allJobs(h.t.db)).filter((j) => j.ticketId === res.body.id);
    expect(jobs.filter((j) => j.kind === 'customer_confirmation').map((j) => j.recipient)).toEqual([body.customerEmail]);
    await h.t.notifier.dispatcher.runOnce();
    const mails = h.smtp.to(body.customerEmail);
    expect(mails.map((m) => m.subject)).toEqual([`We received your support request - ticket ${res.body.ticketNumber}`]);
    expect(mails[0]!.decoded).toContain('Follow your ticket and reply');
  });

  it('sends the customer nothing with "Do not notify the customer", and assigns as asked', async () => {
    const body = form({ notifyCustomer: false, severity: 'urgent', contactMethod: 'text', assignee: 'unassigned' });
    const res = await create(body, admin.token);
    expect(res.status).toBe(201);
    expect((await ticketOf(res.body.id)).assignedTo).toBeNull();
    const kinds = (await allJobs(h.t.db)).filter((j) => j.ticketId === res.body.id).map((j) => j.kind);
    expect(kinds).not.toContain('customer_confirmation');
    expect(kinds).not.toContain('customer_sms');
    const other = await create(form({ assignee: tech.id }), admin.token);
    expect((await ticketOf(other.body.id)).assignedTo).toBe(tech.id);
  });

  it('refuses bad input with the form\'s messages and changes nothing', async () => {
    const bad = await create(form({ clientName: '', issue: 'short' }));
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors).toMatchObject({ clientName: ['Name is required'], issue: ['Please provide a detailed description of the issue'] });
    const user = await h.t.createUser('user');
    const notStaff = await create(form({ assignee: user.id }));
    expect(notStaff.status).toBe(400);
    expect((await create(form({ assignee: 'someone' }))).status).toBe(400);
    const customer = await h.t.loginAs('user');
    expect((await create(form(), customer.token)).status).toBe(403);
    expect((await h.t.request('POST', '/api/tickets/staff', { body: form() })).status).toBe(401);
  });

  it('links the picked client and contact (the e-mail matching leaves them), and refuses a contact of another client', async () => {
    const post = async <T,>(url: string, body: unknown) => (await h.t.request<T>('POST', url, { token: tech.token, body })).body;
    const acme = await post<{ id: string }>('/api/clients', { name: `Acme ${randomUUID().slice(0, 6)}` });
    const other = await post<{ id: string }>('/api/clients', { name: `Other ${randomUUID().slice(0, 6)}` });
    const email = `${randomUUID().slice(0, 8)}@customer.test`;
    const dana = await post<{ id: string }>(`/api/clients/${acme.id}/contacts`, { name: 'Dana Caller', email: 'dana@acme.test' });
    // A contact of the other client has the ticket's e-mail: matching alone would pick it.
    await post(`/api/clients/${other.id}/contacts`, { name: 'Same Mail', email });
    const res = await create(form({ customerEmail: email, clientId: acme.id, contactId: dana.id }));
    expect(res.status, res.text).toBe(201);
    expect(await ticketOf(res.body.id)).toMatchObject({ clientId: acme.id, contactId: dana.id, siteId: null });

    const unlinked = await create(form({ clientName: 'No Card Yet', customerEmail: `${randomUUID().slice(0, 8)}@free-text.test` }));
    expect(await ticketOf(unlinked.body.id)).toMatchObject({ clientId: null, contactId: null, clientName: 'No Card Yet' });

    const wrong = await create(form({ clientId: other.id, contactId: dana.id }));
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.body as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(['contactId']);
    expect((await create(form({ clientId: randomUUID() }))).status).toBe(404);
    expect((await create(form({ clientId: 'nope' }))).status).toBe(400);
  });
});
