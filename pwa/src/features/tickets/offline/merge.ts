/**
 * Merge offline (issue 57 point 2, docs/merge.md "PWA"): the `ticket.merge` outbox kind, a queued
 * `POST /api/tickets/:id/merge { intoTicketId, baseVersion, intoBaseVersion }` with the item's
 * Idempotency-Key, so it lands once however often it is resent. No React: the service worker
 * registers it too.
 *
 * The item goes in the SOURCE ticket's stream (shared `ticketStream`), so it is sent after that
 * ticket's updates queued before it, and waits (`after`) for the target's older items. Until it is
 * sent the source shows closed and "Merged into TKT-…" (view.ts). The versions are the server's
 * under what the technician saw; a 409 whose tickets still have the statuses the technician saw
 * (only this device's own queued changes happened since) is re-based and resent with the same key,
 * as a ticket update is; any other refusal (either ticket closed, merged or its status changed)
 * keeps the item 'failed' with the server's message until it is discarded: never dropped silently.
 */
import {
  ticketStream,
  type Ticket,
  type TicketMergeInput,
  type TicketMergeResult,
  type TicketRef,
  type TicketStatus,
} from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { reindexTickets } from './searchIndex';
import { storeServerTicket, ticketLink } from './ticketUpdate';

/** Name of the kind (stored on queued items: never rename). */
export const TICKET_MERGE = 'ticket.merge';

/** What a queued merge sends and remembers. `entityId` of the item is the source's id, `label` its number. */
export interface TicketMergePayload {
  /** The target. */
  into: TicketRef;
  /** Server versions of the source and the target under what was shown (the API's staleness check). */
  baseVersion: number;
  /** Absent when the target was not on the device (found by number with no copy): no staleness check of the target. */
  intoBaseVersion?: number;
  /** The statuses shown when the merge was decided (this device's unsent changes included). */
  seen: { status: TicketStatus; intoStatus: TicketStatus };
}

export type TicketMergeItem = OutboxItem<TicketMergePayload, never, never>;

/** Body of a 409 of the merge route: the message and both tickets as they are now. */
interface MergeRefusal {
  message?: string;
  source?: Ticket;
  target?: Ticket;
}

/**
 * The kind (sent only with its author's session).
 * - 2xx: both tickets as the server has them are stored, and the source's cached work history
 *   (all but its 'created' entry) moves to the target, as on the server; the next pull brings the
 *   rows with their new sequence.
 * - 409: retried once re-based when neither status differs from what was seen; else failed.
 * - other 4xx (target gone, invalid): failed with the server's message.
 */
export const ticketMergeKind: OutboxKind<TicketMergePayload, never, never> = {
  kind: TICKET_MERGE,
  auth: 'session',
  tables: ['tickets', 'ticketUpdates', 'ticketSearch', 'records'],
  request: (item) => {
    const { into, baseVersion, intoBaseVersion } = item.payload;
    const body: TicketMergeInput = { intoTicketId: into.id, baseVersion, ...(intoBaseVersion ? { intoBaseVersion } : {}) };
    return { method: 'POST', url: `/api/tickets/${encodeURIComponent(item.entityId ?? '')}/merge`, body };
  },
  link: (item) => (item.entityId ? ticketLink(item.entityId) : null),
  async onSuccess({ db, body }) {
    const { source, target } = body as TicketMergeResult;
    await storeServerTicket(db, source);
    await storeServerTicket(db, target);
    await db.ticketUpdates
      .where('ticketId')
      .equals(source.id)
      .filter((u) => u.updateType !== 'created')
      .modify({ ticketId: target.id });
    await reindexTickets(db, [source.id, target.id]);
  },
  async onConflict({ db, item, body, mayRetry }) {
    const { source, target } = (body ?? {}) as MergeRefusal;
    if (!source || !target) return { action: 'fail' };
    await storeServerTicket(db, source);
    await storeServerTicket(db, target);
    const { seen, baseVersion, intoBaseVersion } = item.payload;
    const unchanged = source.status === seen.status && (!intoBaseVersion || target.status === seen.intoStatus) && !source.mergedInto && !target.mergedInto;
    const stale = source.version !== baseVersion || (intoBaseVersion !== undefined && target.version !== intoBaseVersion);
    if (!unchanged || !stale || !mayRetry) return { action: 'fail' };
    const rebased = { ...item.payload, baseVersion: source.version, ...(intoBaseVersion ? { intoBaseVersion: target.version } : {}) };
    return { action: 'retry', payload: rebased };
  },
  notices: {
    sent: (labels) => ({
      title: 'Tickets Merged',
      description: labels.length === 1 ? `Ticket ${labels[0]} has been merged.` : `${labels.length} tickets have been merged.`,
    }),
    failed: (item) => ({
      title: 'Merge Refused',
      description: `${item.label}: ${item.error?.message ?? 'The merge was refused.'}`,
      variant: 'destructive',
    }),
  },
};

/** True for items of {@link ticketMergeKind}. */
export const isTicketMerge = (item: OutboxItem): item is TicketMergeItem => isItemOf(ticketMergeKind, item);

/**
 * Queues the merge of `source` into `target`, both as shown (server state plus this device's unsent
 * changes; `version` is the server's under them; 0 for a target not on the device). Sent after the source's and target's older items.
 * @returns the item's seq.
 */
export function enqueueTicketMerge(
  db: OfflineDb,
  source: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status'>,
  target: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status'>,
  user: { id: string; username: string } | null,
  now = new Date(),
): Promise<number> {
  const payload: TicketMergePayload = {
    into: { id: target.id, ticketNumber: target.ticketNumber },
    baseVersion: source.version,
    ...(target.version > 0 ? { intoBaseVersion: target.version } : {}),
    seen: { status: source.status, intoStatus: target.status },
  };
  const draft = { kind: TICKET_MERGE, payload, label: source.ticketNumber, entityId: source.id, stream: ticketStream(source.id), after: [ticketStream(target.id)], user };
  return enqueue<TicketMergePayload>(db, draft, now);
}

/** Unsent merges of one ticket (as source), oldest first; [] for null. */
export async function readTicketMerges(db: OfflineDb, ticketId: string | null): Promise<TicketMergeItem[]> {
  if (!ticketId) return [];
  const items = await db.outbox.where('entityId').equals(ticketId).sortBy('seq');
  return items.filter((i): i is TicketMergeItem => isTicketMerge(i) && i.state !== 'done');
}
