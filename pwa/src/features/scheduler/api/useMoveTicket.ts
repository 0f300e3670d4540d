import type { SchedulerTicket, TicketStatus } from '@portal/shared';
import type { QueuedMove } from '../model';

/** Kanban moves: queued status changes to show on the board, and the action that queues one. */
export interface MoveTicketApi {
  moves: QueuedMove[];
  move(ticket: SchedulerTicket, to: TicketStatus): Promise<void>;
  canMove: boolean;
}

const NONE: QueuedMove[] = [];

/**
 * Placeholder until the offline engine's public entry exposes the ticket update kind
 * (issue 9 refactor): moving is off.
 */
export function useMoveTicket(): MoveTicketApi {
  return { moves: NONE, move: async () => undefined, canMove: false };
}
