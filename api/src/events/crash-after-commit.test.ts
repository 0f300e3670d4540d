/**
 * A crash between COMMIT and the after-commit part (issue 49, docs/events.md): what a 'transaction'
 * subscriber wrote commits with the change, so it survives the crash, exactly once, and any process
 * delivers it; what an 'afterCommit' subscriber would do is lost and nothing replays it (which is why
 * only what may be lost, such as cache invalidation, runs after COMMIT).
 * - In this process (any database): the change commits and the bus's `afterCommit(tx)` is never called.
 * - A real crash (PostgreSQL, DATABASE_URL): a child process commits a ticket through the create path and
 *   SIGKILLs itself before its after-commit part (test/crash-after-commit.child.ts); this app then
 *   finds the ticket and each of its jobs once, sends each once, and no after-commit effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ticketCreateSchema } from '@portal/shared';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createTickets } from '../features/tickets/port';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { testEvents } from '../test/events';
import { defineSubscriber } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.loginAs('admin');
  await t.request('POST', '/api/settings/notification-emails', { token: admin.token, body: { email: 'desk@example.com' } });
  await t.db.execute(sql`create table crash_probe (ticket_id uuid not null)`);
});
afterAll(() => t?.close());

/** The ticket's jobs: kind, recipient, how many, and how many were sent. */
const jobsOf = (ticketId: string) =>
  rowsOf<{ kind: string; recipient: string; n: number; sent: number }>(
    t.db,
    sql`select kind, recipient, count(*)::int as n, count(*) filter (where status = 'sent')::int as sent
        from notification_jobs where ticket_id = ${ticketId} group by 1, 2 order by 1, 2`,
  );
const probed = async (ticketId: string) => (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from crash_probe where ticket_id = ${ticketId}`))[0]!.n;

describe('a crash between COMMIT and the after-commit part', () => {
  it('in-transaction effects are committed once; the after-commit part never ran and nothing replays it', async () => {
    const probe = defineSubscriber({
      name: 'test.after_commit_probe',
      events: ['ticket.created'],
      phase: 'afterCommit',
      async handle(events, { tx }) {
        for (const e of events) await tx.execute(sql`insert into crash_probe (ticket_id) values (${e.data.ticket.id})`);
      },
    });
    const bus = testEvents(t.db, [probe]);
    const input = ticketCreateSchema.parse(ticketBody({ clientName: 'Stopped Customer' }));
    // The owner of the transaction stops after COMMIT: `bus.afterCommit(tx)` is never called.
    const [created] = await t.db.transaction(async (raw) => createTickets(raw as unknown as Database, bus, [{ input, now: new Date() }]));
    const jobs = await jobsOf(created!.id);
    expect(jobs.map((j) => j.kind)).toEqual(expect.arrayContaining(['customer_confirmation', 'new_ticket_staff']));
    expect(jobs.filter((j) => j.n !== 1)).toEqual([]);
    expect(await probed(created!.id)).toBe(0);
    // Another bus (a restarted process) replays nothing: the queue died with the transaction's owner.
    await testEvents(t.db, [probe]).afterCommit(t.db);
    expect(await probed(created!.id)).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)('a process SIGKILLed after COMMIT: its ticket and each job once, each sent once by another process', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../test/crash-after-commit.child.ts')], {
      env: { ...process.env, CRASH_DATABASE_URL: t.databaseUrl! },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal, err).toBe('SIGKILL');
    const id = /committed ([0-9a-f-]{36})/.exec(out)?.[1];
    expect(id, out + err).toBeDefined();

    const ticket = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from support_tickets where id = ${id}`);
    expect(ticket[0]!.n).toBe(1);
    const jobs = await jobsOf(id!);
    expect(jobs.map((j) => j.kind)).toEqual(expect.arrayContaining(['customer_confirmation', 'new_ticket_staff']));
    expect(jobs.filter((j) => j.n !== 1)).toEqual([]);
    expect(await probed(id!)).toBe(0);

    // This process (the one still running) sends what the dead one committed, once each (its test
    // clock started before the child's jobs were due).
    t.clock.current = new Date(Date.now() + 1000);
    await t.notifier.dispatcher.runOnce();
    await t.notifier.dispatcher.runOnce();
    const sent = await jobsOf(id!);
    expect(sent.filter((j) => j.n !== 1 || (j.sent !== 1 && !j.kind.endsWith('_push')))).toEqual([]);
  }, 60_000);
});
