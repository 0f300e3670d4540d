/**
 * The PGlite worker thread: PGlite executes SQL synchronously inside WebAssembly, so in
 * the API's own thread every statement blocks every other request, and a queue of statements runs
 * as one long chain of promise callbacks that keeps the event loop from reading new requests. Here
 * the database runs in a thread of its own; db/pglite-thread.ts is its client in the API thread.
 *
 * Requests (db/pglite-protocol.ts) run in arrival order through PGlite's own queue. A transaction
 * is pinned to this thread: its first statement (`begin`) enters `PGlite.transaction`, which holds
 * PGlite's transaction lock (other statements wait, exactly as in-thread) until `end` commits or
 * rolls it back; the statement then runs inside it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { startPglite } from './pglite';
import type { WorkerError, WorkerMessage, WorkerRequest, WorkerStart } from './pglite-protocol';

const port = parentPort!;
const start = workerData as WorkerStart;
const post = (m: WorkerMessage) => port.postMessage(m);

/** An open transaction: its handle and how to end it. */
interface OpenTx {
  tx: Transaction;
  end(commit: boolean): Promise<void>;
}

const transactions = new Map<number, OpenTx>();
/** Transactions being opened, by the API thread's number: settles once BEGIN ran (or failed). */
const opening = new Map<number, Promise<void>>();
const listeners = new Map<string, () => Promise<void>>();

/**
 * Error -> its name, message and enumerable fields with a primitive value (DatabaseError: code,
 * detail, constraint, ...). Other fields are left out: PGlite's `queryOptions` holds the parser
 * functions, which cannot cross the thread, and posting them used to kill the worker.
 */
function toWorkerError(err: unknown): WorkerError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (k === 'query' || k === 'params') continue; // the API thread knows them; params may hold data
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: err.name, message: err.message, fields };
}

/** Identity parsers for `rawTypes` (drizzle reads timestamps and intervals as text). */
function rawParsers(types: number[]): Record<number, (v: string) => string> {
  const parsers: Record<number, (v: string) => string> = {};
  for (const t of types) parsers[t] = (v) => v;
  return parsers;
}

/**
 * Opens transaction `id`; resolves once BEGIN has run. The transaction stays open (holding PGlite's
 * transaction lock) until its `end`, which resolves once COMMIT or ROLLBACK is over and rejects
 * when COMMIT failed.
 */
function begin(db: PGlite, id: number): Promise<void> {
  return new Promise((opened, failed) => {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (decide = r));
    const done: Promise<void> = db
      .transaction(async (tx) => {
        transactions.set(id, {
          tx,
          end: (commit) => {
            decide(commit);
            return done;
          },
        });
        opened();
        if (!(await decided)) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    done.catch(failed);
  });
}

/** Where a statement runs: the database, or its transaction (opened first when `begin`). */
async function targetOf(db: PGlite, req: { tx?: number; begin?: boolean }): Promise<PGlite | Transaction> {
  if (req.tx === undefined) return db;
  if (req.begin) opening.set(req.tx, begin(db, req.tx));
  await opening.get(req.tx);
  return txOf(req.tx);
}

async function handle(db: PGlite, req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'query':
      return (await targetOf(db, req)).query(req.text, req.params, { rowMode: req.rowMode, parsers: rawParsers(req.rawTypes) });
    case 'exec':
      return (await targetOf(db, req)).exec(req.text);
    case 'end': {
      const failedToOpen = await opening.get(req.tx)?.then(
        () => false,
        () => true,
      );
      opening.delete(req.tx);
      if (failedToOpen) return null; // BEGIN failed: there is nothing to end
      const open = transactions.get(req.tx);
      if (!open) throw new Error(`transaction ${req.tx} is not open`);
      await open.end(req.commit);
      return null;
    }
    case 'listen': {
      if (!listeners.has(req.channel)) {
        listeners.set(req.channel, await db.listen(req.channel, (payload) => post({ type: 'notify', channel: req.channel, payload })));
      }
      return null;
    }
    case 'unlisten': {
      await listeners.get(req.channel)?.();
      listeners.delete(req.channel);
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

function txOf(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

const db = await startPglite({ ...start.target, onFsync: start.reportFsync ? (file) => post({ type: 'fsync', file }) : undefined });
port.on('message', (req: WorkerRequest) => {
  handle(db, req).then(
    (value) => post({ type: 'reply', id: req.id, ok: true, value }),
    (err: unknown) => post({ type: 'reply', id: req.id, ok: false, error: toWorkerError(err) }),
  ).catch((err: unknown) => {
    // The answer could not be posted (a value structured clone refuses): the caller gets an error
    // instead, and the worker lives on.
    post({ type: 'reply', id: req.id, ok: false, error: { name: 'Error', message: `PGlite worker: cannot send the result (${String(err)})`, fields: {} } });
  });
});
post({ type: 'ready' });
