import { describe, expect, it, vi } from 'vitest';
import { createLockPolicy, type Clock } from './lockPolicy';

/** A clock whose time moves only by `advance`, firing due timers. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fn();
      }
    }
  };
  return { clock, advance, pending: () => timers.size };
}

const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

describe('offline vault lock policy (idle timer and hidden page, injectable clock)', () => {
  it('locks after idleMs without activity; activity re-arms the timer', () => {
    const { clock, advance } = fakeClock();
    const onLock = vi.fn();
    const policy = createLockPolicy({ idleMs: 60_000, onLock, clock });
    policy.start();
    advance(50_000);
    document.dispatchEvent(new Event('keydown'));
    advance(50_000);
    expect(onLock).not.toHaveBeenCalled();
    advance(10_000);
    expect(onLock).toHaveBeenCalledTimes(1);
    policy.stop();
  });

  it('locks when the page is hidden, and stop() removes the timer and every listener', () => {
    const { clock, advance, pending } = fakeClock();
    const onLock = vi.fn();
    const policy = createLockPolicy({ idleMs: 60_000, onLock, clock });
    policy.start();
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onLock).toHaveBeenCalledTimes(1);

    policy.stop();
    expect(pending()).toBe(0);
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('pointerdown'));
    advance(120_000);
    expect(onLock).toHaveBeenCalledTimes(1);
    setVisibility('visible');
  });
});
