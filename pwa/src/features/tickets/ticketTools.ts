/**
 * The tickets feature's {@link TicketTools} (lib/ticketTools: what other features may use of it,
 * provided by the app): the canned-replies textarea and the ticket timer on this device.
 */
import type { TicketTools } from '../../lib/ticketTools';
import { getOfflineDb } from '../../offline';
import { TIMERS, readTimer, timerMinutes } from './offline';
import ReplyTextarea from './replies/ReplyTextarea';

export const ticketTools: TicketTools = {
  ReplyTextarea,
  readTimer: async (ticketId, now = new Date()) => {
    const timer = await readTimer(getOfflineDb(), ticketId);
    return timer && { startedAt: timer.startedAt, minutes: timerMinutes(timer, now) };
  },
  dropTimer: async (ticketId) => {
    await getOfflineDb().records.where({ collection: TIMERS, id: ticketId }).delete();
  },
};
