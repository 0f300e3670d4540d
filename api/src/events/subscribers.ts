/**
 * Declaring a subscriber (docs/events.md): a feature's `events.ts` says which events it reacts to,
 * when, and what it does; `api/src/event-subscribers.ts` lists every feature's subscribers and
 * createApp passes that list to the bus (events/bus.ts), as notification-kinds.ts does for job kinds.
 * After Outline's `server/queues/processors/*` (`applicableEvents` + `perform`).
 */
import type { SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { EventName, EventOf } from './types';

/**
 * - 'transaction': runs inside the writer's transaction, right when the events are emitted; its
 *   writes commit or roll back with the change (jobs, audit rows, derived rows), and a throw rolls
 *   the whole change back. Exactly once per committed event.
 * - 'afterCommit': runs after COMMIT, outside any transaction, for what may be lost (an in-process
 *   cache to drop, a wake-up): a crash between COMMIT and it skips it; a throw is logged, never
 *   turns the committed change into an error. At most once.
 */
export type SubscriberPhase = 'transaction' | 'afterCommit';

/** What a subscriber receives beside its events. */
export interface EventContext {
  /** The writer's transaction ('transaction' phase), or the database itself ('afterCommit'). */
  tx: Database;
  /** What the subscriber's `prepare` returned for this emit (undefined without one). */
  prepared?: unknown;
  /** The app's configuration (secrets for links, TTLs). */
  config: Config;
  logger: Logger;
}

/** A subscriber of the events named in `N`. */
export interface Subscriber<N extends EventName = EventName> {
  /** Unique name, `<feature>.<what>` (e.g. 'surveys.invite'): logs and tests name it. */
  name: string;
  events: readonly N[];
  phase: SubscriberPhase;
  /**
   * Handles the events of ONE emit that it subscribes to, in emit order, all at once: a group commit
   * of 64 new tickets is one call, so a subscriber writes them with one statement (batch APIs).
   * Never called with an empty list.
   */
  handle(events: EventOf<N>[], ctx: EventContext): Promise<void>;
  /**
   * Optional ('transaction' phase): what the subscriber reads BEFORE the writer's transaction, for
   * writers that emit through the bus's `write` (events/bus.ts) (the group commit of new tickets): its result is
   * `ctx.prepared` in `inStatement`/`handle`. Return {@link PASS} when the subscriber has nothing to
   * do for these events (then neither runs). Emitted any other way (`emit`), it runs in the
   * transaction with `inTransaction: true`, right before `handle`. Reading outside the writer's
   * transaction is only right for facts that may be a moment old (who gets alerted); a fact
   * another writer may change concurrently must be read in the transaction (return undefined here).
   */
  prepare?(events: EventOf<N>[], ctx: PrepareContext): Promise<unknown>;
  /**
   * Optional ('transaction' phase): the subscriber's writes as ONE data-modifying CTE body that rides
   * in the writer's own statement (same round trip, same transaction: exactly once as `handle`),
   * for writers that emit through the bus's `write` (events/bus.ts); the event's docstring (types.ts) says
   * which rows of the statement it may read. Return null to be handled by `handle` instead.
   */
  inStatement?(events: EventOf<N>[], prepared: unknown): SQL | null;
}

/** What `prepare` receives: the database (outside any transaction unless `inTransaction`). */
export interface PrepareContext {
  db: Database;
  config: Config;
  /** True when called inside the writer's transaction (an `emit`), false before it (`write`). */
  inTransaction: boolean;
}

/** Returned by `prepare`: the subscriber has nothing to do for these events. */
export const PASS: unique symbol = Symbol('event subscriber has nothing to do');

/** Any subscriber, for the registry. */
export type AnySubscriber = Subscriber<EventName>;

/**
 * Declares a subscriber (see {@link Subscriber}); the events' payload types follow from `events`.
 * @example defineSubscriber({ name: 'clients.match', events: ['ticket.created'], phase: 'transaction',
 *   async handle(events, { tx }) { ... events.map((e) => e.data.ticket.id) ... } })
 */
export function defineSubscriber<const N extends EventName>(s: Subscriber<N>): AnySubscriber {
  return s as unknown as AnySubscriber;
}
