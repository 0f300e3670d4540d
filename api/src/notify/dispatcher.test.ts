/**
 * The outbox dispatcher's guarantees (DESIGN.md 6): a provider that is down never fails the
 * customer's request and never loses a message; every job is sent once even with two dispatchers;
 * a restarted process resumes; attempts are bounded and end in a visible failure; dead push
 * subscriptions are pruned. Time moves through the test clock, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NotificationDelivery } from '@portal/shared';
import { IN_MEMORY, openDatabase, type Database } from '../db/client';
import { notificationJobs, pushSubscriptions } from '../db/schema';
import { silentLogger } from '../logger';
import { startTestApp, type TestUser } from '../test/app';
import { allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../test/notify';
import { createDeliver } from './deliver';
import { Dispatcher, exponentialBackoff } from './dispatcher';
import { claimDueJobs } from './jobs';

let h: NotifyTestApp;
let admin: TestUser & { token: string };
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = await h.t.loginAs('admin');
  await configureNotifications(h.t, admin.token, { emails: ['ops@example.com'] });
});
afterAll(() => h.close());

/** A second dispatcher over `db` with the app's providers (another process, when `db` is another pool). */
function dispatcherOn(db: Database, opts: { maxAttempts?: number; batchSize?: number; claimSize?: number } = {}): Dispatcher {
  const { providers, brand, kinds } = h.t.notifier;
  return new Dispatcher({
    db,
    logger: silentLogger,
    clock: h.t.clock.now,
    deliver: createDeliver({ db, providers, brand, config: h.t.config, registry: kinds, clock: h.t.clock.now }),
    maxAttempts: opts.maxAttempts ?? 8,
    pollMs: 60_000,
    batchSize: opts.batchSize ?? 10,
    ...(opts.claimSize ? { claimSize: opts.claimSize } : {}),
  });
}

/** Opens another connection pool to the test database (PostgreSQL) or reuses PGlite's only one. */
async function secondConnection(): Promise<{ db: Database; close(): Promise<void> }> {
  if (!h.t.databaseUrl) return { db: h.t.db, close: async () => {} };
  const handle = await openDatabase({ databaseUrl: h.t.databaseUrl, dataDir: IN_MEMORY, poolSize: 3, onPoolError: () => {} });
  return handle;
}

const statusOf = async (ids: string[]) => (await allJobs(h.t.db)).filter((j) => j.ticketId && ids.includes(j.ticketId));
/** Every job due at some time is done: runs passes while moving the clock a day ahead. */
async function settle(): Promise<void> {
  h.t.clock.advance(24 * HOUR);
  await h.t.notifier.dispatcher.runOnce();
}

describe('SMTP down while tickets arrive', () => {
  it('answers 201 to the customer, keeps the jobs, and delivers every message exactly once when SMTP is back', async () => {
    h.smtp.down();
    const tickets = [];
    for (let i = 0; i < 3; i += 1) tickets.push(await h.t.createTicket({ customerEmail: `down${i}@customer.test` }));
    const ids = tickets.map((t) => t.id);

    await h.t.notifier.dispatcher.runOnce();
    const failed = await statusOf(ids);
    expect(failed).toHaveLength(6);
    expect(failed.map((j) => [j.status, j.attempts])).toEqual(failed.map(() => ['pending', 1]));
    expect(failed[0]!.lastError).toMatch(/^SMTP: /);
    expect(failed[0]!.nextAttemptAt.getTime() - h.t.clock.now().getTime()).toBe(exponentialBackoff(1));
    expect(await h.t.notifier.dispatcher.runOnce()).toBe(0); // nothing due before the backoff

    h.t.clock.advance(exponentialBackoff(1));
    await h.t.notifier.dispatcher.runOnce(); // still down: second attempt fails, backoff doubles
    expect((await statusOf(ids)).map((j) => j.attempts)).toEqual(failed.map(() => 2));

    h.smtp.up();
    h.t.clock.advance(exponentialBackoff(2));
    await h.t.notifier.dispatcher.runOnce();
    await settle();
    const done = await statusOf(ids);
    expect(done.map((j) => [j.status, j.attempts])).toEqual(done.map(() => ['sent', 3]));
    for (const t of tickets) {
      const about = h.smtp.messages.filter((m) => m.subject.includes(t.ticketNumber));
      expect(about.map((m) => m.to.join()).sort()).toEqual([`down${tickets.indexOf(t)}@customer.test`, 'ops@example.com']);
    }
  });
});

