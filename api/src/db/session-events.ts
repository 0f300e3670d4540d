/**
 * Session change events: every API process keeps a short in-process cache of login
 * sessions (http/session-cache.ts), so a request does not join sessions and users in the database
 * each time. Whatever revokes or changes a session (logout, password change, user update or
 * deletion) announces it with `pg_notify` INSIDE its transaction; PostgreSQL delivers the
 * notification after COMMIT to every listening connection, i.e. to every API process on that
 * database (PGlite: to this process), and each drops the cached entries named by it.
 *
 * Payloads: `s:<sessionId>` (one session) or `u:<userId>` (every session of a user). The same
 * channel carries `k:<settings key>` for settings a feature caches per process the same way (the SLA
 * policy: features/sla/policyCache.ts), so each process keeps ONE listening connection.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PgliteThread } from './pglite-thread';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

/** The notification channel. */
export const SESSION_CHANNEL = 'portal_session_changed';

/** A change announced by some process: one session or every session of a user. */
export type SessionChange = { sessionId: string } | { userId: string };

/** A change on the channel: a session change, or a `settings` row (by key) whose readers cache it. */
export type CacheChange = SessionChange | { settingKey: string };

/**
 * A subscription to session changes. `onChange` runs for each change; `onReset(listening)` runs with
 * false when changes may have been missed (the listening connection dropped: drop everything and
 * stop caching) and with true once listening again.
 */
export interface SessionEvents {
  subscribe(onChange: (c: CacheChange) => void, onReset: (listening: boolean) => void): Promise<() => Promise<void>>;
}

/** Announces a change; call inside the transaction that makes it (delivered after COMMIT). */
export async function announceSessionChange(tx: Database, change: SessionChange): Promise<void> {
  const payload = 'sessionId' in change ? `s:${change.sessionId}` : `u:${change.userId}`;
  await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${payload})`);
}

/** Announces that the `settings` row `key` changed; call inside the transaction that writes it (delivered after COMMIT). */
export async function announceSettingChange(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`k:${key}`})`);
}

/** Payload -> change; null for anything else. */
export function parseSessionChange(payload: string): CacheChange | null {
  if (payload.startsWith('s:')) return { sessionId: payload.slice(2) };
  if (payload.startsWith('u:')) return { userId: payload.slice(2) };
  if (payload.startsWith('k:')) return { settingKey: payload.slice(2) };
  return null;
}

/** Events of an embedded PGlite (one process): its own LISTEN; reports listening once it is. */
export function pgliteSessionEvents(client: Pick<PGlite, 'listen'> | PgliteThread): SessionEvents {
  return {
    async subscribe(onChange, onReset) {
      const stop = await client.listen(SESSION_CHANNEL, (payload) => {
        const change = parseSessionChange(payload);
        if (change) onChange(change);
      });
      onReset(true);
      return async () => {
        await stop().catch(() => {});
      };
    },
  };
}

/**
 * Events of a PostgreSQL server: one dedicated connection LISTENs (outside the pool). When it
 * fails, `onReset(false)` (the cache empties and stays off), then it reconnects every
 * `retryMs` and reports `onReset(true)`.
 */
export function pgSessionEvents(databaseUrl: string, retryMs = 2000): SessionEvents {
  return {
    async subscribe(onChange, onReset) {
      let client: pg.Client | null = null;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const { default: driver } = await import('pg'); // loaded on PostgreSQL only (db/client.ts)
        const c = new driver.Client({ connectionString: databaseUrl });
        c.on('notification', (msg) => {
          const change = msg.channel === SESSION_CHANNEL && msg.payload ? parseSessionChange(msg.payload) : null;
          if (change) onChange(change);
        });
        c.on('error', () => lost(c));
        c.on('end', () => lost(c));
        await c.connect();
        await c.query(`LISTEN ${SESSION_CHANNEL}`);
        if (stopped) {
          await c.end().catch(() => {});
          return;
        }
        client = c;
        onReset(true);
      };
      const retry = () => {
        if (stopped) return;
        timer = setTimeout(() => void connect().catch(retry), retryMs);
        timer.unref();
      };
      const lost = (c: pg.Client) => {
        if (client !== c) return;
        client = null;
        onReset(false);
        void c.end().catch(() => {});
        retry();
      };
      onReset(false);
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
    },
  };
}
