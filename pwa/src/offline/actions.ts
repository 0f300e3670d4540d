/**
 * What screens call to write (DESIGN.md 5: the outbox is the only owner of offline writes). Each
 * action changes IndexedDB first (so it survives a closed tab or a killed app), then nudges the
 * sync engine; none of them waits for the network.
 */
import type { Ticket, TicketCreateInput, TicketEditValues, TicketMergeField } from '@portal/shared';
import { getOfflineDb } from './db';
import { afterEnqueue, requestSync } from './engine';
import { discardOutboxItem, enqueueTicketCreate } from './outbox';
import { enqueueTicketUpdate, resolveConflict, type ConflictChoice, type EnqueueResult } from './ticketOutbox';

/**
 * Queues a ticket update made in the 'Update Ticket' panel (SPEC.md 4) against `shown`, the ticket
 * as displayed (server + unsent edits). Resolves once it is stored: `{ status: 'queued', seq }`, or
 * `{ status: 'no-changes' }` when nothing changed (nothing stored, nothing sent).
 */
export async function queueTicketUpdate(input: {
  shown: Ticket;
  values: TicketEditValues;
  user: { id: string; username: string } | null;
}): Promise<EnqueueResult> {
  const result = await enqueueTicketUpdate(getOfflineDb(), input);
  if (result.status === 'queued') void afterEnqueue();
  return result;
}

/**
 * Queues a public support request (issue 3 flow 6); it is sent without a session as soon as the
 * network allows, with its own Idempotency-Key. Read its progress and ticket number with
 * hooks.useQueuedTicket(seq).
 * @returns the outbox seq of the request.
 */
export async function queueTicketCreate(body: TicketCreateInput): Promise<number> {
  const seq = await enqueueTicketCreate(getOfflineDb(), body);
  void afterEnqueue();
  return seq;
}

/**
 * Resolves a conflict (issue 3 flow 5): per field 'mine' (send my value again, on the server's
 * current version) or 'server' (drop my change of that field).
 * @returns 'requeued' | 'dropped' | null (not in conflict any more).
 */
export async function resolveTicketConflict(
  seq: number,
  choices: Partial<Record<TicketMergeField, ConflictChoice>>,
): Promise<'requeued' | 'dropped' | null> {
  const outcome = await resolveConflict(getOfflineDb(), seq, choices);
  if (outcome === 'requeued') void afterEnqueue();
  return outcome;
}

/** Discards a failed or conflicted item, or forgets a finished ticket creation. @returns true when removed. */
export function discardQueuedItem(seq: number): Promise<boolean> {
  return discardOutboxItem(getOfflineDb(), seq);
}

/** "Sync now": push (ignoring backoff) and pull at once. */
export function syncNow(): Promise<void> {
  return requestSync({ force: true, pull: true });
}
