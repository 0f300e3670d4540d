/**
 * Applying a macro is ONE ticket update (issue 51): PATCH /api/tickets/:id with `macroId`, the
 * fields the phone reviewed and the macro's time entry; one history group naming the macro, the
 * merge rule, exactly once with an Idempotency-Key, and the customer's e-mail with the variables
 * (status link included) filled; every variable filled on the server and nothing else reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { REPLY_VARIABLES, applyMacroToValues, renderReply, replyContextFor, ticketEditDefaults, ticketUpdateDraft } from '@portal/shared';
import type { Macro, Ticket, TicketConflictBody, TicketPatchResult, TicketTime, TicketUpdateEntry } from '@portal/shared';
import type { TestUser } from '../../test/app';
import { TEST_PUBLIC_URL, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';

let h: NotifyTestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };
let onSite: Macro;

beforeAll(async () => {
  h = await startNotifyTestApp();
  tech = await h.t.loginAs('technician', { username: 'alice' });
  admin = await h.t.loginAs('admin', { username: 'macro-admin' });
  onSite = (await h.t.request<Macro[]>('GET', '/api/macros', { token: tech.token })).body.find((m) => m.name === 'Resolved on site')!;
});
afterAll(() => h.close());

const patch = (id: string, body: unknown, token = tech.token, key?: string) =>
  h.t.request<TicketPatchResult>('PATCH', `/api/tickets/${id}`, { token, body, headers: key ? { 'idempotency-key': key } : undefined });
const ticketOf = async (id: string) => (await h.t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech.token })).body;
const historyOf = async (id: string) => (await h.t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech.token })).body;
const timeOf = async (id: string) => (await h.t.request<TicketTime>('GET', `/api/tickets/${id}/time-entries`, { token: tech.token })).body;

/** The update the phone sends for `macro` on `ticket`, as the Update Ticket panel builds it. */
function macroUpdate(ticket: Ticket, macro: Macro) {
  const ctx = replyContextFor({ ticket, technician: { name: tech.username }, supportPhone: '(555) 123-4567' });
  const values = applyMacroToValues(ticketEditDefaults(ticket), macro.actions, (text) => renderReply(text, ctx), tech.id);
  const draft = ticketUpdateDraft(ticket, values)!;
  return { ...draft.payload.patch, macroId: macro.id, ...(macro.actions.timeEntry ? { timeEntry: macro.actions.timeEntry } : {}) };
}

