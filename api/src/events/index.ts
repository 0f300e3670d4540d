/**
 * The domain events engine (docs/events.md): features import ONLY this file. It knows no feature:
 * the event union (types.ts), `defineSubscriber` (subscribers.ts) and the bus (bus.ts).
 */
export type { DomainEvent, EventActor, EventFile, EventName, EventOf, EventPayloads, TicketChange, TicketChangeType } from './types';
export { PASS, defineSubscriber, type AnySubscriber, type EventContext, type PrepareContext, type Subscriber, type SubscriberPhase } from './subscribers';
export { createEventBus, event, type EventBus, type EventBusDeps } from './bus';
