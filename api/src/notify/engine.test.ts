/**
 * The engine with registered kinds (DESIGN.md 6, api/README.md "To add an alert"): kinds declared
 * outside notify are enqueued in the caller's transaction, looked up and rendered by the dispatcher;
 * `dueAt` makes timed work, `dedupeKey` one job per key ever; a job whose kind this build does not
 * know is kept (deferred, shown in the delivery log) and sent by a build that knows it.
 * Providers here are recording stand-ins of notify's own interfaces; delivery through the real
 * libraries is covered by dispatcher.test.ts and the features' alert tests.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@portal/shared';
import type { Config } from '../config';
import { IN_MEMORY, openDatabase, type Database } from '../db/client';
import { notificationJobs, users } from '../db/schema';
import { silentLogger, type Logger } from '../logger';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { createDeliver } from './deliver';
import { Dispatcher } from './dispatcher';
import { deliveryFaultAlert } from './faultAlert';
import { createKindRegistry, type AnyJobKind } from './kinds';
import { PermanentError, defineJobKind, emailContent, enqueue, enqueueJobs, prepareJob, toDelivery } from './index';
import type { EmailMessage, Providers, SmsMessage } from './types';

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const T0 = new Date('2026-11-26T08:00:00Z');
let now = T0;
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const brand = { appName: 'Acme', supportPhone: '1', supportEmail: 'help@acme.test', publicUrl: 'https://acme.test' };

/** Providers that record what they are handed. */
function recordingProviders() {
  const sent = { email: [] as EmailMessage[], sms: [] as SmsMessage[], push: [] as PushPayload[] };
  const providers: Providers = {
    email: { description: 'test', send: async (m) => (sent.email.push(m), { detail: `mail ${sent.email.length}` }), close: () => {} },
    sms: { description: 'test', send: async (m) => (sent.sms.push(m), { detail: `sms ${sent.sms.length}` }) },
    push: { description: 'test', publicKey: async () => 'k', send: async (_t, p) => (sent.push.push(p), { detail: 'push' }) },
  };
  return { sent, providers };
}

/** Warnings the dispatchers logged. */
const warnings: { msg: string; data?: Record<string, unknown> }[] = [];
const logger: Logger = { ...silentLogger, warn: (msg, data) => warnings.push({ msg, ...(data ? { data } : {}) }) };

/** A dispatcher that knows `kinds` (one build of the API). */
function dispatcherFor(kinds: AnyJobKind[], providers: Providers) {
  const deliver = createDeliver({ db: h.db, providers, brand, config: {} as Config, registry: createKindRegistry(kinds), clock: () => now });
  return new Dispatcher({ db: h.db, deliver, logger, clock: () => now, maxAttempts: 3, pollMs: 60_000 });
}

const reminders: string[] = [];
/** A kind as a feature declares it: an e-mail with a summary, a ticket-less job and a `sent` hook. */
const reminder = defineJobKind<{ name: string; dueText: string }, 'email'>({
  kind: 'engine_test_reminder',
  channel: 'email',
  summary: (p) => `Reminder for ${p.name}`,
  render: (p, ctx) => emailContent({ subject: `Reminder\n${p.dueText}`, title: 'Reminder', blocks: [{ type: 'p', text: `Hello ${p.name} <3` }] }, ctx.brand),
  sent: async (p) => {
    reminders.push(p.name);
  },
});
const page = defineJobKind<{ code: number }, 'sms'>({ kind: 'engine_test_page', channel: 'sms', summary: (p) => `Page ${p.code}`, render: (p) => ({ body: `code ${p.code}` }) });

const jobsOfKind = (kind: string) => h.db.select().from(notificationJobs).where(eq(notificationJobs.kind, kind));

describe('kinds and the registry', () => {
  it('refuses a kind name that is not lower snake case, and two kinds of one name', () => {
    expect(() => defineJobKind({ kind: 'Bad-Name', channel: 'sms', summary: () => '', render: () => ({ body: '' }) })).toThrow('lower snake case');
    const twin = defineJobKind({ kind: 'engine_test_page', channel: 'sms', summary: () => '', render: () => ({ body: '' }) });
    expect(() => createKindRegistry([page, twin])).toThrow('engine_test_page is registered twice');
    expect(createKindRegistry([page, page, reminder]).names()).toEqual(['engine_test_page', 'engine_test_reminder']);
  });

  it('prepareJob stores the facts with the kind, the summary, the recipient; push keeps the subscription', () => {
    const push = defineJobKind<{ n: number }, 'push'>({ kind: 'engine_test_push', channel: 'push', ticketId: () => null, summary: (p) => `n=${p.n}`, render: (p) => ({ title: `${p.n}`, body: '', url: '/' }) });
    expect(prepareJob(push, { to: { id: 'sub-1', username: 'sam' }, payload: { n: 2 } })).toEqual({
      channel: 'push',
      recipient: 'push:sam',
      summary: 'n=2',
      ticketId: null,
      payload: { n: 2, kind: 'engine_test_push', subscriptionId: 'sub-1' },
      dueAt: null,
      dedupeKey: null,
    });
  });
});

