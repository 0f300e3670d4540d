/**
 * Claims and chunks (issue 58, dispatcher.ts): a lane claims up to 50 jobs in one statement and
 * sends them 10 at a time, yielding to requests between chunks when the thread is busy; the lease
 * of the unsent rest is renewed so a claim never outlives it; a crash mid-claim re-sends only what
 * was not recorded; a stopped lane gives its unsent rest back. A test `deliver` stands in for the
 * providers (it sees each send and its claim's lease token) and moves the test clock to play a slow one.
 * Every test leaves all its jobs sent, so each claim holds only the test's own jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import { notificationJobs } from '../db/schema';
import { silentLogger } from '../logger';
import { startNotifyTestApp, type NotifyTestApp } from '../test/notify';
import type { Deliver } from './deliver';
import { Dispatcher } from './dispatcher';
import { insertJobs, type JobRow } from './jobs';

let h: NotifyTestApp;

beforeAll(async () => {
  h = await startNotifyTestApp();
});
afterAll(() => h.close());

describe('claims and chunks (issue 58)', () => {
  /** Writes `n` e-mail jobs of a kind only these tests' `deliver` sends, due now; returns their ids in creation order. */
  async function dueJobs(n: number, tag: string): Promise<string[]> {
    const now = h.t.clock.now();
    for (let i = 0; i < n; i += 1) {
      h.t.clock.advance(1); // distinct creation times: claims keep creation order
      const job = { channel: 'email' as const, recipient: `${tag}${i}@chunk.test`, summary: `${tag} ${i}`, ticketId: null, payload: { kind: 'chunk_test', i } };
      await insertJobs(h.t.db, [{ ...job, dueAt: now }], h.t.clock.now());
    }
    const rows = await h.t.db.select().from(notificationJobs).where(eq(notificationJobs.kind, 'chunk_test'));
    return rows.filter((r) => r.recipient.startsWith(tag)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
  }
  const rowsOf = (ids: string[]) => h.t.db.select().from(notificationJobs).where(inArray(notificationJobs.id, ids));

  /** A dispatcher over the test database with this `deliver` and the production sizes unless given. */
  function chunkDispatcher(deliver: Deliver, tuning: { leaseMs?: number } = {}): Dispatcher {
    return new Dispatcher({ db: h.t.db, logger: silentLogger, clock: h.t.clock.now, deliver, maxAttempts: 8, pollMs: 60_000, ...tuning });
  }

  /** What a test `deliver` saw: each send's job, and the most sends in flight at once. */
  function recorder(send: (job: JobRow, n: number) => Promise<string> = async () => 'ok') {
    const seen: JobRow[] = [];
    let inFlight = 0;
    const state = {
      seen,
      most: 0,
      deliver: (async (job) => {
        const row = job as JobRow;
        seen.push(row);
        state.most = Math.max(state.most, ++inFlight);
        try {
          await new Promise((r) => setTimeout(r, 1)); // the sends of a chunk overlap
          return await send(row, seen.length - 1);
        } finally {
          inFlight -= 1;
        }
      }) as Deliver,
    };
    return state;
  }

  it('claims 50 due jobs in one statement, sends at most 10 at once, and records them at the end of the claim', async () => {
    const ids = await dueJobs(50, 'one-claim');
    const r = recorder(async () => {
      h.t.clock.advance(1); // each statement after a send writes its own time: distinct sent_at = distinct markSent statements
      return 'ok';
    });
    expect(await chunkDispatcher(r.deliver).runOnce()).toBe(50);
    expect(r.seen.map((j) => j.id).sort()).toEqual([...ids].sort());
    expect(new Set(r.seen.map((j) => j.leaseToken)).size, 'claim statements').toBe(1);
    expect(r.most, 'sends at once').toBe(10);
    const rows = await rowsOf(ids);
    expect(rows.map((j) => [j.status, j.attempts])).toEqual(rows.map(() => ['sent', 1]));
    // One at the claim's end (a second: only if the machine stalled the claim a whole second, chunks.ts RECORD_EVERY_MS).
    expect(new Set(rows.map((j) => j.sentAt!.getTime())).size, 'markSent statements').toBeLessThanOrEqual(2);
  });

  it('a paced lane yields to requests between the chunks of a claim while the thread is busy', async () => {
    const ids = await dueJobs(30, 'paced');
    const starts: number[] = [];
    const ends: number[] = [];
    const r = recorder(async () => {
      starts.push(performance.now());
      const until = performance.now() + 6; // 10 sends keep the thread busy for 60 ms
      while (performance.now() < until);
      ends.push(performance.now());
      return 'ok';
    });
    const d = chunkDispatcher(r.deliver);
    d.start();
    try {
      await expect.poll(async () => (await rowsOf(ids)).filter((j) => j.status === 'sent').length, { timeout: 10_000 }).toBe(30);
    } finally {
      await d.stop();
    }
    expect(new Set(r.seen.map((j) => j.leaseToken)).size, 'claim statements').toBe(1);
    // Between the chunks no statement runs: the gap is the yield (steps of 10 ms) after a busy chunk.
    for (const chunk of [1, 2]) {
      const gap = starts[chunk * 10]! - Math.max(...ends.slice((chunk - 1) * 10, chunk * 10));
      expect(gap, `pause before chunk ${chunk + 1}`).toBeGreaterThanOrEqual(9);
    }
  });

  it('renews the lease of the unsent rest once half of it is spent: a claim never outlives its lease', async () => {
    const ids = await dueJobs(50, 'lease');
    const late: string[] = [];
    const r = recorder(async (job) => {
      // Still ours when its send starts: another dispatcher could not have claimed it.
      const [row] = await rowsOf([job.id]);
      if (!(row!.status === 'sending' && row!.leaseToken === job.leaseToken && row!.nextAttemptAt > h.t.clock.now())) late.push(job.recipient);
      h.t.clock.advance(2_000); // a slow provider: a chunk of 10 takes 20 s, the claim 100 s
      return 'ok';
    });
    await chunkDispatcher(r.deliver, { leaseMs: 60_000 }).runOnce();
    expect(late, 'sends started after the lease').toEqual([]);
    expect(new Set(r.seen.map((j) => j.leaseToken)).size).toBe(1);
    const rows = await rowsOf(ids);
    expect(rows.map((j) => [j.status, j.attempts])).toEqual(rows.map(() => ['sent', 1]));
  });

  it('a process that dies mid-claim: after the lease only the unrecorded jobs are sent again', async () => {
    const ids = await dueJobs(50, 'crash');
    let release = () => {};
    const dead = new Promise<void>((r) => (release = r));
    // 20 s per chunk, 60 s lease: before the third chunk the first two are recorded and the rest renewed;
    // then the process "dies": its sends never return (until the end of the test).
    const a = recorder(async (_job, n) => {
      if (n >= 20) {
        await dead;
        return 'too late';
      }
      h.t.clock.advance(2_000);
      return 'ok';
    });
    const crashed = chunkDispatcher(a.deliver, { leaseMs: 60_000 }).runOnce();
    await expect.poll(() => a.seen.length, { timeout: 10_000 }).toBe(30);
    const recorded = (await rowsOf(ids)).filter((j) => j.status === 'sent').map((j) => j.id);
    expect(recorded.sort()).toEqual(a.seen.slice(0, 20).map((j) => j.id).sort());

    h.t.clock.advance(60_001); // the renewed lease is over
    const b = recorder();
    expect(await chunkDispatcher(b.deliver, { leaseMs: 60_000 }).runOnce()).toBe(30);
    expect(b.seen.map((j) => j.id).sort()).toEqual(ids.filter((id) => !recorded.includes(id)).sort());
    release();
    await crashed; // its late outcomes are not written: the jobs are the other process's now
    expect(a.seen).toHaveLength(30);
    const rows = await rowsOf(ids);
    expect(rows.filter((j) => j.status === 'sent')).toHaveLength(50);
    expect(rows.filter((j) => j.attempts === 2).map((j) => j.id).sort()).toEqual(b.seen.map((j) => j.id).sort());
  });

  it('a lane stopped mid-claim records the chunk it sent and gives the rest back, due at once and no attempt spent', async () => {
    const ids = await dueJobs(50, 'stop');
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const r = recorder(async () => {
      await gate;
      return 'ok';
    });
    const d = chunkDispatcher(r.deliver);
    d.start();
    await expect.poll(() => r.seen.length, { timeout: 10_000 }).toBe(10);
    const stopped = d.stop();
    release();
    await stopped;
    expect(r.seen).toHaveLength(10);
    const rows = await rowsOf(ids);
    const sent = rows.filter((j) => j.status === 'sent');
    expect(sent.map((j) => j.id).sort()).toEqual(r.seen.map((j) => j.id).sort());
    const back = rows.filter((j) => j.status !== 'sent');
    expect(back).toHaveLength(40);
    expect(back.map((j) => [j.status, j.attempts, j.leaseToken, j.nextAttemptAt <= h.t.clock.now()])).toEqual(back.map(() => ['pending', 0, null, true]));
    await chunkDispatcher(recorder().deliver).runOnce();
    expect((await rowsOf(ids)).every((j) => j.status === 'sent')).toBe(true);
  });
});
