import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { allJobs, configureNotifications } from '../../test/notify';
import { sweepSlaAlerts } from './port';

let t: TestApp;
/** A second API process on the same database (PostgreSQL), or the same app again (PGlite). */
let other: TestApp | undefined;
let tech: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  if (t.databaseUrl) other = await startTestApp({ attachTo: t.databaseUrl });
  tech = await t.loginAs('technician', { username: 'alert-tech' });
  const admin = await t.loginAs('admin', { username: 'alert-admin' });
  await configureNotifications(t, admin.token, { number: '+1 555 0100', emails: ['ops@example.com'] });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const slaJobs = async () => (await allJobs(t.db)).filter((j) => j.kind.startsWith('sla_alert_'));
const at = (iso: string) => {
  t.clock.current = new Date(iso);
  return new Date(iso);
};
/** Both processes sweep at the same moment; returns the alerts each claimed. */
const sweepTwice = (now: Date) => Promise.all([sweepSlaAlerts(t.db, now, t.events), sweepSlaAlerts((other ?? t).db, now, (other ?? t).events)]);

describe('SLA alerts (80 % and breach, once per ticket and target)', () => {
  it('claims each alert once across processes, e-mails the recipients, texts the support number for urgent tickets and pauses while waiting', async () => {
    at('2026-06-08T10:00:00.000Z'); // Monday: urgent response due 11:00 (80 % at 10:48), resolution due 14:00 (80 % at 13:12)
    const { id } = await t.createTicket({ severity: 'urgent' });
    expect(await sweepTwice(at('2026-06-08T10:40:00.000Z'))).toEqual([0, 0]);

    const first = await sweepTwice(at('2026-06-08T10:50:00.000Z'));
    expect(first.reduce((a, b) => a + b)).toBe(1);
    expect((await slaJobs()).map((j) => [j.kind, j.recipient, j.summary]).sort()).toEqual([
      ['sla_alert_email', 'ops@example.com', expect.stringMatching(/^SLA warning: TKT-/)],
      ['sla_alert_sms', expect.stringContaining('555'), expect.stringMatching(/^SLA warning: TKT-/)],
    ]);
    expect(await sweepTwice(at('2026-06-08T10:55:00.000Z'))).toEqual([0, 0]);

    // Breach of the response target: once.
    expect((await sweepTwice(at('2026-06-08T11:05:00.000Z'))).reduce((a, b) => a + b)).toBe(1);
    expect((await slaJobs()).filter((j) => j.summary.startsWith('SLA breached'))).toHaveLength(2);

    // Assigned (a response) and then waiting on the customer: the resolution clock is paused.
    const res = await t.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body: { assignedTo: tech.id, waitingOnCustomer: true } });
    expect(res.status).toBe(200);
    expect(await sweepTwice(at('2026-06-08T13:30:00.000Z'))).toEqual([0, 0]);
    // Resumed at 13:35 after 150 min paused: resolution due 16:30, its warning (80 % of 390 min) at 15:12.
    at('2026-06-08T13:35:00.000Z');
    await t.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body: { waitingOnCustomer: false } });
    expect(await sweepTwice(at('2026-06-08T15:00:00.000Z'))).toEqual([0, 0]);
    expect((await sweepTwice(at('2026-06-08T15:15:00.000Z'))).reduce((a, b) => a + b)).toBe(1);
    const warnings = (await slaJobs()).filter((j) => j.summary.startsWith('SLA warning'));
    expect(warnings).toHaveLength(4);
    expect(await sweepTwice(at('2026-06-08T15:20:00.000Z'))).toEqual([0, 0]);
  });
});

describe('stale alerts', () => {
  it('sends nothing for a moment that passed more than a day ago (old tickets after an upgrade)', async () => {
    at('2026-07-01T10:00:00.000Z'); // Wednesday
    await t.createTicket({ severity: 'urgent' });
    const before = (await slaJobs()).length;
    expect(await sweepTwice(at('2026-07-03T12:00:00.000Z'))).toEqual([0, 0]); // every moment is over a day old
    expect((await slaJobs()).length).toBe(before);
  });
});
