/**
 * "One dead push subscription must not delay every e-mail and SMS": each channel sends in its own
 * lane with a time limit per send, so a push service that never answers cannot hold up e-mail or SMS;
 * a subscription that keeps failing is backed off (its jobs wait without spending attempts) and then
 * dropped. Real local peers: the SMTP sink, the twilio peer and the HTTPS push peer (whose `hang`
 * endpoints accept the request and never answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { notificationJobs, pushSubscriptions } from '../db/schema';
import type { TestUser } from '../test/app';
import { allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../test/notify';
import type { BrowserSubscription } from '../test/push-peer';
import { subscriptionBackoff } from './deliver';

let h: NotifyTestApp;
let tech: TestUser & { token: string };
/** Push send time limit in this file: the hanging sends outlast the next tickets' e-mails and SMS by far. */
const PUSH_TIMEOUT_MS = 6_000;

beforeAll(async () => {
  h = await startNotifyTestApp({
    env: { PUSH_MAX_PER_SESSION: '50', PUSH_MAX_PER_USER: '50' },
    // Batches of 20: the push lane holds all 20 dead sends at once.
    notify: { tuning: { batchSize: 20 }, deliver: { timeoutsMs: { push: PUSH_TIMEOUT_MS }, pushMaxFailures: 3 } },
  });
  const admin = await h.t.loginAs('admin');
  await configureNotifications(h.t, admin.token, { number: '+1 555 000 4242', emails: ['ops@example.com'] });
  tech = await h.t.loginAs('technician');
});
afterAll(() => h.close());

async function subscribeMany(n: number): Promise<BrowserSubscription[]> {
  const subs = [];
  for (let i = 0; i < n; i += 1) {
    const sub = h.push.subscribe();
    const res = await h.t.request('POST', '/api/push/subscriptions', { token: tech.token, body: sub.json });
    expect(res.status).toBe(201);
    subs.push(sub);
  }
  return subs;
}

/** Polls `done` every 20 ms for at most `ms`. */
async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

async function unsubscribeAll(subs: BrowserSubscription[]): Promise<void> {
  await h.t.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, subs.map((s) => s.json.endpoint)));
}

describe('lanes', () => {
  it('sends the e-mails and SMS of new tickets while 20 push sends hang', async () => {
    const dead = await subscribeMany(20);
    for (const sub of dead) h.push.hang.add(sub.json.endpoint);
    h.t.notifier.dispatcher.start();
    try {
      // A first ticket sets the push lane sending to the 20 dead endpoints, which never answer.
      const first = await h.t.createTicket({ customerEmail: 'lane-first@customer.test' });
      await waitUntil(() => h.push.hanging === 20, PUSH_TIMEOUT_MS);
      expect(h.push.hanging).toBe(20);
      // Its e-mails did not wait for the push sends either.
      await waitUntil(() => h.smtp.messages.filter((m) => m.subject.includes(first.ticketNumber)).length === 2, PUSH_TIMEOUT_MS);
      expect(h.push.hanging, 'still hanging').toBe(20);

      // The next tickets' e-mails and SMS leave while those 20 sends still hang: they did not wait
      // for them (an ordering, not a timing: the hanging sends end only at their time limit).
      for (const [i, severity] of (['medium', 'urgent'] as const).entries()) {
        const email = `lane${i}@customer.test`;
        const sentSms = h.sms.messages.length;
        const ticket = await h.t.createTicket({ customerEmail: email, severity });
        const about = () => h.smtp.messages.filter((m) => m.subject.includes(ticket.ticketNumber));
        const delivered = () => about().length === 2 && (severity !== 'urgent' || h.sms.messages.length === sentSms + 2);
        await waitUntil(() => delivered() || h.push.hanging < 20, PUSH_TIMEOUT_MS);
        expect(h.push.hanging, `the push sends still hang when ${ticket.ticketNumber}'s messages are out`).toBe(20);
        expect(h.smtp.to(email), `confirmation of ${ticket.ticketNumber}`).toHaveLength(1);
        expect(h.smtp.to('ops@example.com').filter((m) => m.subject.includes(ticket.ticketNumber)), 'staff e-mail').toHaveLength(1);
        if (severity === 'urgent') expect(h.sms.messages.length, 'support and customer SMS').toBe(sentSms + 2);
        const pushJobs = (await allJobs(h.t.db)).filter((j) => j.ticketId === ticket.id && j.channel === 'push');
        expect(pushJobs).toHaveLength(20);
        expect(pushJobs.filter((j) => j.status === 'sent')).toEqual([]);
      }
    } finally {
      await h.t.notifier.dispatcher.stop();
      for (const sub of dead) h.push.hang.delete(sub.json.endpoint);
    }
    // Each hanging send ended at the time limit: retried later, and the subscriptions are backing off.
    const pushJobs = (await allJobs(h.t.db)).filter((j) => j.channel === 'push');
    expect(pushJobs.every((j) => j.status === 'pending')).toBe(true);
    expect(pushJobs.filter((j) => j.lastError === `push: no answer within ${PUSH_TIMEOUT_MS / 1000} s`)).toHaveLength(20);
    const rows = await h.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tech.id));
    expect(rows.map((r) => r.failures)).toEqual(rows.map(() => 1));
    await unsubscribeAll(dead);
  });
});

