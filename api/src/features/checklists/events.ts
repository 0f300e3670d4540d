/**
 * The checklists feature's subscribers (docs/events.md), registered in api/src/event-subscribers.ts:
 * - `checklists.required_items` (ticket.status_changed, in the transaction): a ticket set to Resolved
 *   or Closed while required items are open is refused, "2 required checklist items are still open"
 *   (400 under `status`); the throw rolls the whole change back (issue 52 item 1).
 */
import { requiredItemsOpenMessage } from '@portal/shared';
import { defineSubscriber } from '../../events';
import { badRequest } from '../../http/errors';
import { openRequiredCount } from './repository';

const requiredItems = defineSubscriber({
  name: 'checklists.required_items',
  events: ['ticket.status_changed'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const { data } of events) {
      if (data.to !== 'resolved' && data.to !== 'closed') continue;
      const open = await openRequiredCount(tx, data.ticket.id);
      if (open > 0) {
        const message = requiredItemsOpenMessage(open);
        throw badRequest(message, { status: [message] });
      }
    }
  },
});

export const checklistSubscribers = [requiredItems];
