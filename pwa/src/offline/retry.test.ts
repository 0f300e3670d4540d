/**
 * The lie-fi retry cadence (retry.ts) with fake timers: probes every 3-5 s with
 * jitter while allowed, slowly backing off, stops on an answer (calling onAnswer once), stops while
 * not allowed (hidden app, browser offline), and starts again from the first delay.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, type Transport } from '../lib/http';
import { LIVE_URL, probeServer } from './connectivity';
import { PROBE_BASE_MS, PROBE_JITTER, PROBE_MAX_MS, createProbeLoop, probeDelayMs } from './retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A loop whose probe answers per `answers` (false = no answer), recording when it probed. */
function loop(answers: boolean[], allowed = () => true) {
  const probedAt: number[] = [];
  const onAnswer = vi.fn();
  const l = createProbeLoop({
    probe: async () => {
      probedAt.push(Date.now());
      return answers.shift() ?? false;
    },
    onAnswer,
    allowed: () => allowed(),
    random: () => 0.5, // no jitter
  });
  return { l, probedAt, onAnswer };
}

describe('probeDelayMs', () => {
  it('starts at 3 s, grows slowly, stays at most 5 s (+- 15% jitter) however long the outage', () => {
    expect(probeDelayMs(0, () => 0.5)).toBe(PROBE_BASE_MS);
    expect(probeDelayMs(1, () => 0.5)).toBe(3600);
    expect(probeDelayMs(2, () => 0.5)).toBe(4320);
    expect(probeDelayMs(100, () => 0.5)).toBe(PROBE_MAX_MS);
    expect(probeDelayMs(0, () => 0)).toBe(Math.round(PROBE_BASE_MS * (1 - PROBE_JITTER)));
    expect(probeDelayMs(100, () => 1)).toBe(Math.round(PROBE_MAX_MS * (1 + PROBE_JITTER)));
    // The worst case stays inside the goal "resumes within 10 s".
    expect(Math.max(...Array.from({ length: 50 }, (_, n) => probeDelayMs(n, () => 1)))).toBeLessThan(10_000);
  });
});

describe('createProbeLoop', () => {
  it('probes at 3 s, 6.6 s, 10.9 s ... until the server answers, then calls onAnswer once and stops', async () => {
    const t0 = Date.now();
    const { l, probedAt, onAnswer } = loop([false, false, true]);
    l.start();
    expect(l.running).toBe(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(probedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(probedAt.map((t) => t - t0)).toEqual([3000]);
    await vi.advanceTimersByTimeAsync(3600);
    expect(probedAt.map((t) => t - t0)).toEqual([3000, 6600]);
    expect(l.misses).toBe(2);
    expect(onAnswer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4320);
    expect(probedAt).toHaveLength(3);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(l.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probedAt).toHaveLength(3); // stopped
  });

  it('keeps probing every 5 s during a long outage', async () => {
    const { l, probedAt } = loop([]);
    l.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const gaps = probedAt.slice(1).map((t, i) => t - probedAt[i]);
    expect(gaps.slice(-5)).toEqual([5000, 5000, 5000, 5000, 5000]);
    expect(Math.max(...gaps)).toBe(PROBE_MAX_MS);
  });

  it('start while running keeps the back-off; stop ends it; a new start begins at 3 s again', async () => {
    const t0 = Date.now();
    const { l, probedAt } = loop([]);
    l.start();
    await vi.advanceTimersByTimeAsync(3000 + 3600);
    l.start(); // e.g. another failed run: no reset
    await vi.advanceTimersByTimeAsync(4320);
    expect(probedAt.map((t) => t - t0)).toEqual([3000, 6600, 10920]);
    l.stop();
    expect(l.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probedAt).toHaveLength(3);
    const t1 = Date.now();
    l.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(probedAt.at(-1)! - t1).toBe(3000);
  });

  it('does not probe while not allowed (app hidden or browser offline) and stops itself', async () => {
    let allowed = false;
    const { l, probedAt } = loop([], () => allowed);
    l.start();
    expect(l.running).toBe(false); // not even started
    allowed = true;
    l.start();
    allowed = false; // hidden before the first probe
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probedAt).toEqual([]);
    expect(l.running).toBe(false);
  });

  it('ignores the answer of a probe that was in flight when the loop was stopped', async () => {
    let answer!: (ok: boolean) => void;
    const onAnswer = vi.fn();
    const l = createProbeLoop({ probe: () => new Promise<boolean>((r) => (answer = r)), onAnswer, allowed: () => true, random: () => 0.5 });
    l.start();
    await vi.advanceTimersByTimeAsync(3000);
    l.stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('probeServer', () => {
  const answering = (status: number | 'none'): Transport => async (req) => {
    expect(req).toMatchObject({ method: 'HEAD', url: LIVE_URL });
    if (status === 'none') throw new NetworkError();
    return { status, body: undefined, retryAfterMs: null };
  };
  it('counts any answer below 500 as reachable, 5xx and no answer as unreachable', async () => {
    expect(await probeServer(answering(200))).toBe(true);
    expect(await probeServer(answering(404))).toBe(true); // an older API without the route is still there
    expect(await probeServer(answering(502))).toBe(false);
    expect(await probeServer(answering('none'))).toBe(false);
  });
});
