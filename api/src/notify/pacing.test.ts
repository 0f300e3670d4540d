/**
 * The outbox's background pacing (chunks.ts `yieldToRequests`) on the real event loop: a lane
 * waits while other work keeps the thread busy, and not when the thread is quiet. No app here, so
 * this file's own work never counts as other work.
 */
import { describe, expect, it } from 'vitest';
import { yieldToRequests } from './chunks';

describe('pacing', () => {
  it('pauses the next batch while the thread is busy with other work, and not when it is idle', async () => {
    // The API files share workers (vitest `isolate: false`): work another file left behind may keep
    // the thread busy for a moment, so up to five tries look for it quiet. A lane that always waited
    // the longest pause still fails.
    let quiet = 0;
    for (let attempt = 0; attempt < 5 && quiet !== 10; attempt++) quiet = await yieldToRequests();
    expect(quiet).toBe(10);
    // Other work keeps the thread about 90% busy: the lane waits the longest pause, 100 ms.
    const busy = setInterval(() => {
      const until = performance.now() + 9;
      while (performance.now() < until);
    }, 1);
    try {
      expect(await yieldToRequests()).toBe(100);
    } finally {
      clearInterval(busy);
    }
  });
});
