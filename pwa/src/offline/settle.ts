/**
 * Settling side of the drain (drain.ts schedules and sends; this module writes what the answers
 * mean): each answer's outcome is written with its kind's hook in one Dexie transaction, answers
 * arriving together share it, and the transaction also claims each stream's next item. Runs in a
 * window and in the service worker; names no feature.
 */
import type { DrainDeps, DrainReport } from './drainTypes';
import type { OutboxError, OutboxItem } from './db';
import type { ConflictDecision, OutboxKind, SettleContext } from './kinds';
import { backoffMs, changeItem, claimForSending } from './outbox';
import { errorBodyOf, serverMessage, type HttpResponse } from '../lib/http';
import { SIGN_IN_AGAIN_TEXT } from './syncProblem';

/** Resends after a 409 the kind decided to retry, per item and pass, before it must be a conflict. */
export const MAX_RETRIES_PER_PASS = 3;

/** How sending one item ended for its stream and the pass. */
export type Outcome = 'done' | 'blocked' | 'network' | 'server' | 'auth';

/** An answer to settle, and what settling it gave. */
export interface SettleJob {
  kind: OutboxKind;
  ctx: SettleContext;
  res: HttpResponse;
  retries: number;
  /** Item to claim in the same transaction when this one is done. */
  next: number | null;
}
export interface Settled {
  outcome: Outcome | 'retry';
  claimed: OutboxItem | null;
}
export type Settler = (job: SettleJob) => Promise<Settled>;

/**
 * Settles answers in as few IndexedDB transactions as possible (each commit makes every live query
 * of the page read again): the first answer starts a transaction at once; answers arriving while
 * it runs wait and are settled together by the next one, each with its kind's hook, in arrival
 * order, and each followed by the claim of its stream's next item. If a hook throws, the whole
 * transaction is rolled back and every answer of it rejects (their items stay 'sending' and the
 * next drain resends them with their keys, which the server replays).
 */
export function createSettler(deps: DrainDeps, report: DrainReport): Settler {
  let waiting: { job: SettleJob; resolve(s: Settled): void; reject(e: unknown): void }[] = [];
  let running = false;
  const flush = async () => {
    running = true;
    await null; // answers delivered in the same turn join the first transaction
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const tables = [...new Set(['outbox', ...batch.flatMap((w) => w.job.kind.tables ?? [])])];
      try {
        // The scope function must be `async`: only then does Dexie carry the transaction across the
        // native awaits of the hooks (else their writes would land after it committed). The next
        // item is claimed after the hook, so it is sent as the hook left it (e.g. re-based).
        const results = await deps.db.transaction('rw', tables, async () => {
          const out: Settled[] = [];
          for (const { job } of batch) {
            out.push(await settle(job, deps, report));
          }
          return out;
        });
        batch.forEach((w, i) => w.resolve(results[i]));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    running = false;
  };
  return (job) =>
    new Promise<Settled>((resolve, reject) => {
      waiting.push({ job, resolve, reject });
      if (!running) void flush();
    });
}

/**
 * Writes the outcome of one answer (inside the settling transaction, with the kind's hook); when
 * the item is done, also claims the job's `next` item, after the hook (so it is sent as the hook
 * left it) and together with the item's own removal (one round trip less per item).
 */
async function settle(job: SettleJob, deps: DrainDeps, report: DrainReport): Promise<Settled> {
  const { kind, ctx, next } = job;
  const { db, item, status, body } = ctx;
  const seq = item.seq;
  if (status >= 200 && status < 300) {
    const result = await kind.onSuccess?.(ctx);
    const [, claimed] = await Promise.all([
      kind.keepDone
        ? changeItem(db, seq, { state: 'done', result: result === undefined ? body : result, lastError: null, lastStatus: null, error: null })
        : db.outbox.delete(seq),
      next === null ? null : claimForSending(db, next),
    ]);
    report.sent.push({ seq, kind: item.kind, label: item.label, entityId: item.entityId });
    return { outcome: 'done', claimed };
  }
  return { outcome: await settleProblem(job, deps, report), claimed: null };
}

/** {@link settle} for an answer that is not a success: 409, 401, server trouble, other 4xx. */
async function settleProblem(job: SettleJob, deps: DrainDeps, report: DrainReport): Promise<Outcome | 'retry'> {
  const { kind, ctx, res, retries } = job;
  const { db, item, status, body } = ctx;
  const seq = item.seq;
  if (status === 409 && kind.onConflict) {
    const decision: ConflictDecision = await kind.onConflict({ ...ctx, mayRetry: retries < MAX_RETRIES_PER_PASS });
    if (decision.action === 'retry') {
      await changeItem(db, seq, { state: 'pending', payload: decision.payload, nextAttemptAt: 0 });
      return 'retry';
    }
    if (decision.action === 'conflict') {
      await changeItem(db, seq, { state: 'conflict', conflict: decision.conflict, lastError: null, lastStatus: null });
      report.conflicts.push({ ...item, state: 'conflict', conflict: decision.conflict, lastError: null });
      return 'blocked';
    }
  }
  // An answer without the API's error body (a proxy's HTML page, an empty 404) still reads as a
  // sentence on 'Not saved' and in 'Last error', never as a bare status number.
  const retried = status === 408 || status === 429 || status >= 500;
  const message = serverMessage(body, retried ? 'The server could not take the change; it will be sent again.' : `The server refused this change (HTTP ${status}).`);
  if (status === 401) {
    await changeItem(db, seq, { state: 'pending', nextAttemptAt: 0, lastError: SIGN_IN_AGAIN_TEXT, lastStatus: 401 });
    return 'auth';
  }
  if (retried) {
    const delay = res.retryAfterMs ?? backoffMs(item.attempts, deps.random);
    await changeItem(db, seq, { state: 'pending', nextAttemptAt: deps.now() + delay, lastError: `${status}: ${message}`, lastStatus: status });
    return 'server';
  }
  const fieldErrors = errorBodyOf(body)?.fieldErrors;
  const error: OutboxError = { status, message, ...(fieldErrors && typeof fieldErrors === 'object' ? { fieldErrors } : {}) };
  await kind.onFailure?.({ ...ctx, error });
  await changeItem(db, seq, { state: 'failed', error, lastError: null, lastStatus: null });
  report.failed.push({ ...item, state: 'failed', error, lastError: null });
  return 'blocked';
}
