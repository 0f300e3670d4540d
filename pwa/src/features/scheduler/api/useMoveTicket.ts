import { useEffect, useMemo, useRef, useState } from 'react';
import { TICKET_UPDATE_KIND, statusMoveDraft, type SchedulerTicket, type TicketStatus, type TicketUpdatePayload } from '@portal/shared';
import { useAuth } from '../../../lib/auth';
import { enqueue, getOfflineDb, useOutboxItems, type OutboxItem } from '../../../offline';
import type { MoveMark, QueuedMove } from '../model';

/** Kanban moves: status changes to show on the board, and the action that queues one. */
export interface MoveTicketApi {
  moves: QueuedMove[];
  move(ticket: SchedulerTicket, to: TicketStatus): Promise<void>;
  canMove: boolean;
}

function markOf(item: OutboxItem): MoveMark {
  return item.state === 'conflict' ? 'conflict' : item.state === 'failed' ? 'failed' : 'pending';
}

/**
 * Moving a kanban card = a ticket status update through the offline outbox, the same `ticket.update`
 * kind as the Update Ticket panel (shared `statusMoveDraft`: baseVersion and the status the person
 * saw), so it is queued offline, sent once with its Idempotency-Key, merged or shown as a conflict
 * like any ticket update, and the ticket screen shows it pending too.
 *
 * `moves` = every unsent status change in the outbox (pending, conflict, failed), plus moves that
 * were sent since the dashboard answer `generatedAt` was fetched (so a card does not jump back
 * between its update being sent and the next answer); `onSent` runs when a queued move has been
 * sent (the page refetches then).
 */
export function useMoveTicket(generatedAt: string | undefined, onSent: () => void): MoveTicketApi {
  const { user } = useAuth();
  const items = useOutboxItems({ kind: TICKET_UPDATE_KIND });
  const queued = useMemo<QueuedMove[]>(
    () =>
      (items ?? []).flatMap((i) => {
        const status = (i.payload as TicketUpdatePayload).patch.status;
        return status && i.entityId ? [{ ticketId: i.entityId, status, mark: markOf(i) }] : [];
      }),
    [items],
  );

  // Moves that left the outbox as sent, remembered until an answer newer than `generatedAt` arrives.
  const [sent, setSent] = useState<{ moves: QueuedMove[]; before: string | undefined }>({ moves: [], before: undefined });
  const previous = useRef<QueuedMove[]>([]);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);
  useEffect(() => {
    const gone = previous.current.filter((m) => m.mark === 'pending' && !queued.some((q) => q.ticketId === m.ticketId));
    previous.current = queued;
    if (gone.length === 0) return;
    setSent((s) => ({ moves: [...s.moves.filter((m) => !gone.some((g) => g.ticketId === m.ticketId)), ...gone.map((g) => ({ ...g, mark: null }))], before: generatedAt }));
    onSentRef.current();
  }, [queued, generatedAt]);
  const moves = useMemo(() => [...(sent.before === generatedAt ? sent.moves : []), ...queued], [sent, generatedAt, queued]);
  const move = async (t: SchedulerTicket, to: TicketStatus) => {
    const draft = statusMoveDraft({ id: t.id, ticketNumber: t.ticketNumber, status: t.status, severity: t.severity, assignedTo: t.assignedTo, resolution: null, version: t.version }, to);
    if (!draft) return;
    await enqueue<TicketUpdatePayload>(getOfflineDb(), { ...draft, user: user ? { id: user.id, username: user.username } : null });
  };
  return { moves, move, canMove: user !== null };
}
