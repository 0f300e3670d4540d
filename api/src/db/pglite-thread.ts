/**
 * PGlite in a worker thread: the API thread's side. {@link PgliteThread} starts
 * db/pglite-worker.ts and offers the part of PGlite's interface drizzle's PGlite driver and the
 * session events use (`query`, `exec`, `transaction`, `listen`, `close`); every call becomes a
 * message (db/pglite-protocol.ts) and its answer comes back as one, so SQL never runs on the API's
 * event loop. Semantics are PGlite's: one statement at a time, a transaction holds the database
 * until it ends (other statements queue behind it), notifications arrive after COMMIT.
 *
 * Limits: `query` options other than `rowMode` and `parsers` are not supported, and `parsers` may
 * only map type OIDs to "keep the text" (what drizzle passes for dates and intervals).
 * Database errors arrive as `Error`s carrying the original fields (`code`, `detail`, `constraint`, ...).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { isNewCluster, type PgliteTarget } from './pglite';
import type { WorkerError, WorkerMessage, WorkerRequest, WorkerStart } from './pglite-protocol';

/** Distributes `Omit` over the request union. */
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** Query options this client understands (see module doc). */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** A transaction's handle, as PGlite's `transaction` callback receives it. */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  readonly closed: boolean;
}

type QueryRequest = Extract<Request, { op: 'query' }>;
type ExecRequest = Extract<Request, { op: 'exec' }>;

/** A `query` request outside any transaction. */
function queryRequest(text: string, params: unknown[], options: ThreadQueryOptions): QueryRequest {
  const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
  return { op: 'query', text, params, rowMode: options.rowMode ?? 'object', rawTypes };
}

/** Worker error -> an Error with the database error's fields. */
function fromWorkerError(e: WorkerError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  return Object.assign(err, e.fields);
}

/**
 * Starts the worker script. From TypeScript sources (the API runs with tsx) the thread loads it
 * through tsx's `tsImport`, since loader hooks of the parent thread do not reach worker threads;
 * from compiled JavaScript, directly.
 */
function spawnWorker(workerData: WorkerStart): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData });
}

export class PgliteThread {
  private readonly pending = new Map<number, { ok(v: unknown): void; fail(e: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextTx = 1;
  private exited: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onFsync?: (file: string) => void,
  ) {
    worker.on('message', (m: WorkerMessage) => this.receive(m));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`PGlite worker exited (${code})`)));
  }

  /**
   * Starts the worker and opens the database in it (migrations are the caller's). A new on-disk
   * cluster is created by a worker of its own that then ends: creating one runs PostgreSQL's initdb
   * in further WebAssembly instances, which an idle worker keeps in memory (the API measured 659 MB
   * after its first start, 209 MB after a restart); ending the worker returns that memory.
   * @throws when the database cannot be opened.
   */
  static async start(target: PgliteTarget): Promise<PgliteThread> {
    if (isNewCluster(target.dataDir)) await (await PgliteThread.open(target)).close();
    return PgliteThread.open(target);
  }

  /** Starts a worker and waits until it has opened the database. */
  private static async open(target: PgliteTarget): Promise<PgliteThread> {
    const worker = spawnWorker({ target: { dataDir: target.dataDir, fsync: target.fsync }, reportFsync: Boolean(target.onFsync) });
    const thread = new PgliteThread(worker, target.onFsync);
    await new Promise<void>((ready, failed) => {
      const onMessage = (m: WorkerMessage) => {
        if (m.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        ready();
      };
      const onExit = (code: number) => failed(thread.exited ?? new Error(`PGlite worker exited (${code}) while opening the database`));
      worker.on('message', onMessage);
      worker.once('error', failed);
      worker.once('exit', onExit);
    });
    return thread;
  }

  private receive(m: WorkerMessage): void {
    if (m.type === 'reply') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.ok(m.value);
      else p.fail(fromWorkerError(m.error));
    } else if (m.type === 'notify') {
      for (const cb of this.listeners.get(m.channel) ?? []) cb(m.payload);
    } else if (m.type === 'fsync') {
      this.onFsync?.(m.file);
    }
  }

  private fail(err: Error): void {
    this.exited ??= err;
    for (const p of this.pending.values()) p.fail(err);
    this.pending.clear();
  }

  private call<T>(req: Request): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((ok, fail) => {
      this.pending.set(id, { ok: ok as (v: unknown) => void, fail });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  /** PGlite `query` (extended protocol, one statement). */
  query<T = Record<string, unknown>>(text: string, params: unknown[] = [], options: ThreadQueryOptions = {}): Promise<Results<T>> {
    return this.call<Results<T>>(queryRequest(text, params, options));
  }

  /** PGlite `exec` (simple protocol, several statements, no parameters). */
  exec(text: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', text });
  }

  /**
   * Runs `fn` in one transaction pinned to the worker: COMMIT when it resolves, ROLLBACK when it
   * throws (then rethrows). The transaction opens with its first statement (BEGIN travels with it)
   * and holds the database from then until it ends: other statements wait. A transaction that ran
   * no statement sends nothing.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    let begun = false;
    let closed = false;
    const send = <R>(req: QueryRequest | ExecRequest): Promise<R> => {
      if (closed) return Promise.reject(new Error('Transaction is closed'));
      const begin = !begun;
      begun = true;
      return this.call<R>({ ...req, tx, begin });
    };
    const handle: ThreadTransaction = {
      query: (text, params = [], options = {}) => send(queryRequest(text, params, options)),
      exec: (text) => send({ op: 'exec', text }),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      closed = true;
      if (begun) await this.call({ op: 'end', tx, commit: false });
      throw err;
    }
    closed = true;
    if (begun) await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** LISTEN on `channel`; resolves with the function that stops this callback. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel });
      }
    };
  }

  /** Closes the database and ends the worker. */
  async close(): Promise<void> {
    if (!this.exited) await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
