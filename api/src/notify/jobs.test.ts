/**
 * The outbox table (notify/jobs.ts): a lane claims the earliest due jobs of its own
 * channel, pending ones and those whose lease ran out merged in due order; the probe names each
 * channel with something due (both read the channel's part of notification_jobs_due_idx); a batch's
 * deliveries are recorded in one statement, only for the jobs whose lease the lane still holds.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationJobs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { claimDueJobs, dueChannels, insertJobs, markSent, type NewJob } from './jobs';
import type { TicketSnapshot } from '@portal/shared';

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const T0 = new Date('2026-11-24T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ticket = { ticketNumber: 'TKT-000001' } as TicketSnapshot;

/** A customer confirmation (e-mail) or a customer SMS to `recipient`. */
const job = (channel: 'email' | 'sms', recipient: string): NewJob => ({
  channel,
  recipient,
  summary: recipient,
  ticketId: null,
  payload: channel === 'email' ? { kind: 'customer_confirmation', ticket } : { kind: 'customer_sms', ticket },
});

it("claims the earliest due jobs of its channel, an expired lease in its due order; the probe names each channel with a job due", async () => {
  // e-mails due at minutes 0, 2 and 4, one at minute 30 (not due yet); an SMS due at minute 1.
  await insertJobs(h.db, [job('email', 'first@example.com')], at(0));
  await insertJobs(h.db, [job('sms', '+15550100')], at(1));
  await insertJobs(h.db, [job('email', 'third@example.com')], at(2));
  await insertJobs(h.db, [job('email', 'fourth@example.com')], at(4));
  await insertJobs(h.db, [job('email', 'later@example.com')], at(30));
  expect(await dueChannels(h.db, at(5))).toEqual(new Set(['email', 'sms']));

  // A process claims the first e-mail with a 1-minute lease and dies: it is due again from minute 1.
  const [lost] = await claimDueJobs(h.db, at(0), 1, 60_000, 'email');
  expect(lost?.recipient).toBe('first@example.com');
  expect(await dueChannels(h.db, at(0.9))).toEqual(new Set()); // leased; the SMS is due at minute 1

  const claimed = await claimDueJobs(h.db, at(5), 2, 60_000, 'email');
  expect(claimed.map((j) => [j.recipient, j.attempts])).toEqual([
    ['first@example.com', 2],
    ['third@example.com', 1],
  ]);
  const rest = await claimDueJobs(h.db, at(5), 10, 60_000, 'email');
  expect(rest.map((j) => j.recipient)).toEqual(['fourth@example.com']);
  expect(await claimDueJobs(h.db, at(5), 10, 60_000, 'email')).toEqual([]);
  expect(await dueChannels(h.db, at(5))).toEqual(new Set(['sms']));
  expect((await claimDueJobs(h.db, at(5), 10, 60_000, 'sms')).map((j) => j.recipient)).toEqual(['+15550100']);
  expect(await dueChannels(h.db, at(5))).toEqual(new Set());
  // At minute 30 the later e-mail is due, and every lease taken at minute 5 has run out.
  expect(await dueChannels(h.db, at(30))).toEqual(new Set(['email', 'sms']));
});

it('records a batch as sent in one statement, except a job whose lease another claim took', async () => {
  const recipients = ['batch0@example.com', 'batch1@example.com', 'batch2@example.com'];
  await insertJobs(h.db, recipients.map((r) => job('email', r)), at(100));
  const mine = (await claimDueJobs(h.db, at(100), 50, 60_000, 'email')).filter((j) => recipients.includes(j.recipient));
  expect(mine).toHaveLength(3);
  // Another dispatcher took the first job over (its lease ran out there): a new token.
  const token = randomUUID();
  await h.db.update(notificationJobs).set({ leaseToken: token }).where(eq(notificationJobs.id, mine[0]!.id));

  const written = await markSent(h.db, mine.map((j, i) => ({ job: j, detail: `message ${i}` })), at(100.5));
  expect([...written].sort()).toEqual(mine.slice(1).map((j) => j.id).sort());
  const rows = new Map((await h.db.select().from(notificationJobs).where(inArray(notificationJobs.id, mine.map((j) => j.id)))).map((j) => [j.id, j]));
  expect(rows.get(mine[0]!.id)).toMatchObject({ status: 'sending', leaseToken: token, detail: null });
  mine.slice(1).forEach((j, i) => expect(rows.get(j.id)).toMatchObject({ status: 'sent', detail: `message ${i + 1}`, leaseToken: null }));
});
