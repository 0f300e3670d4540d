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
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { AnySubscriber, EventContext } from './subscribers';
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

  const bus: EventBus = {
    async emit(tx, events) {
      if (!events.some((e) => wanted.has(e.name))) return;
      for (const subscriber of subscribers) {
        const mine = events.filter((e) => subscriber.events.includes(e.name)) as EventOf<EventName>[];
        if (mine.length === 0) continue;
        if (subscriber.phase === 'transaction') await subscriber.handle(mine, context(tx));
        else {
          const queue = queues.get(tx) ?? [];
          queue.push({ subscriber, events: mine });
          queues.set(tx, queue);
        }
      }
    },
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
