/**
 * Health routes (public):
 * - `GET /api/health`: `{ status: 'ok' }` once the database answers (`select 1`); used by probes,
 *   the e2e setup and the benchmarks. Requests that arrive while a `select 1` is on its way share
 *   it ({@link sharedWhileRunning}): each answer still waits for a reply of the database that came
 *   after the request arrived, and a burst of probes costs one statement per round trip, not one each. An admin's request also gets `details.rateLimits`
 *   (LimiterHealth: the store, whether counts are shared, the warning while Redis is unreachable)
 *   and `details.lastBackup` (BackupStatus or null: docs/backup.md).
 * - `GET` / `HEAD /api/health/live` ({@link liveProbe}): `{ status: 'ok' }` as soon as the process
 *   answers HTTP, touching neither the session store nor the database. The PWA's sync engine asks it
 *   every few seconds while the server seems unreachable although the browser says online
 *   (pwa/src/offline/retry.ts), so it must cost nearly nothing.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { sql } from 'drizzle-orm';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { readLastBackup } from '../backup/port';

/** Path of the liveness probe. */
export const LIVE_PATH = '/api/health/live';

/** The probe's statement, built once (it runs on every health check). */
const PING = sql`select 1`;

/**
 * `run` at most once at a time: a call while one is under way gets that one's promise (its result
 * or its error), a call after it settled starts a new one. Nothing is kept once it settled, so a
 * failure is seen by the calls that shared it and the next call asks again.
 */
export function sharedWhileRunning<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  const settled = () => {
    running = null;
  };
  return () => {
    if (running) return running;
    // Started from a resolved promise: a `run` that throws at once rejects, like one that fails later.
    const started = Promise.resolve().then(run);
    running = started;
    started.then(settled, settled);
    return started;
  };
}

export function healthRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const ping = sharedWhileRunning(() => s.db.execute(PING));
  router.get('/api/health', async (ctx) => {
    await ping();
    ctx.body = ctx.state.auth?.user.role === 'admin' ? { status: 'ok', details: { rateLimits: s.limiterHealth(), lastBackup: await readLastBackup(s.db) } } : { status: 'ok' };
  });
  return router;
}

/**
 * Answers `GET` / `HEAD` {@link LIVE_PATH} with 200 `{ status: 'ok' }` (HEAD: no body) and passes
 * every other request on. createApp mounts it before the body parser and the session lookup, so a
 * probe costs no database query even with a session cookie. Other methods on the path fall through
 * (405 / 404 like any unknown route).
 */
export function liveProbe(): Middleware<AppState> {
  return (ctx, next) => {
    if (ctx.path !== LIVE_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.body = { status: 'ok' };
    return Promise.resolve();
  };
}
