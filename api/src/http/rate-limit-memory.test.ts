/**
 * The timer-free in-memory limiter (rate-limit-memory.ts): the library's RateLimiterMemory answers
 * on a storage that keeps no timer per key and drops ended windows itself (API memory).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LeanRateLimiterMemory, SWEEP_INTERVAL_MS, SweptMemoryStorage } from './rate-limit-memory';

const storageOf = (limiter: RateLimiterMemory) => (limiter as unknown as { _memoryStorage: SweptMemoryStorage })._memoryStorage;

/** The rejection of a consume past the budget (rate-limiter-flexible rejects with a RateLimiterRes). */
async function refusal(promise: Promise<unknown>): Promise<RateLimiterRes> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(RateLimiterRes);
  return outcome as RateLimiterRes;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LeanRateLimiterMemory', () => {
  it('counts 10 000 client addresses without a single timer (the library keeps one per key)', async () => {
    const lean = new LeanRateLimiterMemory({ points: 10, duration: 60 });
    for (let i = 0; i < 10_000; i++) await lean.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(storageOf(lean)).toBeInstanceOf(SweptMemoryStorage);
    expect(storageOf(lean)._storage.size).toBe(10_000);
    expect(vi.getTimerCount()).toBe(0);

    const library = new RateLimiterMemory({ points: 10, duration: 60 });
    for (let i = 0; i < 100; i++) await library.consume(`10.0.0.${i}`);
    expect(vi.getTimerCount()).toBe(100); // what the lean storage saves
  });

  it('allows the budget per window, refuses with the time left, and opens a new window after it', async () => {
    const limiter = new LeanRateLimiterMemory({ keyPrefix: 'ticketCreate', points: 3, duration: 60 });
    const first = await limiter.consume('203.0.113.7');
    expect(first).toMatchObject({ consumedPoints: 1, remainingPoints: 2, msBeforeNext: 60_000, isFirstInDuration: true });
    await limiter.consume('203.0.113.7');
    vi.advanceTimersByTime(20_000);
    expect(await limiter.consume('203.0.113.7')).toMatchObject({ consumedPoints: 3, remainingPoints: 0, msBeforeNext: 40_000 });
    const refused = await refusal(limiter.consume('203.0.113.7'));
    expect(refused).toMatchObject({ consumedPoints: 4, remainingPoints: 0, msBeforeNext: 40_000 });
    expect((await limiter.consume('198.51.100.1')).consumedPoints).toBe(1); // another address, its own budget

    vi.advanceTimersByTime(40_000);
    expect(await limiter.get('203.0.113.7')).toBeNull();
    expect(await limiter.consume('203.0.113.7')).toMatchObject({ consumedPoints: 1, isFirstInDuration: true });
  });

  it('counts penalties and rewards, blocks, and deletes (the failed-login calls)', async () => {
    const limiter = new LeanRateLimiterMemory({ points: 5, duration: 900 });
    await limiter.penalty('ip:user', 2);
    expect(await limiter.get('ip:user')).toMatchObject({ consumedPoints: 2, remainingPoints: 3 });
    await limiter.reward('ip:user', 1);
    expect((await limiter.get('ip:user'))?.consumedPoints).toBe(1);
    await limiter.block('ip:user', 30);
    expect((await refusal(limiter.consume('ip:user'))).msBeforeNext).toBe(30_000);
    expect(await limiter.delete('ip:user')).toBe(true);
    expect(await limiter.delete('ip:user')).toBe(false);
    expect(await limiter.get('ip:user')).toBeNull();
  });

  it('drops ended windows by itself while keys are written, oldest first', async () => {
    const limiter = new LeanRateLimiterMemory({ points: 10, duration: 60 });
    for (let i = 0; i < 500; i++) await limiter.consume(`a${i}`);
    vi.advanceTimersByTime(30_000);
    for (let i = 0; i < 500; i++) await limiter.consume(`b${i}`);
    expect(storageOf(limiter)._storage.size).toBe(1_000);

    vi.advanceTimersByTime(30_000 + SWEEP_INTERVAL_MS); // the a-keys' windows ended, the b-keys' still run
    await limiter.consume('c0');
    expect(storageOf(limiter)._storage.size).toBe(501);
    expect(await limiter.get('b0')).toMatchObject({ consumedPoints: 1 });
    expect(await limiter.get('a0')).toBeNull();
  });

  it('dumps and restores its counts with the library (a key whose window ended is not restored)', async () => {
    const limiter = new LeanRateLimiterMemory({ keyPrefix: 'survey', points: 20, duration: 60 });
    await limiter.consume('1.2.3.4', 3);
    const snapshot = limiter.dump();
    expect(snapshot.storage).toEqual([{ key: '1.2.3.4', value: 3, expiresAt: Date.now() + 60_000 }]);

    const restored = new LeanRateLimiterMemory({ keyPrefix: 'survey', points: 20, duration: 60 });
    const late = { ...snapshot, storage: [...snapshot.storage, { key: '5.6.7.8', value: 1, expiresAt: Date.now() - 1 }] };
    expect(restored.restore(late)).toEqual({ invalid: 0, expired: 1, restored: 1 });
    expect(await restored.get('1.2.3.4')).toMatchObject({ consumedPoints: 3, msBeforeNext: 60_000 });
  });
});
