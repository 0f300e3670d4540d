import { queueTicketUpdate, resolveTicketConflict, discardQueuedItem } from '../../../offline/actions';
import { useTicketOutbox } from '../../../offline/hooks';

/**
 * PATCH /api/tickets/{id} through the outbox (DESIGN.md 5): the update is stored on the device with
 * its Idempotency-Key and shown at once as pending; the sync engine sends it when it can. Also the
 * conflict choice and Discard of a rejected update (issue 3 flows 3-5).
 */
export const queueUpdate = queueTicketUpdate;
export const resolveConflict = resolveTicketConflict;
export const discardUpdate = discardQueuedItem;

/** The ticket's updates still in the outbox, oldest first (pending, conflict, failed). */
export const useQueuedUpdates = useTicketOutbox;