describe('enqueue and dispatch', () => {
  it('writes in the caller transaction: a rollback leaves no job', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await enqueue(tx as never, page, { to: '+15550001', payload: { code: 1 } }, now);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOfKind('engine_test_page')).toEqual([]);
  });

  it('renders and sends a registered kind, runs its sent hook once, and waits for dueAt', async () => {
    const { sent, providers } = recordingProviders();
    const d = dispatcherFor([reminder, page], providers);
    now = T0;
    await enqueue(h.db, reminder, { to: 'ann@example.com', payload: { name: 'Ann', dueText: 'today' } }, now);
    await enqueue(h.db, reminder, { to: 'bob@example.com', payload: { name: 'Bob', dueText: 'in an hour' }, dueAt: minutes(60) }, now);
    expect(await d.runOnce()).toBe(1);
    expect(sent.email).toHaveLength(1);
    expect(sent.email[0]).toMatchObject({ to: 'ann@example.com', subject: 'Reminder today' });
    expect(sent.email[0]!.html).toContain('Hello Ann &lt;3');
    expect(reminders).toEqual(['Ann']);
    now = minutes(59);
    expect(await d.runOnce()).toBe(0);
    now = minutes(60);
    expect(await d.runOnce()).toBe(1);
    expect(sent.email.map((m) => m.to)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(reminders).toEqual(['Ann', 'Bob']);
    const rows = await jobsOfKind('engine_test_reminder');
    expect(rows.map((r) => [r.summary, r.status, r.recipient]).sort()).toEqual([
      ['Reminder for Ann', 'sent', 'ann@example.com'],
      ['Reminder for Bob', 'sent', 'bob@example.com'],
    ]);
  });

  it('dedupeKey: one job per kind and key, ever (also within a batch and after it was sent); other kinds keep their own keys', async () => {
    now = minutes(120);
    expect(await enqueue(h.db, page, { to: '+15550002', payload: { code: 7 }, dedupeKey: 'ticket-1:sla' }, now)).toBe(true);
    expect(await enqueue(h.db, page, { to: '+15550002', payload: { code: 8 }, dedupeKey: 'ticket-1:sla' }, now)).toBe(false);
    const batch = [
      prepareJob(page, { to: '+15550003', payload: { code: 9 }, dedupeKey: 'ticket-2:sla' }),
      prepareJob(page, { to: '+15550003', payload: { code: 10 }, dedupeKey: 'ticket-2:sla' }),
      prepareJob(page, { to: '+15550003', payload: { code: 11 } }),
    ];
    expect(await enqueueJobs(h.db, batch, now)).toBe(2);
    expect(await enqueue(h.db, reminder, { to: 'x@example.com', payload: { name: 'X', dueText: '' }, dedupeKey: 'ticket-1:sla' }, now)).toBe(true);
    const { providers } = recordingProviders();
    await dispatcherFor([reminder, page], providers).runOnce();
    expect(await enqueue(h.db, page, { to: '+15550002', payload: { code: 12 }, dedupeKey: 'ticket-1:sla' }, now)).toBe(false);
    const codes = (await jobsOfKind('engine_test_page')).map((r) => (r.payload as { code: number }).code).sort((a, b) => a - b);
    expect(codes).toEqual([7, 9, 11]);
  });

  it('dedupeKey holds across processes: two transactions enqueueing one key at once write one job', async () => {
    now = minutes(150);
    // Another pool is another process on PostgreSQL; PGlite has one connection, so its transactions take turns.
    const other = h.url ? await openDatabase({ databaseUrl: h.url, dataDir: IN_MEMORY, poolSize: 2, onPoolError: () => {} }) : null;
    try {
      const write = (db: Database, code: number) =>
        db.transaction(async (tx) => enqueue(tx as unknown as Database, page, { to: '+15550009', payload: { code }, dedupeKey: 'race' }, now));
      const results = await Promise.all([write(h.db, 20), write(other?.db ?? h.db, 21)]);
      expect(results.sort()).toEqual([false, true]);
      const rows = (await jobsOfKind('engine_test_page')).filter((r) => r.dedupeKey === 'engine_test_page:race');
      expect(rows).toHaveLength(1);
      await dispatcherFor([page], recordingProviders().providers).runOnce();
    } finally {
      await other?.close();
    }
  });

  it('keeps a job of a kind this build does not know: deferred without an attempt, shown in the delivery log, sent by a build that knows it', async () => {
    now = minutes(200);
    const newer = defineJobKind<{ v: number }, 'sms'>({ kind: 'engine_test_from_newer_build', channel: 'sms', summary: () => 'Newer alert', render: (p) => ({ body: `v${p.v}` }) });
    await enqueue(h.db, newer, { to: '+15550004', payload: { v: 2 } }, now);
    const older = recordingProviders();
    expect(await dispatcherFor([reminder, page], older.providers).runOnce()).toBe(1);
    expect(older.sent.sms).toEqual([]);
    const [row] = await jobsOfKind('engine_test_from_newer_build');
    const delivery = toDelivery(row!);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, kind: 'engine_test_from_newer_build', summary: 'Newer alert' });
    expect(delivery.lastError).toMatch(/^Unknown job kind "engine_test_from_newer_build" \(not registered in this version of the API\); kept/);
    expect(row!.nextAttemptAt.getTime()).toBe(minutes(260).getTime());
    expect(warnings.filter((w) => w.data?.kind === 'engine_test_from_newer_build').map((w) => w.msg)).toEqual(['notification deferred']);
    // Another process running the newer build claims it once it is due again.
    now = minutes(260);
    const current = recordingProviders();
    expect(await dispatcherFor([newer], current.providers).runOnce()).toBe(1);
    expect(current.sent.sms).toEqual([{ to: '+15550004', body: 'v2' }]);
    expect((await jobsOfKind('engine_test_from_newer_build'))[0]!.status).toBe('sent');
  });

  it('fails a job whose kind now names another channel, and a render that throws PermanentError, with the reason', async () => {
    now = minutes(300);
    const broken = defineJobKind<{ ok: boolean }, 'email'>({
      kind: 'engine_test_broken',
      channel: 'email',
      summary: () => 'Broken',
      render: () => {
        throw new PermanentError('Nothing to render');
      },
    });
    await enqueue(h.db, broken, { to: 'a@b.c', payload: { ok: false } }, now);
    const asSms = defineJobKind<{ ok: boolean }, 'sms'>({ kind: 'engine_test_broken', channel: 'sms', summary: () => '', render: () => ({ body: '' }) });
    const { providers } = recordingProviders();
    await dispatcherFor([asSms], providers).runOnce();
    const [first] = await jobsOfKind('engine_test_broken');
    expect([first!.status, first!.lastError]).toEqual(['failed', 'Job kind engine_test_broken sends sms, not email']);
    await enqueue(h.db, broken, { to: 'c@d.e', payload: { ok: false } }, now);
    await dispatcherFor([broken], providers).runOnce();
    const rows = await jobsOfKind('engine_test_broken');
    expect(rows.map((r) => r.lastError).sort()).toEqual(['Job kind engine_test_broken sends sms, not email', 'Nothing to render']);
  });

  it('parks a job whose render throws a programming error as failed after one attempt and alerts the admins once a day', async () => {
    now = minutes(400);
    await h.db.insert(users).values([
      { username: 'fault-admin', password: 'x', email: 'Boss@Acme.test', role: 'admin' },
      { username: 'fault-admin-off', password: 'x', email: 'gone@acme.test', role: 'admin', disabledAt: now },
      { username: 'fault-tech', password: 'x', email: 'tech@acme.test', role: 'technician' },
    ]);
    const buggy = defineJobKind<{ change?: { type: string } }, 'email'>({
      kind: 'engine_test_buggy',
      channel: 'email',
      summary: () => 'Buggy update',
      render: (p, ctx) => emailContent({ subject: 'Update', title: 'Update', blocks: [{ type: 'p', text: p.change!.type }] }, ctx.brand),
    });
    await enqueue(h.db, buggy, { to: 'customer@x.test', payload: {} }, now);
    await enqueue(h.db, buggy, { to: 'other@x.test', payload: {} }, now);
    const { sent, providers } = recordingProviders();
    const errors: string[] = [];
    const deliver = createDeliver({ db: h.db, providers, brand, config: {} as Config, registry: createKindRegistry([buggy, deliveryFaultAlert]), clock: () => now });
    const d = new Dispatcher({ db: h.db, deliver, logger: { ...logger, error: (msg) => errors.push(msg) }, clock: () => now, maxAttempts: 8, pollMs: 60_000 });
    await d.runOnce();
    const failed = await jobsOfKind('engine_test_buggy');
    expect(failed.map((j) => [j.status, j.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(failed[0]!.lastError).toMatch(/^Not sent: a fault in the portal kept this message from being built \(not a provider problem, so it is not retried; administrators were alerted\)\. Detail: Cannot read properties of undefined \(reading 'type'\)$/);
    expect(errors).toEqual(['notification could not be built', 'notification could not be built']);
    // One alert for the two failures, to the enabled admin only; it was sent in the same pass.
    const alerts = await jobsOfKind('delivery_fault_admin');
    expect(alerts.map((j) => [j.recipient, j.status])).toEqual([['boss@acme.test', 'sent']]);
    const mail = sent.email.find((m) => m.to === 'boss@acme.test')!;
    expect(mail.subject).toBe('Admin alert: a message could not be sent (engine_test_buggy)');
    expect(mail.text).toContain("Error: Cannot read properties of undefined (reading 'type')");
    expect(mail.text).toContain('Open Recent Deliveries: https://acme.test/admin/settings');
    expect(sent.email.filter((m) => m.to !== 'boss@acme.test')).toEqual([]);
    // The next day a new failure of the same kind alerts again.
    now = minutes(400 + 24 * 60);
    await enqueue(h.db, buggy, { to: 'third@x.test', payload: {} }, now);
    await d.runOnce();
    expect((await jobsOfKind('delivery_fault_admin')).length).toBe(2);
  });
});
