/**
 * SLA warnings and breaches reach the inbox and the chosen channels (issue 57 point 5, docs/notifications.md
 * "Your alerts"): the SLA sweep emits one `ticket.sla_alert` per ticket, target and level in its claim's
 * transaction; the inbox feature gives it to the assignee by default (entry + push) and to those who
 * chose "all" (here by e-mail), exactly once, also when two processes sweep at the same moment
 * (PostgreSQL with DATABASE_URL: a second app on the same database). Someone who chose "none" gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_PREFERENCES, type AlertPreferences, type InboxPage } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { sweepSlaAlerts } from '../sla/port';

let h: NotifyTestApp;
let other: TestApp | undefined;
type Signed = TestUser & { token: string };
let assignee: Signed; // the defaults: SLA alerts on my tickets by push
let watcher: Signed; // every SLA alert by e-mail
let silent: Signed; // none

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) => h.t.request<T>(method, path, { token, body });
const slaEntries = async (u: Signed) => (await call<InboxPage>('GET', '/api/me/inbox', u.token)).body.items.filter((i) => i.kind === 'sla');
const login = async (username: string, email: string) => {
  const u = await h.t.createUser('technician', { username, email });
  return { ...u, token: (await call<{ token: string }>('POST', '/api/auth/login', '', { username, password: u.password })).body.token };
};
const prefs = (sla: { push?: 'mine' | 'all' | 'none'; email?: 'mine' | 'all' | 'none' }): AlertPreferences => ({
  ...DEFAULT_ALERT_PREFERENCES,
  channels: {
    ...DEFAULT_ALERT_PREFERENCES.channels,
    push: { ...DEFAULT_ALERT_PREFERENCES.channels.push, sla: sla.push ?? 'none' },
    email: { ...DEFAULT_ALERT_PREFERENCES.channels.email, sla: sla.email ?? 'none' },
  },
});

beforeAll(async () => {
  h = await startNotifyTestApp();
  if (h.t.databaseUrl) other = await startTestApp({ attachTo: h.t.databaseUrl });
  assignee = await login('sla-assignee', 'assignee@desk.test');
  watcher = await login('sla-watcher', 'watcher@desk.test');
  silent = await login('sla-silent', 'silent@desk.test');
  expect((await call('POST', '/api/push/subscriptions', assignee.token, h.push.subscribe().json)).status).toBe(201);
  expect((await call('PUT', '/api/me/notification-preferences', watcher.token, prefs({ email: 'all' }))).status).toBe(200);
  expect((await call('PUT', '/api/me/notification-preferences', silent.token, prefs({}))).status).toBe(200);
});
afterAll(async () => {
  await other?.close();
  await h.close();
});

const at = (iso: string) => (h.t.clock.current = new Date(iso));
const sweepTwice = (now: Date) => Promise.all([sweepSlaAlerts(h.t.db, now, h.t.events), sweepSlaAlerts((other ?? h.t).db, now, (other ?? h.t).events)]);

describe('SLA alerts in the inbox and the chosen channels', () => {
  it('a warning and a breach each reach the assignee (entry + push) and the "all" watcher (entry + e-mail) once; "none" gets nothing', async () => {
    at('2026-06-08T10:00:00.000Z'); // Monday: urgent, first response due 11:00, its 80 % at 10:48
    const ticket = await h.t.createTicket({ severity: 'urgent' });
    const admin = await h.t.loginAs('admin', { username: 'sla-admin' });
    expect((await sweepTwice(at('2026-06-08T10:50:00.000Z'))).reduce((a, b) => a + b)).toBe(1);
    // Unassigned: only the watcher ("all") hears of the response warning.
    expect(await slaEntries(assignee)).toEqual([]);
    expect((await slaEntries(watcher)).map((e) => e.text)).toEqual([expect.stringMatching(new RegExp(`^SLA warning: ${ticket.ticketNumber} \\(Urgent, .*\\): first response due 2026-06-08 11:00 UTC$`))]);
    expect(await slaEntries(silent)).toEqual([]);

    // Assigned at 10:50: the first response (its clock stops, no response breach follows).
    await call('PATCH', `/api/tickets/${ticket.id}`, admin.token, { assignedTo: assignee.id });
    // Resolution: urgent 4 h from 10:00 = 14:00, its 80 % at 13:12; breach at 14:00.
    expect((await sweepTwice(at('2026-06-08T13:15:00.000Z'))).reduce((a, b) => a + b)).toBe(1);
    expect((await sweepTwice(at('2026-06-08T13:20:00.000Z')))).toEqual([0, 0]);
    expect((await sweepTwice(at('2026-06-08T14:05:00.000Z'))).reduce((a, b) => a + b)).toBe(1);
    expect((await sweepTwice(at('2026-06-08T14:10:00.000Z')))).toEqual([0, 0]);

    expect((await slaEntries(assignee)).map((e) => e.text.split(':')[0])).toEqual(['SLA breached', 'SLA warning']);
    expect((await slaEntries(watcher)).map((e) => e.text.split(':')[0])).toEqual(['SLA breached', 'SLA warning', 'SLA warning']);
    expect(await slaEntries(silent)).toEqual([]);
    const personal = (await allJobs(h.t.db)).filter((j) => j.ticketId === ticket.id && j.kind.startsWith('personal_alert_'));
    expect(personal.map((j) => `${j.kind} ${j.kind.endsWith('push') ? 'device' : j.recipient}`).sort()).toEqual([
      'personal_alert_email watcher@desk.test',
      'personal_alert_email watcher@desk.test',
      'personal_alert_email watcher@desk.test',
      'personal_alert_push device',
      'personal_alert_push device',
    ]);
    // The admin-set recipients' SLA jobs are unchanged (no old-style assignee push any more).
    expect((await allJobs(h.t.db)).filter((j) => j.ticketId === ticket.id && j.kind === 'sla_alert_push')).toEqual([]);
  });
});
