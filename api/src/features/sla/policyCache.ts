/**
 * The SLA policy in force, cached per process for the group commit of new tickets (issue 49's CPU
 * budget: the policy was read by one statement per group commit, docs/benchmarks.md "Creates and
 * patches before and after domain events"). Only the database objects a process connected
 * ({@link slaPolicyCacheListener}, main.ts and test/app.ts) are cached; any other (a transaction)
 * reads the row, as before.
 *
 * Correctness, as the session cache's (http/session-cache.ts):
 * - `saveSlaPolicy` (policy.ts, the only writer of the row) calls `slaPolicyChanged` inside
 *   its transaction and announces the key with pg_notify there (db/session-events.ts
 *   `announceSettingChange`, delivered to every process after COMMIT); the `sla.policy_cache`
 *   subscriber (events.ts) calls it again right after COMMIT, before the PUT answers. Each call
 *   forgets every cached policy and bumps a generation; a read that started before a call does
 *   not store what it read.
 * - PGlite (one process, one statement at a time): a read that starts after the in-transaction call
 *   waits for that transaction to end, so it reads the saved (or, rolled back, the old) row.
 * - PostgreSQL, this process: a read on another connection during the save's transaction reads the
 *   old row and may store it; the after-COMMIT call forgets it before the PUT answers.
 * - PostgreSQL, another process: its cache forgets the policy when the notification arrives, a few
 *   milliseconds after COMMIT (a create in between still gets the old targets, as one sent a moment
 *   earlier would). While its listening connection is down it caches nothing.
 */
import type { SlaPolicy } from '@portal/shared';
import { SLA_POLICY_KEY } from '@portal/shared';
import type { Database } from '../../db/client';
import { readSlaPolicy, slaPolicyChanged, slaPolicyGeneration } from './policy';

/** Databases whose process listens for changes (cache on), with the policy and the generation it was read at. */
const caches = new WeakMap<Database, { listening: boolean; policy?: SlaPolicy; at?: number }>();

/**
 * The policy in force on `db`: cached when `db` is a database this process connected with
 * {@link slaPolicyCacheListener} and listening, else read (policy.ts `readSlaPolicy`).
 */
export async function readSlaPolicyCached(db: Database): Promise<SlaPolicy> {
  const cache = caches.get(db);
  if (!cache?.listening) return readSlaPolicy(db);
  if (cache.policy && cache.at === slaPolicyGeneration()) return cache.policy;
  const at = slaPolicyGeneration();
  const policy = await readSlaPolicy(db);
  if (at === slaPolicyGeneration() && cache.listening) Object.assign(cache, { policy, at });
  return policy;
}

/**
 * The change listener of `db`'s SLA policy cache, for http/session-cache.ts `connectSessionCache`
 * (one listening connection per process). Until it reports listening, nothing is cached.
 */
export function slaPolicyCacheListener(db: Database): { onChange(change: { settingKey: string }): void; onReset(listening: boolean): void } {
  const cache = { listening: false };
  caches.set(db, cache);
  return {
    onChange(change) {
      if (change.settingKey === SLA_POLICY_KEY) slaPolicyChanged();
    },
    onReset(listening) {
      slaPolicyChanged();
      cache.listening = listening;
    },
  };
}
