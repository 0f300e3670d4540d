/**
 * Ticket checklists and templates over HTTP against a real database (issue 52 items 1, 2, 7, 8):
 * items on ticket reads and the delta feed, each change in the work history with who and when,
 * Resolve/Close refused while required items are open (exact, pluralised message), merge by time,
 * Idempotency-Key applied once, an item of another ticket refused with nothing changed, two
 * technicians ticking different items, template CRUD and roles.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_MSG, type ChecklistItem, type ChecklistTemplate, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
let tech2 = '';
let admin = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician', { username: 'tina' })).token;
  tech2 = (await t.loginAs('technician', { username: 'theo' })).token;
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and items alike
const call = <T = any>(method: string, path: string, body?: unknown, token = tech, headers?: Record<string, string>) => t.request<T>(method, path, { token, body, headers });
const add = async (ticketId: string, text: string, required = false) => {
  const res = await call<ChecklistItem>('POST', `/api/tickets/${ticketId}/checklist`, { text, required });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const tick = (ticketId: string, itemId: string, body: Record<string, unknown>, token = tech, headers?: Record<string, string>) =>
  call<ChecklistItem & { message?: string }>('PATCH', `/api/tickets/${ticketId}/checklist/${itemId}`, body, token, headers);
const history = async (ticketId: string) => (await call<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${ticketId}`)).body.filter((u) => u.updateType === 'checklist');
const ticket = async (id: string) => (await call<Ticket>('GET', `/api/tickets/${id}`)).body;

describe('ticket checklists', () => {
  it('adds items, ticks them with who and when, records each change in the work history, and shows the checklist on reads', async () => {
    const { id } = await t.createTicket();
    expect((await ticket(id)).checklist).toEqual([]);
    const a = await add(id, 'Check backups', true);
    const b = await add(id, 'Clean fans');
    expect(a).toMatchObject({ text: 'Check backups', required: true, done: false, doneBy: null, doneAt: null });
    const ticked = await tick(id, a.id, { done: true });
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.body).toMatchObject({ done: true, doneBy: 'tina', doneAt: t.clock.now().toISOString() });
    const read = await ticket(id);
    expect(read.checklist!.map((i) => [i.text, i.done])).toEqual([['Check backups', true], ['Clean fans', false]]);
    expect(read.version).toBe(4);
    expect((await history(id)).map((h) => [h.newValue, h.updatedByName]).reverse()).toEqual([
      ['Added "Check backups" (required)', 'tina'],
      ['Added "Clean fans"', 'tina'],
      ['Ticked "Check backups"', 'tina'],
    ]);
    const edited = await tick(id, b.id, { text: 'Clean fans and filters', required: true });
    expect(edited.body).toMatchObject({ text: 'Clean fans and filters', required: true, done: false });
    expect((await history(id))[0]!.newValue).toBe('Made "Clean fans and filters" required');
    const feed = await call<{ items: Ticket[] }>('GET', '/api/tickets?since=0');
    expect(feed.body.items.find((x) => x.id === id)!.checklist!.map((i) => i.text)).toEqual(['Check backups', 'Clean fans and filters']);
  });

  it('refuses Resolved and Closed while required items are open, with the pluralised message, then accepts', async () => {
    const { id } = await t.createTicket();
    const a = await add(id, 'Patch server', true);
    const b = await add(id, 'Reboot', true);
    await add(id, 'Optional note');
    const resolve = () => call('PATCH', `/api/tickets/${id}`, { status: 'resolved', resolution: 'Done' });
    const two = await resolve();
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ message: '2 required checklist items are still open', fieldErrors: { status: ['2 required checklist items are still open'] } });
    expect((await ticket(id)).status).toBe('open');
    await tick(id, a.id, { done: true });
    const closed = await call('PATCH', `/api/tickets/${id}`, { status: 'closed' });
    expect(closed.body.message).toBe('1 required checklist item is still open');
    const before = await ticket(id);
    expect(before.status).toBe('open');
    await tick(id, b.id, { done: true });
    const ok = await resolve();
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.ticket.status).toBe('resolved');
  });

  it('merges ticks of one item by time: an older untick arriving late does not undo a newer tick', async () => {
    const { id } = await t.createTicket();
    const a = await add(id, 'Swap toner', true);
    const t0 = t.clock.now().getTime();
    t.clock.advance(60_000);
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    expect((await tick(id, a.id, { done: true, at: at(30_000) })).body.done).toBe(true);
    const late = await tick(id, a.id, { done: false, at: at(10_000) }, tech2);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ done: true, doneBy: 'tina' });
    expect((await tick(id, a.id, { done: false, at: at(50_000) }, tech2)).body.done).toBe(false);
    // A phone clock ahead of the server's counts as now, never later.
    expect((await tick(id, a.id, { done: true, at: new Date(t0 + 3_600_000).toISOString() })).body).toMatchObject({ done: true, doneAt: t.clock.now().toISOString() });
    expect((await history(id)).map((h) => h.newValue)).toEqual(['Ticked "Swap toner"', 'Unticked "Swap toner"', 'Ticked "Swap toner"', 'Added "Swap toner" (required)']);
  });

  it('two technicians ticking different items of one ticket both land; a replayed Idempotency-Key applies once', async () => {
    const { id } = await t.createTicket();
    const a = await add(id, 'One');
    const b = await add(id, 'Two');
    const [r1, r2] = await Promise.all([tick(id, a.id, { done: true }), tick(id, b.id, { done: true }, tech2)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect((await ticket(id)).checklist!.map((i) => [i.done, i.doneBy])).toEqual([[true, 'tina'], [true, 'theo']]);
    const key = randomUUID();
    const first = await tick(id, a.id, { done: false }, tech, { 'Idempotency-Key': key });
    const again = await tick(id, a.id, { done: false }, tech, { 'Idempotency-Key': key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await history(id)).filter((h) => h.newValue === 'Unticked "One"')).toHaveLength(1);
  });

  it('an item added with an id made on the phone lands once: a resend answers it (200), a tick of it works, the id of another ticket is refused', async () => {
    const { id } = await t.createTicket();
    const itemId = randomUUID();
    const first = await call<ChecklistItem>('POST', `/api/tickets/${id}/checklist`, { id: itemId, text: 'Replace toner', required: true });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ id: itemId, text: 'Replace toner', required: true, done: false });
    const again = await call<ChecklistItem>('POST', `/api/tickets/${id}/checklist`, { id: itemId, text: 'Replace toner', required: true });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(itemId);
    // The tick was made on the phone right after the add, before the add reached the server: it applies.
    const tapped = new Date(t.clock.now().getTime() - 60_000).toISOString();
    expect((await tick(id, itemId, { done: true, at: tapped })).body).toMatchObject({ done: true, doneBy: 'tina', doneAt: tapped });
    expect((await ticket(id)).checklist!.map((i) => i.id)).toEqual([itemId]);
    expect((await history(id)).map((h) => h.newValue).reverse()).toEqual(['Added "Replace toner" (required)', 'Ticked "Replace toner"']);
    const other = await t.createTicket();
    const taken = await call('POST', `/api/tickets/${other.id}/checklist`, { id: itemId, text: 'Steal' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(CHECKLIST_MSG.itemIdTaken);
    expect((await ticket(other.id)).checklist).toEqual([]);
    expect((await call('POST', `/api/tickets/${id}/checklist`, { id: 'nope', text: 'x' })).body.message).toBe('id must be a UUID');
  });

  it('edits an item\'s text and required with a history row each; an unchanged edit writes none', async () => {
    const { id } = await t.createTicket();
    const a = await add(id, 'Check UPS');
    const renamed = await tick(id, a.id, { text: 'Check UPS battery', required: true });
    expect(renamed.body).toMatchObject({ text: 'Check UPS battery', required: true, done: false });
    expect((await history(id)).map((h) => [h.newValue, h.updatedByName]).slice(0, 2)).toEqual([
      ['Made "Check UPS battery" required', 'tina'],
      ['Renamed "Check UPS" to "Check UPS battery"', 'tina'],
    ]);
    await tick(id, a.id, { text: 'Check UPS battery', required: true });
    expect(await history(id)).toHaveLength(3);
  });

  it('refuses an item of another ticket, an unknown item, an empty text, and changes nothing', async () => {
    const one = await t.createTicket();
    const other = await t.createTicket();
    const item = await add(other.id, 'Not yours');
    const version = (await ticket(one.id)).version;
    const cross = await tick(one.id, item.id, { done: true });
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe(CHECKLIST_MSG.itemOfOtherTicket);
    expect((await ticket(other.id)).checklist![0]!.done).toBe(false);
    expect((await ticket(one.id)).version).toBe(version);
    expect((await tick(one.id, randomUUID(), { done: true })).body.message).toBe(CHECKLIST_MSG.itemNotFound);
    expect((await call('POST', `/api/tickets/${one.id}/checklist`, { text: '  ' })).body.message).toBe(CHECKLIST_MSG.textRequired);
    expect((await call('POST', `/api/tickets/${randomUUID()}/checklist`, { text: 'x' })).status).toBe(404);
    expect((await tick(one.id, item.id, {})).status).toBe(400);
    expect((await ticket(one.id)).checklist).toEqual([]);
  });
});

describe('checklist templates', () => {
  it('admins create, edit and delete; staff read; names are unique; bad input changes nothing', async () => {
    const body = { name: 'Monthly backup check', items: [{ text: 'Verify last backup', required: true }, { text: 'Test a restore' }] };
    expect((await call('POST', '/api/checklist-templates', body)).status).toBe(403);
    const created = await call<ChecklistTemplate>('POST', '/api/checklist-templates', body, admin);
    expect(created.status, created.text).toBe(201);
    expect(created.body.items).toEqual([{ text: 'Verify last backup', required: true }, { text: 'Test a restore', required: false }]);
    const dup = await call('POST', '/api/checklist-templates', { ...body, name: 'MONTHLY backup check' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(CHECKLIST_MSG.templateNameTaken);
    expect((await call('POST', '/api/checklist-templates', { name: 'Empty', items: [] }, admin)).body.message).toBe(CHECKLIST_MSG.templateItemsRequired);
    expect((await call<ChecklistTemplate[]>('GET', '/api/checklist-templates')).body.map((x) => x.name)).toEqual(['Monthly backup check']);
    const put = await call<ChecklistTemplate>('PUT', `/api/checklist-templates/${created.body.id}`, { name: 'Backup check', items: [{ text: 'Verify' }] }, admin);
    expect(put.body).toMatchObject({ name: 'Backup check', items: [{ text: 'Verify', required: false }] });
    // PATCH changes what it is sent: the name alone keeps the items; items alone keep the name.
    const renamed = await call<ChecklistTemplate>('PATCH', `/api/checklist-templates/${created.body.id}`, { name: 'Backup round' }, admin);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Backup round', items: [{ text: 'Verify', required: false }] });
    const items = await call<ChecklistTemplate>('PATCH', `/api/checklist-templates/${created.body.id}`, { items: [{ text: 'Verify', required: true }, { text: 'Label tapes' }] }, admin);
    expect(items.body).toMatchObject({ name: 'Backup round', items: [{ text: 'Verify', required: true }, { text: 'Label tapes', required: false }] });
    expect((await call('PATCH', `/api/checklist-templates/${created.body.id}`, { name: 'Backup round' })).status).toBe(403);
    expect((await call('PATCH', `/api/checklist-templates/${created.body.id}`, {}, admin)).body.message).toBe(CHECKLIST_MSG.templateNothingToChange);
    expect((await call('PATCH', `/api/checklist-templates/${created.body.id}`, { items: [] }, admin)).body.message).toBe(CHECKLIST_MSG.templateItemsRequired);
    expect((await call('PATCH', `/api/checklist-templates/${randomUUID()}`, { name: 'x' }, admin)).status).toBe(404);
    const other = await call<ChecklistTemplate>('POST', '/api/checklist-templates', { name: 'Patch round', items: [{ text: 'Patch' }] }, admin);
    const clash = await call('PATCH', `/api/checklist-templates/${other.body.id}`, { name: 'backup ROUND' }, admin);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(CHECKLIST_MSG.templateNameTaken);
    expect((await call<ChecklistTemplate>('GET', `/api/checklist-templates/${created.body.id}`)).body.items).toHaveLength(2);
    expect((await call('DELETE', `/api/checklist-templates/${other.body.id}`, undefined, admin)).status).toBe(204);
    expect((await call('DELETE', `/api/checklist-templates/${created.body.id}`, undefined, admin)).status).toBe(204);
    expect((await call('GET', `/api/checklist-templates/${created.body.id}`)).status).toBe(404);
  });
});

describe('checklists of macros, ticket templates and staff-created tickets (issues 51, 52)', () => {
  it('a macro adds its checklist in the same single PATCH, once per Idempotency-Key, in the macro history group', async () => {
    const macro = await call<{ id: string; actions: { checklist: unknown[] } }>(
      'POST',
      '/api/macros',
      { name: 'Monthly check', scope: 'shared', actions: { status: 'in_progress', checklist: [{ text: 'Check backups', required: true }, { text: 'Clean fans' }] } },
      admin,
    );
    expect(macro.status, macro.text).toBe(201);
    expect(macro.body.actions.checklist).toEqual([{ text: 'Check backups', required: true }, { text: 'Clean fans', required: false }]);
    const { id } = await t.createTicket();
    const key = randomUUID();
    const body = { status: 'in_progress', macroId: macro.body.id, checklist: macro.body.actions.checklist, baseVersion: 1 };
    const first = await call<{ ticket: Ticket; updates: TicketUpdateEntry[] }>('PATCH', `/api/tickets/${id}`, body, tech, { 'Idempotency-Key': key });
    expect(first.status, first.text).toBe(200);
    const again = await call('PATCH', `/api/tickets/${id}`, body, tech, { 'Idempotency-Key': key });
    expect(again.body).toEqual(first.body);
    const read = await ticket(id);
    expect(read.checklist!.map((i) => [i.text, i.required])).toEqual([['Check backups', true], ['Clean fans', false]]);
    expect(first.body.ticket).toMatchObject({ version: read.version, checklist: read.checklist });
    const rows = await history(id);
    expect(rows.map((r) => `${r.newValue} / ${r.macro?.name}`).sort()).toEqual(['Added "Check backups" (required) / Monthly check', 'Added "Clean fans" / Monthly check']);
    // Resolving is then refused while the macro's required item is open.
    const resolve = await call('PATCH', `/api/tickets/${id}`, { status: 'resolved', resolution: 'Done' });
    expect(resolve.status).toBe(400);
    expect(resolve.body.message).toBe('1 required checklist item is still open');
  });

  it('a ticket template keeps its checklist; a staff ticket from it starts with those items', async () => {
    const created = await call<{ id: string; checklist: unknown[] }>('POST', '/api/ticket-templates', { name: 'Server patching', scope: 'shared', issue: 'Quarterly patching', checklist: [{ text: 'Snapshot VM', required: true }] }, admin);
    expect(created.status, created.text).toBe(201);
    expect(created.body.checklist).toEqual([{ text: 'Snapshot VM', required: true }]);
    const edited = await call<{ checklist: unknown[] }>('PATCH', `/api/ticket-templates/${created.body.id}`, { checklist: [{ text: 'Snapshot VM', required: true }, { text: 'Reboot' }] }, admin);
    expect(edited.body.checklist).toEqual([{ text: 'Snapshot VM', required: true }, { text: 'Reboot', required: false }]);
    const tooMany = await call('PATCH', `/api/ticket-templates/${created.body.id}`, { checklist: Array.from({ length: 101 }, (_, i) => ({ text: `Item ${i}` })) }, admin);
    expect(tooMany.status).toBe(400);
    const staff = await call<{ id: string }>('POST', '/api/tickets/staff', {
      clientName: 'Dana Smith', customerEmail: 'dana@example.com', customerPhone: '555 0100', severity: 'medium', contactMethod: 'email',
      issue: 'Quarterly patching', templateId: created.body.id, checklist: edited.body.checklist, notifyCustomer: false,
    });
    expect(staff.status, staff.text).toBe(201);
    expect((await ticket(staff.body.id)).checklist!.map((i) => [i.text, i.required, i.done])).toEqual([['Snapshot VM', true, false], ['Reboot', false, false]]);
  });
});
