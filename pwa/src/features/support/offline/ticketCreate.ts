/**
 * The `ticket.create` outbox kind (issue 3 flow 6): the public support form's
 * `POST /api/tickets`, queued so a customer with no signal can submit, close the tab and see the
 * ticket number once back online. Anonymous (no author: sent whoever is signed in on the device);
 * kept in state 'done' with the created ticket's id and number for the form's success view. The
 * form reports its own outcome (no app toast). No React: the service worker registers it too.
 */
import type { TicketCreated, TicketCreateInput } from '@portal/shared';
import { enqueue, enqueueFileUploads, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the kind (stored on queued items: never rename). */
export const TICKET_CREATE = 'ticket.create';

/** Label of a queued request (it has no ticket number before the server answers). */
export const SUPPORT_REQUEST_LABEL = 'Support request';

/** A queued support request: payload = the form's body, result = the created ticket. */
export type TicketCreateItem = OutboxItem<TicketCreateInput, never, TicketCreated>;

/** The kind: POST /api/tickets with the body; 2xx keeps `{ id, ticketNumber, createdAt }` as the result. */
export const ticketCreateKind: OutboxKind<TicketCreateInput, never, TicketCreated> = {
  kind: TICKET_CREATE,
  auth: 'anonymous',
  keepDone: true,
  request: (item) => ({ method: 'POST', url: '/api/tickets', body: item.payload }),
  onSuccess: ({ body }) => body as TicketCreated,
};

/** True for items of {@link ticketCreateKind}. */
export const isTicketCreate = (item: OutboxItem): item is TicketCreateItem => isItemOf(ticketCreateKind, item);

/**
 * Queues a public support request with its own Idempotency-Key in a stream of its own (requests
 * never wait for each other); its files (photos already compressed on the device) are queued first
 * in the same stream, so they are uploaded before the request that names them (offline/uploads.ts).
 * @returns the item's seq (read its progress with {@link queuedTicketView}).
 */
export async function enqueueTicketCreate(
  db: OfflineDb,
  body: TicketCreateInput,
  now = new Date(),
  files: readonly { file: Blob; name: string }[] = [],
): Promise<number> {
  const stream = `${TICKET_CREATE}:${crypto.randomUUID()}`;
  const attachments = files.length ? await enqueueFileUploads(db, stream, files, SUPPORT_REQUEST_LABEL) : undefined;
  const payload: TicketCreateInput = attachments ? { ...body, attachments } : body;
  return enqueue<TicketCreateInput>(db, { kind: TICKET_CREATE, payload, label: SUPPORT_REQUEST_LABEL, user: null, stream }, now);
}

/** Progress of a queued public support request, as the form shows it. */
export interface QueuedTicketView {
  state: TicketCreateItem['state'];
  /** Set once the server created the ticket. */
  ticketNumber: string | null;
  /** The server's rejection (state 'failed'), with per-field messages when it sent them. */
  error: TicketCreateItem['error'];
  /** Last transient problem while waiting ("Network error", "429: ..."), for logs; screens use `problem`. */
  lastError: string | null;
  /**
   * Why it is still waiting, for plain words (issue 10): 'network' (no answer), 'busy' (429: too many
   * requests from this network), 'server' (408 / 5xx), or null (no problem yet).
   */
  problem: 'network' | 'busy' | 'server' | null;
  /** Epoch ms of the next automatic attempt (Retry-After for 'busy'); 0 = as soon as possible. */
  retryAt: number;
}

/** The waiting reason of an item from its last transient problem (see {@link QueuedTicketView.problem}). */
export function waitingProblem(item: Pick<OutboxItem, 'lastError' | 'lastStatus'>): QueuedTicketView['problem'] {
  if (item.lastStatus === 429) return 'busy';
  if (typeof item.lastStatus === 'number') return 'server';
  return item.lastError ? 'network' : null;
}

/** An outbox item (or its absence) -> the form's view; null when it is not a support request or is gone. */
export function queuedTicketView(item: OutboxItem | null | undefined): QueuedTicketView | null {
  if (!item || !isTicketCreate(item)) return null;
  return {
    state: item.state,
    ticketNumber: item.result?.ticketNumber ?? null,
    error: item.error,
    lastError: item.lastError,
    problem: waitingProblem(item),
    retryAt: item.nextAttemptAt,
  };
}
