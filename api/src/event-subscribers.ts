/**
 * Every feature's event subscribers (docs/events.md, api/README.md "To react to a change"): the one
 * list createApp passes to the event bus, in the order they run for one emit. A feature that reacts
 * to another's change declares `defineSubscriber(...)` in its `features/<name>/events.ts`, adds its
 * list here, and edits no file of the feature that emits. A subscriber that must write the emitter's
 * tables through a port its feature cannot import (a cycle) is given that port's function here.
 */
import type { AnySubscriber } from './events';
import { activitySubscribers } from './features/activity/events';
import { assetSubscribers } from './features/assets/events';
import { authSubscribers } from './features/auth/events';
import { checklistSubscribers } from './features/checklists/events';
import { clientSubscribers } from './features/clients/events';
import { slaSubscribers } from './features/sla/events';
import { surveySubscribers } from './features/surveys/events';
import { ticketSubscribers } from './features/tickets/events';
import { NEW_TICKET_ROWS, TICKET_NUMBER_SLOT, linkNewTickets, recordReactionHistory } from './features/tickets/port';
import { inboxSubscribers } from './features/inbox/events';
import { vaultOfflineSubscribers } from './features/vault-offline/events';
import { visitSubscribers } from './features/visits/events';

export const eventSubscribers: readonly AnySubscriber[] = [
  ...clientSubscribers({ linkNewTickets }),
  ...checklistSubscribers,
  ...ticketSubscribers,
  ...assetSubscribers({ recordReactionHistory }),
  ...surveySubscribers,
  ...authSubscribers,
  ...vaultOfflineSubscribers,
  ...activitySubscribers,
  ...visitSubscribers,
  ...slaSubscribers,
  ...inboxSubscribers({ rows: NEW_TICKET_ROWS, slot: TICKET_NUMBER_SLOT }),
];
