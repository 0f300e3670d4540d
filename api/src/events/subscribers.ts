/**
 * Declaring a subscriber (docs/events.md): a feature's `events.ts` says which events it reacts to,
 * when, and what it does; `api/src/event-subscribers.ts` lists every feature's subscribers and
 * createApp passes that list to the bus (events/bus.ts), as notification-kinds.ts does for job kinds.
 * After Outline's `server/queues/processors/*` (`applicableEvents` + `perform`).
 */
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
}

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
