/**
 * Outbox items of database version 1, when the outbox knew only two hard-coded kinds,
 * and their conversion to the generic item of version 2 (db.ts). Only the Dexie upgrade calls it;
 * it names the two old shapes because that is what version 1 stored, not to handle the features.
 *
 * Version 1 shapes (common fields seq, key, state, stream, createdAt, attempts, nextAttemptAt,
 * lastError, error as today):
 * - `ticket.update`: ticketId, ticketNumber, userId, userName, patch, seen, conflict
 *   -> entityId = ticketId, label = ticketNumber, payload = { patch, seen }, conflict kept.
 * - `ticket.create`: body, result (anonymous public form)
 *   -> payload = body, result kept, no author, label {@link SUPPORT_REQUEST_LABEL}.
 */
import type { OutboxItem } from './rows';

/** Label of a converted public support request (it has no ticket number until sent). */
export const SUPPORT_REQUEST_LABEL = 'Support request';

/**
 * One stored item of any version -> the version-2 shape. Items already in the new shape (they have
 * a `payload`) are returned unchanged, so running the upgrade twice is harmless; an item of an
 * unknown old kind keeps all its fields under `payload` (kept and reported, never dropped).
 */
export function upgradeOutboxItemV1(old: Record<string, unknown>): OutboxItem {
  if ('payload' in old) return old as unknown as OutboxItem;
  const {
    seq, key, kind, stream, state, createdAt, attempts, nextAttemptAt, lastError, error,
    ticketId, ticketNumber, userId, userName, patch, seen, conflict, body, result, ...rest
  } = old;
  const common = {
    seq, key, kind, stream, state, createdAt,
    attempts: attempts ?? 0,
    nextAttemptAt: nextAttemptAt ?? 0,
    lastError: lastError ?? null,
    error: error ?? null,
  } as Pick<OutboxItem, 'seq' | 'key' | 'kind' | 'stream' | 'state' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'error'>;
  if (kind === 'ticket.update') {
    return {
      ...common,
      userId: (userId as string | null | undefined) ?? null,
      userName: (userName as string | null | undefined) ?? null,
      label: String(ticketNumber ?? ''),
      entityId: (ticketId as string | undefined) ?? null,
      payload: { patch, seen: seen ?? {} },
      conflict: conflict ?? null,
      result: null,
    };
  }
  if (kind === 'ticket.create') {
    return { ...common, userId: null, userName: null, label: SUPPORT_REQUEST_LABEL, entityId: null, payload: body, conflict: null, result: result ?? null };
  }
  return {
    ...common,
    userId: (userId as string | null | undefined) ?? null,
    userName: (userName as string | null | undefined) ?? null,
    label: String(kind),
    entityId: null,
    payload: { ticketId, ticketNumber, patch, seen, body, ...rest },
    conflict: conflict ?? null,
    result: result ?? null,
  };
}
