/**
 * Canned replies, macros and ticket templates over HTTP (issue 51): scopes and permissions, the
 * variables refused on save, the phone's delta feed, and the shipped examples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CannedReply, Macro, ReplyDeltaPage, TicketTemplate } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let admin: TestUser & { token: string };
let tech: TestUser & { token: string };
let tech2: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'replies-admin' });
  tech = await t.loginAs('technician', { username: 'replies-tech' });
  tech2 = await t.loginAs('technician', { username: 'replies-tech2' });
});
afterAll(() => t.close());

const req = <T = unknown>(method: string, path: string, token: string, body?: unknown) => t.request<T>(method, path, { token, body });
const list = async <T>(path: string, token: string) => (await req<T[]>('GET', path, token)).body;

describe('canned replies', () => {
  it('ships "On my way" and keeps personal replies to their owner', async () => {
    expect((await list<CannedReply>('/api/canned-replies', tech.token)).map((r) => [r.title, r.scope])).toEqual([['On my way', 'shared']]);
    const mine = await req<CannedReply>('POST', '/api/canned-replies', tech.token, { title: 'Reboot', body: 'Hi {{contact.firstName}}, please restart the router.' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ title: 'Reboot', scope: 'personal', ownerId: tech.id });
    expect((await list<CannedReply>('/api/canned-replies', tech.token)).map((r) => r.title)).toEqual(['On my way', 'Reboot']);
    expect((await list<CannedReply>('/api/canned-replies', tech2.token)).map((r) => r.title)).toEqual(['On my way']);
    // Another technician (and an admin) cannot see, change or delete it.
    expect((await req('PATCH', `/api/canned-replies/${mine.body.id}`, tech2.token, { title: 'Mine now' })).status).toBe(404);
    expect((await req('DELETE', `/api/canned-replies/${mine.body.id}`, admin.token)).status).toBe(404);
    const renamed = await req<CannedReply>('PATCH', `/api/canned-replies/${mine.body.id}`, tech.token, { title: 'Reboot the router' });
    expect(renamed.body).toMatchObject({ title: 'Reboot the router', body: 'Hi {{contact.firstName}}, please restart the router.' });
  });

  it('lets only admins write shared replies', async () => {
    const denied = await req('POST', '/api/canned-replies', tech.token, { title: 'Shared', body: 'Hello', scope: 'shared' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'forbidden', message: 'Only admins can change shared items' });
    const shared = await req<CannedReply>('POST', '/api/canned-replies', admin.token, { title: 'Thanks', body: 'Thank you, {{contact.name}}.', scope: 'shared' });
    expect(shared.status).toBe(201);
    expect(shared.body.ownerId).toBeNull();
    expect((await req('PATCH', `/api/canned-replies/${shared.body.id}`, tech.token, { body: 'Changed' })).status).toBe(403);
    expect((await req('DELETE', `/api/canned-replies/${shared.body.id}`, tech.token)).status).toBe(403);
    expect((await list<CannedReply>('/api/canned-replies', tech2.token)).map((r) => r.title)).toContain('Thanks');
    expect((await req('DELETE', `/api/canned-replies/${shared.body.id}`, admin.token)).status).toBe(204);
    expect((await req('DELETE', `/api/canned-replies/${shared.body.id}`, admin.token)).status).toBe(404);
  });

  it('refuses an unknown variable with its name, an empty body, and anything but variables; nothing is stored', async () => {
    const before = await list<CannedReply>('/api/canned-replies', tech2.token);
    const unknown = await req('POST', '/api/canned-replies', tech2.token, { title: 'Bad', body: 'Your e-mail is {{contact.email}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed' });
    expect((unknown.body as { message: string }).message).toMatch(/^Unknown variable \{\{contact\.email\}\}/);
    expect((unknown.body as { fieldErrors: Record<string, string[]> }).fieldErrors.body![0]).toContain('{{contact.email}}');
    for (const body of ['{{vault.wifiPassword}}', '{{ticket.internalNotes}}', '{{#ticket}}{{issue}}{{/ticket}}', '{{> vault}}', '{{constructor}}']) {
      const res = await req<{ message: string }>('POST', '/api/canned-replies', tech2.token, { title: 'Probe', body });
      expect(res.status, body).toBe(400);
    }
    const empty = await req<{ message: string }>('POST', '/api/canned-replies', tech2.token, { title: 'Empty', body: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write the text of the reply');
    expect((await req('POST', '/api/canned-replies', tech2.token, { title: '', body: 'x' })).status).toBe(400);
    expect(await list<CannedReply>('/api/canned-replies', tech2.token)).toEqual(before);
  });

  it('answers the phone\'s delta feed: changes after the cursor and deleted ids', async () => {
    const first = (await req<ReplyDeltaPage<CannedReply>>('GET', '/api/canned-replies?since=0', tech2.token)).body;
    expect(first.items.map((r) => r.title)).toContain('On my way');
    expect(first.more).toBe(false);
    const made = (await req<CannedReply>('POST', '/api/canned-replies', tech2.token, { title: 'Gone soon', body: 'Bye' })).body;
    const added = (await req<ReplyDeltaPage<CannedReply>>('GET', `/api/canned-replies?since=${first.cursor}`, tech2.token)).body;
    expect(added.items.map((r) => r.title)).toEqual(['Gone soon']);
    await req('DELETE', `/api/canned-replies/${made.id}`, tech2.token);
    const removed = (await req<ReplyDeltaPage<CannedReply>>('GET', `/api/canned-replies?since=${added.cursor}`, tech2.token)).body;
    expect(removed).toMatchObject({ items: [], deleted: [made.id], more: false });
    // Another person's personal changes never show in this feed.
    await req('POST', '/api/canned-replies', tech.token, { title: 'Not yours', body: 'x' });
    expect((await req<ReplyDeltaPage<CannedReply>>('GET', `/api/canned-replies?since=${removed.cursor}`, tech2.token)).body.items).toEqual([]);
    const paged = (await req<ReplyDeltaPage<CannedReply>>('GET', '/api/canned-replies?since=0&limit=1', tech2.token)).body;
    expect(paged.items.length + paged.deleted.length).toBe(1);
    expect(paged.more).toBe(true);
  });
});

describe('macros', () => {
  it('ships "Resolved on site" and "Waiting for parts"', async () => {
    const macros = await list<Macro>('/api/macros', tech.token);
    const onSite = macros.find((m) => m.name === 'Resolved on site')!;
    expect(onSite).toMatchObject({ scope: 'shared', actions: { status: 'resolved', timeEntry: { minutes: 30, billable: true }, comment: { reply: true } } });
    expect(onSite.actions.comment!.text).toContain('{{contact.firstName}}');
    expect(onSite.actions.comment!.text).toContain('{{ticket.statusLink}}');
    expect(macros.find((m) => m.name === 'Waiting for parts')).toMatchObject({ actions: { status: 'in_progress', comment: { reply: false } } });
  });

  it('refuses a macro with no change, an unknown variable, and an assignee who is not staff', async () => {
    const none = await req<{ message: string }>('POST', '/api/macros', tech.token, { name: 'Nothing', actions: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^A macro must change something/);
    const unknown = await req<{ message: string }>('POST', '/api/macros', tech.token, { name: 'Bad', actions: { comment: { text: 'Hi {{contact.nickname}}', reply: true } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('{{contact.nickname}}');
    const stranger = await t.createUser('user');
    const notStaff = await req<{ message: string }>('POST', '/api/macros', tech.token, { name: 'Give away', actions: { assignee: stranger.id } });
    expect(notStaff.status).toBe(400);
    expect((await req('POST', '/api/macros', tech.token, { name: 'Unknown', actions: { assignee: randomUUID() } })).status).toBe(400);
    expect((await list<Macro>('/api/macros', tech.token)).map((m) => m.name)).toEqual(['Resolved on site', 'Waiting for parts']);
  });

  it('creates, edits and deletes a personal macro', async () => {
    const made = await req<Macro>('POST', '/api/macros', tech.token, { name: 'Take it', actions: { assignee: 'me', status: 'in_progress' } });
    expect(made.status).toBe(201);
    const edited = await req<Macro>('PATCH', `/api/macros/${made.body.id}`, tech.token, { actions: { assignee: tech2.id, severity: 'high' } });
    expect(edited.body.actions).toEqual({ assignee: tech2.id, severity: 'high' });
    expect((await req('PATCH', `/api/macros/${made.body.id}`, tech.token, {})).status).toBe(400);
    expect((await req('DELETE', `/api/macros/${made.body.id}`, tech.token)).status).toBe(204);
  });
});

describe('ticket templates', () => {
  it('keeps defaults, changes only what a PATCH sends, and scopes like the others', async () => {
    const made = await req<TicketTemplate>('POST', '/api/ticket-templates', tech.token, { name: 'New starter', issue: 'Set up a laptop for a new employee.' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'New starter', severity: 'medium', contactMethod: null, assignee: 'me', scope: 'personal' });
    const changed = await req<TicketTemplate>('PATCH', `/api/ticket-templates/${made.body.id}`, tech.token, { severity: 'high' });
    expect(changed.body).toMatchObject({ issue: 'Set up a laptop for a new employee.', severity: 'high' });
    expect((await req('POST', '/api/ticket-templates', tech.token, { name: 'Shared', scope: 'shared' })).status).toBe(403);
    expect((await req('POST', '/api/ticket-templates', admin.token, { name: 'Printer', scope: 'shared', severity: 'low', assignee: 'unassigned' })).status).toBe(201);
    expect((await list<TicketTemplate>('/api/ticket-templates', tech2.token)).map((x) => x.name)).toEqual(['Printer']);
    expect((await req('POST', '/api/ticket-templates', tech.token, { name: 'x', severity: 'whenever' })).status).toBe(400);
  });
});
