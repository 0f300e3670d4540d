/**
 * Issue 55 defect 5, the image processes (imagePool.ts): an image over the time limit has its
 * process killed (the decode stops with it) and is refused; the next image gets a fresh process and
 * succeeds; a full queue refuses anonymous images but not others; images never run in this process.
 * The limit is set per test (1 ms stops any real decode; 10 minutes lets any finish), nothing is timed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { createImagePool, type ImagePool, type ImagePoolLimits, type ImageResult } from './imagePool';
import { slowPng, smallPng } from './attachments.testkit';

const LONG = 10 * 60_000;
const limits: ImagePoolLimits = { imageWorkers: 1, imageTimeoutMs: LONG, imageQueueMax: 0 };
let pool: ImagePool;
let slow: Buffer;
let small: Buffer;

beforeAll(async () => {
  pool = createImagePool(limits);
  [slow, small] = await Promise.all([slowPng(), smallPng()]);
});
afterAll(() => pool?.close());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const encoded = (r: ImageResult) => {
  if ('refused' in r) throw new Error(`refused: ${r.refused}`);
  return r;
};

describe('image processes (issue 55 defect 5)', () => {
  it('re-encodes in a child process, without metadata, with a thumbnail', async () => {
    const out = encoded(await pool.run(small, 40_000_000));
    expect(out.contentType).toBe('image/png');
    expect((await sharp(out.data).metadata()).width).toBe(64);
    expect((await sharp(out.thumb).metadata()).format).toBe('webp');
    const [pid] = pool.stats().pids;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
  });

  it('kills the process of an image over the time limit, refuses it, and the next image succeeds in a new process', async () => {
    const before = pool.stats().pids[0]!;
    limits.imageTimeoutMs = 1;
    expect(await pool.run(slow, 40_000_000)).toEqual({ refused: 'timeout' });
    expect(pool.stats()).toMatchObject({ killed: 1, running: 0 });
    await vi.waitFor(() => expect(alive(before)).toBe(false), { timeout: 60_000, interval: 50 });

    limits.imageTimeoutMs = LONG;
    const out = encoded(await pool.run(small, 40_000_000));
    expect(out.data.length).toBeGreaterThan(0);
    expect(pool.stats().pids).toHaveLength(1);
    expect(pool.stats().pids[0]).not.toBe(before);
  });

  it('refuses an anonymous image that would wait behind a busy process when the queue is full; others wait', async () => {
    const running = pool.run(slow, 40_000_000, { bounded: true });
    const refused = await pool.run(small, 40_000_000, { bounded: true });
    expect(refused).toEqual({ refused: 'busy' });
    const staff = pool.run(small, 40_000_000);
    expect(encoded(await running).contentType).toBe('image/png');
    expect(encoded(await staff).contentType).toBe('image/png');
  });

  it('refuses an image over the pixel cap, and bytes that are not an image, without a crash', async () => {
    expect(await pool.run(slow, 10_000_000)).toEqual({ refused: 'pixels' });
    expect(await pool.run(Buffer.from('not an image at all'), 40_000_000)).toEqual({ refused: 'unreadable' });
    expect(pool.stats().killed).toBe(1);
  });
});
