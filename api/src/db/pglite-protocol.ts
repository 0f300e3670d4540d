/**
 * Messages between the API thread and the PGlite worker thread (db/pglite-worker.ts,
 * db/pglite-thread.ts). Values cross threads by structured clone: strings, numbers,
 * booleans, null, Date, Uint8Array, BigInt and plain objects/arrays keep their types.
 */
import type { PgliteTarget } from './pglite';

/** `workerData` of the worker: where to open the database; `reportFsync` posts every fsync back. */
export interface WorkerStart {
  target: Omit<PgliteTarget, 'onFsync'>;
  reportFsync: boolean;
}

/**
 * A request; `id` pairs it with its reply. `tx` (a number the API thread chose) runs it inside that
 * transaction; `begin` on its first statement opens the transaction first, in the same message, so
 * BEGIN costs the transaction no round trip of its own while it holds the database.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[]; tx?: number; begin?: boolean }
  | { id: number; op: 'exec'; text: string; tx?: number; begin?: boolean }
  /** Ends transaction `tx` (opened by a statement's `begin`): COMMIT when `commit`, else ROLLBACK; replies once it is over. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** A database error's fields (code, detail, constraint, ...) as they cross the thread. */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** What the worker posts: replies, notifications (LISTEN) and fsync reports (tests). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: WorkerError }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'fsync'; file: string };
