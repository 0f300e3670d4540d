/**
 * Live reads coalesced while the engine runs a pass (hooks.ts `coalescedLiveQuery`): a reader
 * paused during a pass must show the pass's data as soon as the pass ends, not at its next tick.
 * Seen in the browser: after a technician's first sync the sync bar said 'Last synced ...' while
 * the ticket panel's tag list was still the empty one read before the tags were stored, and
 * 'Add tag' judged a listed tag unknown.
 */
import { describe, expect, it } from 'vitest';
import { coalescedLiveQuery, resumePausedReads } from './hooks';
import { freshDb } from './model-server.testkit';

const LONG_TICK_MS = 60_000;
/** dexie-react-hooks types a subscription as an object or a function. */
const stop = (sub: { unsubscribe(): void } | (() => unknown)) => (typeof sub === 'function' ? sub() : sub.unsubscribe());
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('coalescedLiveQuery while the engine runs', () => {
  it('pauses after a burst of writes and reads the latest state at once when resumed', async () => {
    const { db } = freshDb();
    const seen: number[] = [];
    const read = async () => (await db.records.toArray()).length;
    const sub = coalescedLiveQuery(read, () => true, LONG_TICK_MS).subscribe((n) => seen.push(n));
    await settle();
    expect(seen).toEqual([0]); // the first read

    for (let i = 1; i <= 3; i++) {
      await db.records.put({ collection: 'tags', id: `t${i}`, data: {} });
      await settle();
    }
    // Busy: the reader took a change or two at once, then paused until its (long) tick.
    expect(seen.at(-1)).toBeLessThan(3);

    resumePausedReads();
    await settle();
    expect(seen.at(-1)).toBe(3);
    stop(sub);
  });

  it('keeps reading every change while the engine is idle', async () => {
    const { db } = freshDb();
    const seen: number[] = [];
    const sub = coalescedLiveQuery(async () => (await db.records.toArray()).length, () => false, LONG_TICK_MS).subscribe((n) => seen.push(n));
    await settle();
    for (let i = 1; i <= 3; i++) {
      await db.records.put({ collection: 'tags', id: `t${i}`, data: {} });
      await settle();
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    stop(sub);
  });
});
