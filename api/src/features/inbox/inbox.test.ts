/**
 * Alerts each person chooses, and the inbox, over HTTP against a real database (issue 57 point 5,
 * docs/notifications.md "Your alerts"): preferences (defaults, save, validation), inbox entries
 * written by the event subscribers for new tickets, assignments and @mentions in internal notes,
 * personal pushes and e-mails filtered by the person's choices and quiet hours, the keyset feed with
 * `since`/`before`, and marking read. With DATABASE_URL the same file runs on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEFAULT_ALERT_PREFERENCES, type AlertPreferences, type InboxPage, type TicketCreateInput } from '@portal/shared';
import type { TestUser } from '../../test/app';
import { allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';

let h: NotifyTestApp;
type Signed = TestUser & { token: string };
let admin: Signed;
let mine: Signed; // chose "my tickets only"
let other: Signed; // never chose: the defaults

const PREFS = '/api/me/notification-preferences';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and values alike
const call = <T = any>(method: string, path: string, token: string, body?: unknown) => h.t.request<T>(method, path, { token, body });
const inbox = async (u: Signed, query = '') => (await call<InboxPage>('GET', `/api/me/inbox${query}`, u.token)).body;
const newTicket = (o: Partial<TicketCreateInput> = {}) => h.t.createTicket({ customerEmail: `${randomUUID().slice(0, 8)}@customer.test`, ...o });
const jobsOf = async (ticketId: string) => (await allJobs(h.t.db)).filter((j) => j.ticketId === ticketId).map((j) => `${j.kind} ${j.recipient}`).sort();
const subscribe = async (u: Signed) => expect((await call('POST', '/api/push/subscriptions', u.token, h.push.subscribe().json)).status).toBe(201);
const assign = (id: string, to: string) => call('PATCH', `/api/tickets/${id}`, admin.token, { assignedTo: to });
const channel = (c: Partial<AlertPreferences['channels']['push']>) => ({ ...DEFAULT_ALERT_PREFERENCES.channels.push, ...c });
const MY_TICKETS_ONLY: AlertPreferences = {
  ...DEFAULT_ALERT_PREFERENCES,
  channels: { ...DEFAULT_ALERT_PREFERENCES.channels, push: channel({ newTickets: 'none', sla: 'mine' }), email: channel({ newTickets: 'none', assigned: false, customerReplies: false, sla: 'none', mentions: true }) },
};

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = await h.t.loginAs('admin');
  const m = await h.t.createUser('technician', { username: 'mia', email: 'mia@desk.test' });
  const login = await call<{ token: string }>('POST', '/api/auth/login', '', { username: m.username, password: m.password });
  mine = { ...m, token: login.body.token };
  other = await h.t.loginAs('technician', { username: 'otto' });
  await subscribe(mine);
  await subscribe(other);
});
afterAll(() => h.close());

describe('notification preferences', () => {
  it("answer the defaults until chosen, store a choice, refuse a bad one with the field's message; staff only", async () => {
    expect((await call('GET', PREFS, mine.token)).body).toEqual(DEFAULT_ALERT_PREFERENCES);
    const saved = await call<AlertPreferences>('PUT', PREFS, mine.token, MY_TICKETS_ONLY);
    expect([saved.status, saved.body]).toEqual([200, MY_TICKETS_ONLY]);
    expect((await call('GET', PREFS, mine.token)).body).toEqual(MY_TICKETS_ONLY);
    expect((await call('GET', PREFS, other.token)).body).toEqual(DEFAULT_ALERT_PREFERENCES);
    const bad = await call('PUT', PREFS, mine.token, { ...MY_TICKETS_ONLY, quietHours: { ...MY_TICKETS_ONLY.quietHours, timeZone: 'Mars/Base' } });
    expect([bad.status, bad.body.code, Object.keys(bad.body.fieldErrors)]).toEqual([400, 'validation_failed', ['quietHours']]);
    expect(bad.body.fieldErrors.quietHours[0]).toContain('Unknown time zone');
    expect((await call('GET', PREFS, mine.token)).body).toEqual(MY_TICKETS_ONLY);
  });
});

describe('inbox and personal alerts', () => {
  it('"my tickets only": a new ticket reaches the others (entry and push), not them; an assignment to them does, one to someone else does not', async () => {
    const before = await inbox(mine);
    const otherBefore = await inbox(other);
    const ticket = await newTicket({ severity: 'medium' });
    expect((await inbox(mine, `?since=${before.cursor}`)).items).toEqual([]);
    const seen = await inbox(other, `?since=${otherBefore.cursor}`);
    expect(seen.items.map((i) => [i.kind, i.ticketNumber, i.readAt])).toEqual([['new_ticket', ticket.ticketNumber, null]]);
    expect(seen.items[0]!.text).toContain(`New medium ticket ${ticket.ticketNumber} from`);
    expect(seen.unread).toBe(otherBefore.unread + 1);
    expect((await jobsOf(ticket.id)).filter((j) => j.startsWith('new_ticket_push'))).toEqual([`new_ticket_push push:${other.username}`]);

    expect((await assign(ticket.id, mine.id)).status).toBe(200);
    const after = await inbox(mine, `?since=${before.cursor}`);
    expect(after.items.map((i) => [i.kind, i.ticketId])).toEqual([['assigned', ticket.id]]);
    expect(after.items[0]!.text).toBe(`${ticket.ticketNumber} (Medium) was assigned to you by ${admin.username}: The office printer shows a paper jam that is not there.`);
    expect(after.unread).toBe(before.unread + 1);
    expect((await jobsOf(ticket.id)).filter((j) => j.startsWith('assigned_push'))).toEqual([`assigned_push push:${mine.username}`]);

    const elsewhere = await newTicket();
    await assign(elsewhere.id, other.id);
    expect((await inbox(mine, `?since=${after.cursor}`)).items).toEqual([]);
  });

  it('@username in an internal note reaches that person (entry, push, e-mail as chosen); a reply to the customer mentions nobody; the author is not told', async () => {
    const ticket = await newTicket();
    const from = (await inbox(mine)).cursor;
    const note = await call('PATCH', `/api/tickets/${ticket.id}`, other.token, { comment: 'Can @Mia look at the switch? cc @otto @nobody' });
    expect(note.status).toBe(200);
    const got = await inbox(mine, `?since=${from}`);
    expect(got.items.map((i) => [i.kind, i.text])).toEqual([['mention', `${other.username} mentioned you on ${ticket.ticketNumber}: Can @Mia look at the switch? cc @otto @nobody`]]);
    const jobs = await jobsOf(ticket.id);
    expect(jobs.filter((j) => j.startsWith('personal_alert'))).toEqual([`personal_alert_email mia@desk.test`, `personal_alert_push push:${mine.username}`]);
    await call('PATCH', `/api/tickets/${ticket.id}`, other.token, { comment: 'We asked @mia to come by.', reply: true });
    expect((await inbox(mine, `?since=${got.cursor}`)).items).toEqual([]);
  });

  it("a customer reply on their ticket reaches the assignee (entry, push) by their choice; e-mail only once chosen, one per window", async () => {
    const ticket = await newTicket();
    await assign(ticket.id, mine.id);
    const from = (await inbox(mine)).cursor;
    const token = /\/status\/([A-Za-z0-9_-]{43})$/.exec(ticket.statusUrl ?? '')![1]!;
    const reply = (comment: string) => h.t.request('POST', `/api/ticket-status/${token}/replies`, { body: { comment } });
    expect((await reply('The printer works again, thanks!')).status).toBeLessThan(300);
    const got = await inbox(mine, `?since=${from}`);
    expect(got.items.map((i) => [i.kind, i.text])).toEqual([['customer_reply', `Casey Customer replied on ${ticket.ticketNumber}: The printer works again, thanks!`]]);
    expect((await jobsOf(ticket.id)).filter((j) => j.startsWith('customer_reply_push') || j.startsWith('personal'))).toEqual([`customer_reply_push push:${mine.username}`]);
    await call('PUT', PREFS, mine.token, { ...MY_TICKETS_ONLY, channels: { ...MY_TICKETS_ONLY.channels, email: { ...MY_TICKETS_ONLY.channels.email, customerReplies: true } } });
    await reply('One more thing.');
    await reply('And another.');
    expect((await inbox(mine, `?since=${got.cursor}`)).items.map((i) => i.kind)).toEqual(['customer_reply', 'customer_reply']);
    expect((await jobsOf(ticket.id)).filter((j) => j.startsWith('personal'))).toEqual(['personal_alert_email mia@desk.test']);
    await call('PUT', PREFS, mine.token, MY_TICKETS_ONLY);
  });

  it('quiet hours HOLD pushes until they end (the inbox at once) except for urgent tickets, which go at once', async () => {
    const quiet = { ...MY_TICKETS_ONLY, quietHours: { enabled: true, start: '00:00', end: '23:59', timeZone: 'UTC', urgentBreaksThrough: true } };
    h.t.clock.current = new Date('2026-11-29T12:00:00Z');
    expect((await call('PUT', PREFS, mine.token, quiet)).status).toBe(200);
    const calm = await newTicket({ severity: 'low' });
    const urgent = await newTicket({ severity: 'urgent' });
    const from = (await inbox(mine)).cursor;
    await assign(calm.id, mine.id);
    await assign(urgent.id, mine.id);
    expect((await inbox(mine, `?since=${from}`)).items.map((i) => i.ticketId)).toEqual([urgent.id, calm.id]);
    const pushes = async (id: string) => (await allJobs(h.t.db)).filter((j) => j.ticketId === id && j.kind === 'assigned_push').map((j) => [j.recipient, j.status, j.nextAttemptAt.toISOString()]);
    // Held, not dropped: due when the quiet hours end (23:59 UTC), sent then by whichever process claims it.
    expect(await pushes(calm.id)).toEqual([[`push:${mine.username}`, 'pending', '2026-11-29T23:59:00.000Z']]);
    expect(await pushes(urgent.id)).toEqual([[`push:${mine.username}`, expect.any(String), expect.stringMatching(/^2026-11-29T12:/)]]);
    // The dispatcher leaves it until then, and sends it once it is due.
    await h.t.notifier.dispatcher.runOnce();
    expect((await pushes(calm.id))[0]![1]).toBe('pending');
    h.t.clock.current = new Date('2026-11-30T00:00:00Z');
    await h.t.notifier.dispatcher.runOnce();
    expect((await pushes(calm.id))[0]![1]).toBe('sent');
    await call('PUT', PREFS, mine.token, MY_TICKETS_ONLY);
  });

  it('pages newest first by keyset (since/before), marks read by ids or all, and read entries come again in the delta', async () => {
    for (let i = 0; i < 3; i++) await assign((await newTicket()).id, mine.id);
    const all = await inbox(mine);
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const first = await inbox(mine, '?limit=2');
    expect([first.items.length, first.more, first.cursor]).toEqual([2, true, all.cursor]);
    const second = await inbox(mine, `?limit=2&before=${first.before}`);
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    expect(Number(first.items[1]!.cursor)).toBeGreaterThan(Number(second.items[0]!.cursor));

    const one = all.items[0]!;
    const read = await call('POST', '/api/me/inbox/read', mine.token, { ids: [one.id] });
    expect([read.status, read.body]).toEqual([200, { unread: all.unread - 1 }]);
    const delta = await inbox(mine, `?since=${all.cursor}`);
    expect(delta.items.map((i) => [i.id, i.readAt !== null])).toEqual([[one.id, true]]);
    expect(delta.unread).toBe(all.unread - 1);
    // Someone else's entry is not theirs to read; reading again changes nothing.
    const others = (await inbox(other)).items[0]!;
    expect((await call('POST', '/api/me/inbox/read', mine.token, { ids: [others.id, one.id] })).body).toEqual({ unread: all.unread - 1 });
    expect((await inbox(mine, `?since=${delta.cursor}`)).items).toEqual([]);
    expect((await inbox(other)).items[0]!.readAt).toBeNull();
    expect((await call('POST', '/api/me/inbox/read', mine.token, { all: true })).body).toEqual({ unread: 0 });
    expect((await call('POST', '/api/me/inbox/read', mine.token, { ids: [] })).status).toBe(400);
    expect((await call('GET', '/api/me/inbox?since=abc', mine.token)).status).toBe(400);
  });
});