describe('two dispatchers', () => {
  it('racing over the same jobs send each job exactly once', async () => {
    const tickets = [];
    for (let i = 0; i < 10; i += 1) tickets.push(await h.t.createTicket({ customerEmail: `race${i}@customer.test` }));
    const other = await secondConnection();
    try {
      const a = dispatcherOn(h.t.db, { batchSize: 3, claimSize: 6 });
      const b = dispatcherOn(other.db, { batchSize: 3, claimSize: 6 });
      const [claimedA, claimedB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(claimedA + claimedB).toBe(20);
    } finally {
      await other.close();
    }
    const jobs = await statusOf(tickets.map((t) => t.id));
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(jobs.map(() => ['sent', 1]));
    for (const t of tickets) {
      expect(h.smtp.messages.filter((m) => m.subject.includes(t.ticketNumber))).toHaveLength(2);
    }
  });
});

describe('restart', () => {
  it('a new process resumes pending jobs and, after the lease, jobs a crashed process left sending', async () => {
    const crashed = await h.t.createTicket({ customerEmail: 'crash@customer.test' });
    // A process claims the jobs and dies before sending: they stay `sending` under its lease.
    const claimed = await claimDueJobs(h.t.db, h.t.clock.now(), 10, 300_000, 'email');
    expect(claimed.map((j) => j.ticketId)).toEqual([crashed.id, crashed.id]);
    const pending = await h.t.createTicket({ customerEmail: 'pending@customer.test' });

    const other = await secondConnection();
    const restarted = await startTestApp({ db: other.db, env: { SMTP_URL: h.smtp.url } });
    restarted.clock.current = h.t.clock.now();
    try {
      await restarted.notifier.dispatcher.runOnce();
      expect((await statusOf([pending.id])).map((j) => j.status)).toEqual(['sent', 'sent']);
      expect((await statusOf([crashed.id])).map((j) => j.status)).toEqual(['sending', 'sending']);

      restarted.clock.advance(300_001);
      await restarted.notifier.dispatcher.runOnce();
      expect((await statusOf([crashed.id])).map((j) => [j.status, j.attempts])).toEqual([['sent', 2], ['sent', 2]]);
      expect(h.smtp.to('crash@customer.test')).toHaveLength(1);
    } finally {
      await restarted.close();
      await other.close();
    }
  });
});

describe('bounded attempts', () => {
  it('end in failed with the last reason, shown in the delivery log', async () => {
    h.smtp.down();
    const ticket = await h.t.createTicket({ customerEmail: 'never@customer.test' });
    const d = dispatcherOn(h.t.db, { maxAttempts: 3 });
    try {
      for (let i = 0; i < 4; i += 1) {
        await d.runOnce();
        h.t.clock.advance(HOUR);
      }
    } finally {
      h.smtp.up();
    }
    const jobs = await statusOf([ticket.id]);
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([['failed', 3], ['failed', 3]]);
    expect(jobs[0]!.lastError).toMatch(/^SMTP: .*\(gave up after 3 attempts\)$/);

    const log = await h.t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries?status=failed', { token: admin.token });
    expect(log.status).toBe(200);
    const entry = log.body.find((d) => d.recipient === 'never@customer.test')!;
    expect(entry).toMatchObject({ channel: 'email', status: 'failed', attempts: 3, kind: 'customer_confirmation', ticketId: ticket.id });
    expect(entry.summary).toBe(`Confirmation of ticket ${ticket.ticketNumber}`);
    expect(entry.lastError).toContain('gave up after 3 attempts');
    expect(log.body.every((d) => d.status === 'failed')).toBe(true);

    // After the outage an admin sends it again; nothing was lost.
    const retry = await h.t.request<NotificationDelivery>('POST', `/api/notifications/deliveries/${entry.id}/retry`, { token: admin.token });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: entry.id, status: 'pending', attempts: 0 });
    await h.t.notifier.dispatcher.runOnce();
    expect(h.smtp.to('never@customer.test')).toHaveLength(1);
    const again = await h.t.request('POST', `/api/notifications/deliveries/${entry.id}/retry`, { token: admin.token });
    expect(again.status).toBe(409);
    const unknown = await h.t.request('POST', `/api/notifications/deliveries/${randomUUID()}/retry`, { token: admin.token });
    expect(unknown.status).toBe(404);
  });

  it('a job left sending after its last attempt ends failed without another send', async () => {
    const ticket = await h.t.createTicket({ customerEmail: 'stuck@customer.test' });
    const d = dispatcherOn(h.t.db, { maxAttempts: 1 });
    await claimDueJobs(h.t.db, h.t.clock.now(), 10, 1000, 'email'); // attempt 1 claimed, process gone
    h.t.clock.advance(2000);
    await d.runOnce();
    const jobs = await statusOf([ticket.id]);
    expect(jobs.map((j) => j.status)).toEqual(['failed', 'failed']);
    expect(jobs[0]!.lastError).toBe('Gave up after 1 attempt (the sending process stopped)');
    expect(h.smtp.to('stuck@customer.test')).toEqual([]);
  });

  it('a permanent SMTP rejection (550) fails at once', async () => {
    h.smtp.rejectRecipients.add('rejected@customer.test');
    const ticket = await h.t.createTicket({ customerEmail: 'rejected@customer.test' });
    await h.t.notifier.dispatcher.runOnce();
    const [job] = (await statusOf([ticket.id])).filter((j) => j.recipient === 'rejected@customer.test');
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toMatch(/550/);
  });
});

