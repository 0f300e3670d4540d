/**
 * What the visits feature reacts to (docs/events.md): its own `visit.closed`, in the close-out's
 * transaction: the service report attached to the ticket and its e-mail queued (reportDelivery.ts).
 */
import { defineSubscriber } from '../../events';
import { attachAndSendReport } from './reportDelivery';

export const visitSubscribers = [
  defineSubscriber({
    name: 'visits.report',
    events: ['visit.closed'],
    phase: 'transaction',
    async handle(events, { tx, config, logger }) {
      for (const e of events) await attachAndSendReport({ config, db: tx }, e, logger);
    },
  }),
];
