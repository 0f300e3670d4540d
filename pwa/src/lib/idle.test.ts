import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdIdle, whenIdle } from './idle';

afterEach(() => vi.useRealTimers());

describe('whenIdle / holdIdle (idle loads wait until the page is usable)', () => {
  it('runs idle work at once when nothing holds it, and waits while a page holds it', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenIdle(run);
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);

    const release = holdIdle();
    const later = vi.fn();
    whenIdle(later);
    vi.advanceTimersByTime(100);
    expect(later).not.toHaveBeenCalled();
    release();
    release(); // a second call does nothing
    vi.advanceTimersByTime(0);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('a hold ends by itself after its limit, and a cancelled call never runs', () => {
    vi.useFakeTimers();
    holdIdle(1000);
    const run = vi.fn();
    const cancelled = vi.fn();
    whenIdle(run);
    const cancel = whenIdle(cancelled);
    vi.advanceTimersByTime(500);
    cancel();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