describe('providers answering errors', () => {
  it('twilio: a 500 is retried and then sent; a 400 (invalid number) fails at once', async () => {
    await configureNotifications(h.t, admin.token, { number: '+1 555 000 1234' });
    h.sms.failures.push({ status: 500, code: 20500, message: 'Internal Server Error' });
    const urgent = await h.t.createTicket({ severity: 'urgent', customerPhone: '+1 555 000 9876' });
    await h.t.notifier.dispatcher.runOnce();
    const retried = (await statusOf([urgent.id])).filter((j) => j.channel === 'sms');
    expect(retried.map((j) => j.status).sort()).toEqual(['pending', 'sent']);
    expect(retried.find((j) => j.status === 'pending')!.lastError).toBe('twilio 500 (error 20500): Internal Server Error');
    await settle();
    expect((await statusOf([urgent.id])).filter((j) => j.channel === 'sms').map((j) => j.status)).toEqual(['sent', 'sent']);

    h.sms.failures.push({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const text = await h.t.createTicket({ severity: 'low', contactMethod: 'text', customerPhone: '+1 555 000 5555' });
    await h.t.notifier.dispatcher.runOnce();
    const [bad] = (await statusOf([text.id])).filter((j) => j.channel === 'sms');
    expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
    expect(bad!.lastError).toContain('21211');
  });

  it('push: 410 deletes the subscription and fails the job without retry; 503 is retried', async () => {
    const tech = await h.t.loginAs('technician');
    const dead = h.push.subscribe();
    const busy = h.push.subscribe();
    for (const sub of [dead, busy]) {
      expect((await h.t.request('POST', '/api/push/subscriptions', { token: tech.token, body: sub.json })).status).toBe(201);
    }
    h.push.gone.add(dead.json.endpoint);
    h.push.unavailable.add(busy.json.endpoint);
    const ticket = await h.t.createTicket({});
    await h.t.notifier.dispatcher.runOnce();

    const pushJobs = (await statusOf([ticket.id])).filter((j) => j.channel === 'push');
    const byEndpoint = async (endpoint: string) =>
      (await h.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).length;
    expect(await byEndpoint(dead.json.endpoint)).toBe(0);
    expect(await byEndpoint(busy.json.endpoint)).toBe(1);
    const failed = pushJobs.find((j) => j.status === 'failed')!;
    expect(failed.lastError).toBe('Subscription expired (push service answered 410); removed');
    expect(failed.attempts).toBe(1);
    const retrying = pushJobs.find((j) => j.status === 'pending')!;
    expect(retrying.lastError).toMatch(/^push service 503/);

    h.push.unavailable.delete(busy.json.endpoint);
    await settle();
    const [after] = await h.t.db.select().from(notificationJobs).where(eq(notificationJobs.id, failed.id));
    expect(after).toMatchObject({ status: 'failed', attempts: 1 });
    expect(h.push.payloadsFor(busy)).toHaveLength(1);
    await h.t.request('DELETE', '/api/push/subscriptions', { token: tech.token, body: { endpoint: busy.json.endpoint } });
  });
});

describe('running dispatcher', () => {
  it('is woken right after a ticket commits (well before its next poll)', async () => {
    const before = h.smtp.messages.length;
    h.t.notifier.dispatcher.start();
    try {
      const ticket = await h.t.createTicket({ customerEmail: 'woken@customer.test' });
      await h.smtp.waitFor(before + 2, 10_000); // poll interval is NOTIFY_POLL_SECONDS = 15 s
      expect(h.smtp.messages.slice(before).every((m) => m.subject.includes(ticket.ticketNumber))).toBe(true);
    } finally {
      await h.t.notifier.dispatcher.stop();
    }
  });
});

describe('GET /api/notifications/deliveries', () => {
  it('lists newest first, honours limit and status, and validates the query', async () => {
    const all = await h.t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries?limit=200', { token: admin.token });
    const times = all.body.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const two = await h.t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries?limit=2', { token: admin.token });
    expect(two.body.map((d) => d.id)).toEqual(all.body.slice(0, 2).map((d) => d.id));
    const defaults = await h.t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries', { token: admin.token });
    expect(defaults.body).toHaveLength(Math.min(50, all.body.length));
    const sent = await h.t.request<NotificationDelivery[]>('GET', '/api/notifications/deliveries?status=sent', { token: admin.token });
    expect(sent.body.length).toBeGreaterThan(0);
    expect(sent.body.every((d) => d.status === 'sent' && d.sentAt !== null && d.detail)).toBe(true);
    for (const bad of ['limit=0', 'limit=201', 'status=lost']) {
      const res = await h.t.request('GET', `/api/notifications/deliveries?${bad}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });
});