describe('failing push subscriptions', () => {
  it('are backed off (their jobs wait without spending attempts), then dropped; a success resets the streak', async () => {
    const [failing, flaky] = await subscribeMany(2);
    h.push.unavailable.add(failing!.json.endpoint);
    h.push.unavailable.add(flaky!.json.endpoint);
    const first = await h.t.createTicket();
    await h.t.notifier.dispatcher.runOnce();
    const second = await h.t.createTicket();
    await h.t.notifier.dispatcher.runOnce();
    const jobsOf = async (endpoint: string) => {
      const [sub] = await h.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      const jobs = (await allJobs(h.t.db)).filter((j) => j.channel === 'push' && [first.id, second.id].includes(j.ticketId!));
      return { sub, jobs: sub ? jobs.filter((j) => (j.payload as { subscriptionId: string }).subscriptionId === sub.id) : jobs };
    };
    // One send per subscription reached the service; the other job was deferred to the backoff's end.
    let state = await jobsOf(failing!.json.endpoint);
    expect(state.sub).toMatchObject({ failures: 1 });
    expect(state.sub!.retryAt!.getTime() - h.t.clock.now().getTime()).toBe(subscriptionBackoff(1));
    expect(state.jobs.map((j) => j.attempts).sort()).toEqual([0, 1]);
    expect(state.jobs.find((j) => j.attempts === 0)!.lastError).toMatch(/^Push endpoint failing \(1 failed sends in a row\); next try at /);

    // The flaky one recovers: its streak ends and both jobs are delivered.
    h.push.unavailable.delete(flaky!.json.endpoint);
    for (let i = 0; i < 4; i += 1) {
      h.t.clock.advance(3_600_000);
      await h.t.notifier.dispatcher.runOnce();
    }
    const recovered = await jobsOf(flaky!.json.endpoint);
    expect(recovered.sub).toMatchObject({ failures: 0, failingSince: null, retryAt: null });
    expect(recovered.jobs.map((j) => j.status)).toEqual(['sent', 'sent']);
    expect(h.push.payloadsFor(flaky!)).toHaveLength(2);

    // The failing one reached pushMaxFailures (3) and is gone; its jobs failed, never more than 3 sends.
    state = await jobsOf(failing!.json.endpoint);
    expect(state.sub).toBeUndefined();
    const [dropped] = await h.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, failing!.json.endpoint));
    expect(dropped).toBeUndefined();
    const failingJobs = (await h.t.db.select().from(notificationJobs).where(inArray(notificationJobs.ticketId, [first.id, second.id]))).filter(
      (j) => j.channel === 'push' && j.status === 'failed',
    );
    expect(failingJobs).toHaveLength(2);
    expect(failingJobs.map((j) => j.lastError).join('\n')).toMatch(/subscription removed after 3 failed sends in a row/);
    h.push.unavailable.delete(failing!.json.endpoint);
    await unsubscribeAll([flaky!]);
  });
});