describe('PATCH /api/tickets/:id with macroId', () => {
  it('applies "Resolved on site" once: one history group naming it, 30 billable minutes, the e-mail filled', async () => {
    const created = await h.t.createTicket({ clientName: 'Dana Smith', customerEmail: 'dana@customer.test' });
    const ticket = await ticketOf(created.id);
    const body = macroUpdate(ticket, onSite);
    expect(body.comment).toContain('Hi Dana,');
    expect(body.comment).toContain('{{ticket.statusLink}}');
    const key = randomUUID();
    const res = await patch(ticket.id, body, tech.token, key);
    expect(res.status, res.text).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'resolved', resolution: 'Resolved on site.', version: 2 });
    expect(res.body.updates.map((u) => [u.updateType, u.macro?.name])).toEqual([
      ['status_change', 'Resolved on site'],
      ['resolution', 'Resolved on site'],
      ['comment', 'Resolved on site'],
    ]);
    expect(res.body.timeEntry).toMatchObject({ minutes: 30, billable: true, note: 'Resolved on site', username: 'alice' });
    // The phone retries after a lost answer: the same key changes nothing more.
    const replay = await patch(ticket.id, body, tech.token, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await timeOf(ticket.id)).entries).toHaveLength(1);
    expect((await historyOf(ticket.id)).filter((u) => u.macro?.id === onSite.id)).toHaveLength(3);

    await h.t.notifier.dispatcher.runOnce();
    const mails = h.smtp.to('dana@customer.test').filter((m) => m.subject === `Update on your ticket ${ticket.ticketNumber}`);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.decoded.split('Content-Type: text/html')[0]!;
    expect(text).toContain('Hi Dana,');
    expect(text).toMatch(new RegExp(`follow your ticket here: ${TEST_PUBLIC_URL}/status/[A-Za-z0-9_-]{43}`));
    expect(text).not.toContain('{{');
    expect(text).toContain('alice');
  });

  it('refuses a macro that resolves without a resolution, and an unknown macro; nothing changes', async () => {
    const bare = (await h.t.request<Macro>('POST', '/api/macros', { token: tech.token, body: { name: 'Just resolve', actions: { status: 'resolved', timeEntry: { minutes: 5, billable: false } } } })).body;
    const ticket = await ticketOf((await h.t.createTicket()).id);
    const res = await patch(ticket.id, macroUpdate(ticket, bare));
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toBe('Just resolve sets the status to Resolved, which needs a resolution. Write one in Resolution, then Update Ticket.');
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'open', version: 1 });
    expect((await timeOf(ticket.id)).entries).toEqual([]);
    // With a resolution typed in the panel it goes.
    expect((await patch(ticket.id, { ...macroUpdate(ticket, bare), resolution: 'Printer replaced' })).status).toBe(200);

    const other = await ticketOf((await h.t.createTicket()).id);
    const unknown = await patch(other.id, { comment: 'x', macroId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as { message: string }).message).toBe('Macro not found');
    // Someone else's personal macro is unknown too.
    const adminsOwn = (await h.t.request<Macro>('POST', '/api/macros', { token: admin.token, body: { name: 'Mine', actions: { severity: 'high' } } })).body;
    expect((await patch(other.id, { severity: 'high', macroId: adminsOwn.id })).status).toBe(400);
    expect((await ticketOf(other.id)).version).toBe(1);
  });

  it('goes through the merge rule: merged when nothing clashes, 409 with nothing applied when the status changed meanwhile', async () => {
    const ticket = await ticketOf((await h.t.createTicket()).id);
    const queued = macroUpdate(ticket, onSite); // made offline against version 1
    // Meanwhile someone else assigns it: no clash, the macro merges.
    expect((await patch(ticket.id, { assignedTo: admin.id, baseVersion: 1 }, admin.token)).status).toBe(200);
    const merged = await patch(ticket.id, queued);
    expect(merged.status).toBe(200);
    expect(merged.body.ticket).toMatchObject({ status: 'resolved', assignedTo: admin.id, version: 3 });

    const second = await ticketOf((await h.t.createTicket()).id);
    const stale = macroUpdate(second, onSite);
    expect((await patch(second.id, { status: 'closed', resolution: 'Duplicate', baseVersion: 1 }, admin.token)).status).toBe(200);
    const clash = await patch(second.id, stale);
    expect(clash.status).toBe(409);
    expect((clash.body as unknown as TicketConflictBody).conflicts).toEqual(['status', 'resolution']);
    expect((await timeOf(second.id)).entries).toEqual([]);
    expect((await historyOf(second.id)).some((u) => u.macro)).toBe(false);
  });

  it('fills every variable in the customer\'s e-mail on the server; a note, the issue and a vault secret stay unreachable', async () => {
    // A vault entry for the same business, and an internal note on the ticket: nothing may leak into the reply.
    const vault = await h.t.request('POST', '/api/vault', { token: tech.token, body: { businessName: 'Acme Dental', wifiPassword: 'wifi-SECRET-51' } });
    expect(vault.status, vault.text).toBe(201);
    const created = await h.t.createTicket({ clientName: 'Dana Smith', businessName: 'Acme Dental', customerEmail: 'vars@customer.test', issue: 'ISSUE-TEXT-51: the scanner is offline.' });
    expect((await patch(created.id, { comment: 'NOTE-51: door code 4711' })).status).toBe(200);
    // Every variable left in the text as typed (the phone fills them; the server fills what is left).
    const every = REPLY_VARIABLES.map((v) => `${v}=[{{${v}}}]`).join('\n');
    expect((await patch(created.id, { comment: every, reply: true })).status).toBe(200);
    // Probes that are not variables: sent as typed, never rendered.
    const probes = '{{vault.wifiPassword}} {{ticket.internalNotes}} {{#ticket}}{{issue}}{{/ticket}} {{constructor}}';
    expect((await patch(created.id, { comment: probes, reply: true })).status).toBe(200);
    await h.t.notifier.dispatcher.runOnce();
    const texts = h.smtp.to('vars@customer.test').filter((m) => m.subject.startsWith('Update on your ticket')).map((m) => m.decoded.split('Content-Type: text/html')[0]!);
    const filled = texts.find((t) => t.includes('contact.firstName='))!;
    const phone = h.t.config.supportPhone;
    for (const line of [
      'contact.firstName=[Dana]',
      'contact.name=[Dana Smith]',
      'client.name=[Acme Dental]',
      `ticket.number=[${created.ticketNumber}]`,
      'technician.name=[alice]',
      `technician.phone=[${phone}]`,
      `support.phone=[${phone}]`,
    ]) expect(filled).toContain(line);
    expect(filled).toMatch(new RegExp(`ticket\\.statusLink=\\[${TEST_PUBLIC_URL}/status/[A-Za-z0-9_-]{43}\\]`));
    const probed = texts.find((t) => t.includes('{{vault.wifiPassword}}'))!;
    expect(probed).toContain(probes);
    for (const t of texts) for (const secret of ['wifi-SECRET-51', 'NOTE-51', 'ISSUE-TEXT-51']) expect(t).not.toContain(secret);
  });

  it('"Waiting for parts" writes an internal note the customer is never e-mailed', async () => {
    const parts = (await h.t.request<Macro[]>('GET', '/api/macros', { token: tech.token })).body.find((m) => m.name === 'Waiting for parts')!;
    const ticket = await ticketOf((await h.t.createTicket({ customerEmail: 'parts@customer.test' })).id);
    const res = await patch(ticket.id, macroUpdate(ticket, parts));
    expect(res.status).toBe(200);
    expect(res.body.updates.map((u) => [u.updateType, u.reply, u.macro?.name])).toEqual([
      ['status_change', false, 'Waiting for parts'],
      ['comment', false, 'Waiting for parts'],
    ]);
    expect(res.body.timeEntry).toBeUndefined();
    await h.t.notifier.dispatcher.runOnce();
    const mail = h.smtp.to('parts@customer.test').find((m) => m.subject.startsWith('Update on your ticket'))!;
    expect(mail.decoded).not.toContain('Waiting for parts: ordered');
  });
});
