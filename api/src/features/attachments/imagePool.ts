/**
 * The image processes of one app (issue 55 defect 5: 20 anonymous image bombs took 15.8 s of server
 * CPU and slowed admin sign-in from 320 ms to 4.1 s). Every image an upload or an e-mail brings is
 * decoded and re-encoded in one of at most `imageWorkers` child processes (image-worker.ts), never
 * on the API's own threads, so password hashing and requests keep their threads:
 * - one job per process at a time; more jobs wait in arrival order;
 * - a job that runs longer than `imageTimeoutMs` (from when its process received it) has its
 *   process killed (SIGKILL stops the decode itself, which sharp's `.timeout()` and a worker
 *   thread's `terminate()` do not) and answers `{ refused: 'timeout' }`; the next job starts a
 *   fresh process;
 * - a process that dies during a job (a decoder crash) answers `{ refused: 'unreadable' }`;
 * - a `bounded` job (an anonymous upload) is refused with `{ refused: 'busy' }` when it would wait
 *   behind `imageQueueMax` others for a busy process;
 * - processes start on first use and end after IDLE_MS without work, or with the app.
 * Limits are read from `limits` at each job, so a running app (or a test) can change them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../config';
import type { EncodeMode, EncodeRefusal, EncodedImage } from './imageEncode';
import type { ImageJobMessage } from './image-worker';

/** Why the pool gave no image: the encoder's reasons, the deadline, or a full queue. */
export type ImageRefusal = EncodeRefusal | 'timeout' | 'busy';

/** What a job answers. */
export type ImageResult = EncodedImage | { refused: ImageRefusal };

/** The pool's knobs (config.attachments: IMAGE_WORKERS, IMAGE_TIMEOUT_MS, IMAGE_QUEUE_MAX). */
export type ImagePoolLimits = Pick<Config['attachments'], 'imageWorkers' | 'imageTimeoutMs' | 'imageQueueMax'>;

export interface ImagePool {
  /** Re-encodes `bytes` (at most `maxPixels` decoded) in an image process; never rejects for a bad image. */
  run(bytes: Buffer, maxPixels: number, options?: { bounded?: boolean; mode?: EncodeMode }): Promise<ImageResult>;
  /** Live processes, their ids, and the jobs running and waiting (health, tests). */
  stats(): { processes: number; pids: number[]; running: number; waiting: number; killed: number };
  /** Ends every process; running and waiting jobs answer `{ refused: 'busy' }`. */
  close(): void;
}

/** An image process with nothing to do ends after this long (its memory returns to the system). */
const IDLE_MS = 60_000;

interface Job {
  bytes: Buffer;
  maxPixels: number;
  mode?: EncodeMode;
  done(result: ImageResult): void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idle: NodeJS.Timeout | null;
}

/**
 * Starts image-worker: from TypeScript sources (tsx, tests) through tsx's loader given to the child
 * explicitly (a parent's loader hooks do not reach a child), from the bundle (api/dist, beside
 * main.js) as plain JavaScript.
 */
function spawnImageProcess(): ChildProcess {
  const options = { serialization: 'advanced' as const, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] as ('ignore' | 'inherit' | 'ipc')[] };
  if (!import.meta.url.endsWith('.ts')) return fork(new URL('./image-worker.js', import.meta.url), [], { ...options, execArgv: [] });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return fork(new URL('./image-worker.ts', import.meta.url), [], { ...options, execArgv: ['--import', tsx] });
}

/** Received bytes (structured clone gives a Uint8Array) as a Buffer without copying. */
const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** A pool as the module doc describes; `spawn` is injectable for tests. */
export function createImagePool(limits: ImagePoolLimits, spawn: () => ChildProcess = spawnImageProcess): ImagePool {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let killed = 0;
  let closed = false;

  const finish = (slot: Slot, result: ImageResult) => {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = null;
    job.done(result);
  };

  const retire = (slot: Slot) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    if (slot.idle) clearTimeout(slot.idle);
    slot.child.kill('SIGKILL');
  };

  const send = (slot: Slot, job: Job) => {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const id = nextId++;
    const timer = setTimeout(() => {
      killed += 1;
      finish(slot, { refused: 'timeout' });
      retire(slot);
      dispatch();
    }, limits.imageTimeoutMs);
    slot.job = { ...job, id, timer };
    const message: ImageJobMessage = { id, bytes: job.bytes, maxPixels: job.maxPixels, ...(job.mode ? { mode: job.mode } : {}) };
    slot.child.send(message);
  };

  /** Gives waiting jobs to free processes, and starts processes (up to the limit) for the rest. */
  const dispatch = () => {
    if (closed) return;
    for (const slot of slots) {
      if (waiting.length === 0) break;
      if (slot.ready && !slot.job) send(slot, waiting.shift()!);
    }
    const starting = slots.filter((s) => !s.ready).length;
    for (let n = starting; n < waiting.length && slots.length < Math.max(1, limits.imageWorkers); n += 1) startSlot();
  };

  const startSlot = () => {
    const slot: Slot = { child: spawn(), ready: false, job: null, idle: null };
    slots.push(slot);
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
    slot.child.on('message', (m: { ready?: true; id?: number; result?: ImageResult }) => {
      if (m.ready) {
        slot.ready = true;
      } else if (slot.job && m.id === slot.job.id && m.result) {
        const r = m.result;
        finish(slot, 'refused' in r ? r : { ...r, data: asBuffer(r.data), thumb: asBuffer(r.thumb) });
      }
      dispatch();
      if (!slot.job && !slot.idle && slots.includes(slot)) slot.idle = setTimeout(() => retire(slot), IDLE_MS).unref();
    });
    slot.child.on('exit', () => {
      const alive = slots.includes(slot);
      if (alive) slots.splice(slots.indexOf(slot), 1);
      if (slot.idle) clearTimeout(slot.idle);
      // Died during a job: the image crashed its decoder. Died before it was ready: it could not start.
      if (slot.job) finish(slot, { refused: 'unreadable' });
      else if (alive && !slot.ready) for (const job of waiting.splice(0)) job.done({ refused: 'busy' });
      dispatch();
    });
    slot.child.on('error', () => slot.child.kill('SIGKILL'));
  };

  return {
    run(bytes, maxPixels, options = {}) {
      if (closed) return Promise.resolve({ refused: 'busy' });
      return new Promise<ImageResult>((done) => {
        const job: Job = { bytes, maxPixels, done, ...(options.mode ? { mode: options.mode } : {}) };
        waiting.push(job);
        dispatch();
        // Jobs a starting process will take are not waiting for a busy one.
        const queued = waiting.length - slots.filter((s) => !s.ready).length;
        if (options.bounded && waiting.includes(job) && queued > limits.imageQueueMax) {
          waiting.splice(waiting.indexOf(job), 1);
          done({ refused: 'busy' });
        }
      });
    },
    stats: () => ({
      processes: slots.length,
      pids: slots.map((s) => s.child.pid ?? 0),
      running: slots.filter((s) => s.job).length,
      waiting: waiting.length,
      killed,
    }),
    close() {
      closed = true;
      for (const job of waiting.splice(0)) job.done({ refused: 'busy' });
      for (const slot of [...slots]) {
        finish(slot, { refused: 'busy' });
        retire(slot);
      }
    },
  };
}
