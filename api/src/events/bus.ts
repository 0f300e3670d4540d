/**
 * The event bus (docs/events.md): knows no feature. createApp builds one from the subscriber registry
 * (api/src/event-subscribers.ts) and hands it to writers through `Services.events`.
 *
 * A writer calls `emit(tx, events)` in its transaction after writing the change: every
 * 'transaction' subscriber of those events runs there and then, in registry order, each once with
 * all of its events of that emit (a batch); 'afterCommit' subscribers are queued on `tx` and run by
 * whoever owns the transaction once it has committed (`afterCommit(tx)`: http/transaction.ts for
 * routes; `transaction(db, fn)` does both for other owners). A rolled-back transaction drops its
 * queue with it.
 */
import type { SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { PASS, type AnySubscriber, type EventContext } from './subscribers';
import type { DomainEvent, EventName, EventOf } from './types';

/** Emitting events and running what waits for COMMIT (see module doc). */
export interface EventBus {
  /**
   * Runs the 'transaction' subscribers of `events` in `tx` and queues the 'afterCommit' ones on it.
   * Call inside the writer's transaction, after writing the change. A subscriber's throw propagates
   * (the caller's transaction rolls back).
   */
  emit(tx: Database, events: readonly DomainEvent[]): Promise<void>;
  /** Runs (and forgets) what `tx` queued for after COMMIT; call once `tx` has committed. Never throws. */
  afterCommit(tx: Database): Promise<void>;
  /**
   * A change written by ONE statement, with its events' subscribers (the group commit of new
   * tickets, tickets/create.ts): runs the subscribers' `prepare` for `drafts` on `db` before any
   * transaction; collects the `inStatement` CTEs of those that have one; then, when no other
   * 'transaction' subscriber is left to run, `statement(db, parts)` alone (its own transaction: no
   * BEGIN/COMMIT round trips), else `statement(tx, parts)` and the rest's `handle` with
   * `emitted(result)` in one transaction. After-commit subscribers of `emitted(result)` run after
   * either. `drafts` are the events before the statement (placeholders where it fills in values, see
   * the event's docstring); `emitted` gives the events as written.
   */
  write<T>(db: Database, drafts: readonly DomainEvent[], statement: (tx: Database, parts: SQL[]) => Promise<T>, emitted: (result: T) => readonly DomainEvent[]): Promise<T>;
  /** `db.transaction(fn)`, then {@link afterCommit} of it once committed. */
  transaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T>;
}

/** What the bus needs: the database (after-commit subscribers run on it), config and logger for the context. */
export interface EventBusDeps {
  db: Database;
  config: Config;
  logger: Logger;
}

interface Queued {
  subscriber: AnySubscriber;
  events: EventOf<EventName>[];
}

/**
 * Builds the bus of `subscribers`.
 * @throws Error when two subscribers share a name (a programming error, found at start).
 */
export function createEventBus(subscribers: readonly AnySubscriber[], deps: EventBusDeps): EventBus {
  const names = new Set<string>();
  for (const s of subscribers) {
    if (names.has(s.name)) throw new Error(`Duplicate event subscriber name: ${s.name}`);
    names.add(s.name);
  }
  const wanted = new Set<EventName>(subscribers.flatMap((s) => [...s.events]));
  const queues = new WeakMap<Database, Queued[]>();
  const context = (tx: Database): EventContext => ({ tx, config: deps.config, logger: deps.logger });

  const mineOf = (subscriber: AnySubscriber, events: readonly DomainEvent[]) => events.filter((e) => subscriber.events.includes(e.name)) as EventOf<EventName>[];

  /** emit: each subscriber of `events` in order, with what `write` prepared (absent: prepared here, in `tx`); PASS-ed and in-statement ones skipped. */
  async function run(tx: Database, events: readonly DomainEvent[], prepared: Map<AnySubscriber, unknown>, done = new Set<AnySubscriber>()): Promise<void> {
    if (!events.some((e) => wanted.has(e.name))) return;
    for (const subscriber of subscribers) {
      const mine = mineOf(subscriber, events);
      if (mine.length === 0 || done.has(subscriber)) continue;
      if (subscriber.phase === 'transaction') {
        const ready = prepared.has(subscriber) ? prepared.get(subscriber) : await subscriber.prepare?.(mine, { db: tx, config: deps.config, inTransaction: true });
        if (ready !== PASS) await subscriber.handle(mine, { ...context(tx), prepared: ready });
      } else {
        const queue = queues.get(tx) ?? [];
        queue.push({ subscriber, events: mine });
        queues.set(tx, queue);
      }
    }
  }

  const bus: EventBus = {
    emit: (tx, events) => run(tx, events, new Map()),
    async afterCommit(tx) {
      const queue = queues.get(tx);
      if (!queue) return;
      queues.delete(tx);
      for (const { subscriber, events } of queue) {
        try {
          await subscriber.handle(events, context(deps.db));
        } catch (err) {
          deps.logger.error('after-commit event subscriber failed', { subscriber: subscriber.name, error: err instanceof Error ? err.message : String(err) });
        }
      }
    },
    async write(db, drafts, statement, emitted) {
      const prepared = new Map<AnySubscriber, unknown>();
      const done = new Set<AnySubscriber>();
      const parts: SQL[] = [];
      const inTx = subscribers.filter((s) => s.phase === 'transaction' && mineOf(s, drafts).length > 0);
      const ready = await Promise.all(inTx.map((s) => s.prepare?.(mineOf(s, drafts), { db, config: deps.config, inTransaction: false })));
      inTx.forEach((s, i) => {
        prepared.set(s, ready[i]);
        const part = ready[i] === PASS ? null : (s.inStatement?.(mineOf(s, drafts), ready[i]) ?? null);
        if (part) parts.push(part);
        if (part || ready[i] === PASS) done.add(s);
      });
      if (inTx.every((s) => done.has(s))) {
        const result = await statement(db, parts);
        await run(db, emitted(result), prepared, done);
        await bus.afterCommit(db);
        return result;
      }
      return bus.transaction(db, async (tx) => {
        const result = await statement(tx, parts);
        await run(tx, emitted(result), prepared, done);
        return result;
      });
    },
    async transaction(db, fn) {
      let inner: Database | undefined;
      const result = await db.transaction(async (raw) => {
        inner = raw as unknown as Database;
        return fn(inner);
      });
      if (inner) await bus.afterCommit(inner);
      return result as Awaited<ReturnType<typeof fn>>;
    },
  };
  return bus;
}

/** One event, stamped (the writer's clock `at`, its actor). */
export function event<N extends EventName>(name: N, data: EventOf<N>['data'], at: Date, actor: EventOf<N>['actor'] = null): EventOf<N> {
  return { name, data, at, actor };
}
