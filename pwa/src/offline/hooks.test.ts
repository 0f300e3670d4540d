/**
 * Live reads coalesced while the engine runs a pass (hooks.ts `coalescedLiveQuery`): a reader
 * paused during a pass must show the pass's data as soon as the pass ends, not at its next tick.
 * Seen in the browser: after a technician's first sync the sync bar said 'Last synced ...' while
 * the ticket panel's tag list was still the empty one read before the tags were stored, and
 * 'Add tag' judged a listed tag unknown.
 */
import { describe, expect, it, vi } from 'vitest';
import { coalescedLiveQuery, resumePausedReads } from './hooks';
import { freshDb } from './model-server.testkit';

const LONG_TICK_MS = 60_000;
/** dexie-react-hooks types a subscription as an object or a function. */
const stop = (sub: { unsubscribe(): void } | (() => unknown)) => (typeof sub === 'function' ? sub() : sub.unsubscribe());
/** Time for a reader to react to a write (what a paused reader must NOT do within it). */
const settle = () => new Promise((r) => setTimeout(r, 50));
/** Waits for what a reader must do (a loaded machine's fake IndexedDB read can take longer than {@link settle}). */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe('coalescedLiveQuery while the engine runs', () => {
  it('pauses after a burst of writes and reads the latest state at once when resumed', async () => {
    const { db } = freshDb();
    const seen: number[] = [];
    const read = async () => (await db.records.toArray()).length;
    const sub = coalescedLiveQuery(read, () => true, LONG_TICK_MS).subscribe((n) => seen.push(n));
    await until(() => expect(seen).toEqual([0])); // the first read

    for (let i = 1; i <= 3; i++) {
      await db.records.put({ collection: 'tags', id: `t${i}`, data: {} });
      await settle();
    }
    // Busy: the reader took a change or two at once, then paused until its (long) tick.
    expect(seen.at(-1)).toBeLessThan(3);

    resumePausedReads();
    // At once, not at the tick a minute away.
    await until(() => expect(seen.at(-1)).toBe(3));
    stop(sub);
  });

  it('keeps reading every change while the engine is idle', async () => {
    const { db } = freshDb();
    const seen: number[] = [];
    const sub = coalescedLiveQuery(async () => (await db.records.toArray()).length, () => false, LONG_TICK_MS).subscribe((n) => seen.push(n));
    await until(() => expect(seen).toEqual([0]));
    for (let i = 1; i <= 3; i++) {
      await db.records.put({ collection: 'tags', id: `t${i}`, data: {} });
      await until(() => expect(seen.at(-1)).toBe(i));
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    stop(sub);
  });
});
