/**
 * The `ticket.update` outbox kind (SPEC.md 4, DESIGN.md 4 and 5): a queued
 * `PATCH /api/tickets/:id`, its optimistic bookkeeping, the server's answers, conflicts and their
 * resolution. No window, no React: the service worker registers this kind too.
 *
 * Each item remembers the value of each changed field the technician saw (`payload.seen`): the
 * server answers 409 whenever a field changed after `baseVersion`, including changes made by this
 * device's own earlier items; only a field whose current value differs from what the technician
 * saw is a real conflict (shared `realConflicts`, the one merge rule). Otherwise the item is
 * silently re-based on the server's version and resent with the same Idempotency-Key (a 409 stores
 * nothing on the server).
 */
import {
  MSG,
  TICKET_MERGE_FIELDS,
  attachmentCountLabel,
  TICKET_UPDATE_KIND,
  realConflicts as sharedRealConflicts,
  ticketUpdateDraft,
  type Ticket,
  type TicketConflictBody,
  type TicketEditValues,
  type TicketMergeField,
  type TicketPatch,
  type TicketPatchResult,
  type TicketUpdatePayload,
} from '@portal/shared';
import { enqueue, enqueueFileUploads, isItemOf, nudgeSync, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { reindexTickets } from './searchIndex';

/**
 * What a ticket update sends and remembers, its kind name and its stream live in
 * `@portal/shared` (rules/ticketUpdate.ts): other screens (the scheduler's kanban moves) queue the
 * same item through the engine's `enqueue` without importing this feature.
 */
export { ticketStream, type TicketUpdatePayload } from '@portal/shared';

/** Kept in state 'conflict': the server's current ticket and the fields really in conflict. */
export interface TicketConflict {
  ticket: Ticket;
  fields: TicketMergeField[];
}

/** A queued ticket update: `entityId` is the ticket id, `label` its number. */
export type TicketUpdateItem = OutboxItem<TicketUpdatePayload, TicketConflict, never>;

/** Name of the kind (stored on queued items: never rename). */
export const TICKET_UPDATE = TICKET_UPDATE_KIND;

/**
 * Stores a ticket from the server unless the local copy is already newer (versions only grow), with
 * its search row (the caller's transaction must include `tickets`, `ticketUpdates`, `ticketSearch` and `records`).
 * The row is read from the cached work history after the ticket's put: history rows the caller
 * put before (or issued together with this call, as the PATCH answer does) are in it.
 * @returns true when the ticket was stored (and its row written).
 */
export async function storeServerTicket(db: OfflineDb, ticket: Ticket): Promise<boolean> {
  const local = await db.tickets.get(ticket.id);
  if (local && local.version > ticket.version) return false;
  // A PATCH answer carries no checklist (only single reads and the delta feed do): keep the copy's.
  const stored = ticket.checklist === undefined && local?.checklist ? { ...ticket, checklist: local.checklist } : ticket;
  // The row is built from the ticket in hand, not read back (one request and one task less per
  // sent update: the drain at 4x CPU is bound by the page's main thread, issue 59).
  await Promise.all([db.tickets.put(stored), reindexTickets(db, [ticket.id], [stored])]);
  return true;
}

/**
 * Fields of a 409 that are real conflicts for the technician: the server's current value differs
 * from the value they saw when making the change. The others were changed on the server only by
 * this device's own earlier updates (or changed back), so the item may simply be re-based.
 */
export function realConflicts(item: TicketUpdateItem, body: Pick<TicketConflictBody, 'ticket' | 'conflicts'>): TicketMergeField[] {
  return sharedRealConflicts(item.payload.seen, body.ticket, body.conflicts);
}

function isConflictBody(body: unknown): body is TicketConflictBody {
  const b = body as Partial<TicketConflictBody> | undefined;
  return Boolean(b && typeof b === 'object' && b.ticket && typeof b.ticket.version === 'number' && Array.isArray(b.conflicts));
}

/** The ticket screen with that ticket open (also the link of push notifications and e-mails). */
export function ticketLink(ticketId: string): string {
  return `/technician?ticket=${encodeURIComponent(ticketId)}`;
}

/**
 * The kind: PATCH with the patch; sent only with its author's session.
 * - 2xx: the server ticket and its new history rows are stored; the ticket's next never-sent item
 *   whose baseVersion lies in the chain of this device's own updates that produced this version
 *   (from `chainFrom` up to the version right before it: nothing but this device's own changes
 *   happened in between, so no conflict check is lost) moves onto the new version. Only the next
 *   item is rewritten; it carries the chain, so the one after it moves when it is sent in turn
 *   (one write per sent update, not one per waiting update).
 * - 409 with the conflict body: no real conflict -> re-based and resent (retry); else state
 *   'conflict' with the server's ticket and the real fields (all fields once retries are used up).
 * - Discard: later items that saw this change as the displayed value are re-seated.
 */
export const ticketUpdateKind: OutboxKind<TicketUpdatePayload, TicketConflict, never> = {
  kind: TICKET_UPDATE,
  auth: 'session',
  tables: ['tickets', 'ticketUpdates', 'ticketSearch', 'records'],
  request: (item) => ({ method: 'PATCH', url: `/api/tickets/${encodeURIComponent(item.entityId ?? '')}`, body: item.payload.patch }),
  // The sync bar links an update that needs attention to its ticket.
  link: (item) => (item.entityId ? ticketLink(item.entityId) : null),
  async onSuccess({ db, item, body }) {
    const result = body as TicketPatchResult;
    const changed = result.updates.length > 0;
    // This runs per sent update, and the next update of the ticket waits for it: the independent
    // requests are issued together (IndexedDB runs them in order, without a round trip between
    // each), and the stream is read with one getAll and rewritten with one bulk write.
    // The history rows' bulkPut is issued before storeServerTicket's put and row (IndexedDB keeps
    // a transaction's requests in order), so the row it writes already holds a new comment: the
    // row is written again only when the ticket was not stored (the copy was newer).
    const [stored, , stream] = await Promise.all([
      storeServerTicket(db, result.ticket),
      changed ? db.ticketUpdates.bulkPut(result.updates) : null,
      changed ? db.outbox.where('stream').equals(item.stream).toArray() : ([] as OutboxItem[]),
    ]);
    if (!changed) return;
    if (!stored && result.updates.some((u) => u.comment)) await reindexTickets(db, [result.ticket.id]);
    const v = result.ticket.version;
    const sentBase = item.payload.patch.baseVersion;
    const chainFrom = sentBase === v - 1 ? (item.payload.chainFrom ?? sentBase) : v - 1;
    const next = stream.filter((i) => i.seq > item.seq).sort((a, b) => a.seq - b.seq)[0];
    if (!next || !isTicketUpdate(next) || next.state !== 'pending' || next.attempts !== 0) return;
    const base = next.payload.patch.baseVersion;
    if (base === undefined || base < chainFrom || base > v - 1) return;
    await db.outbox.put({ ...next, payload: { ...next.payload, chainFrom, patch: { ...next.payload.patch, baseVersion: v } } });
  },
  async onConflict({ db, item, body, mayRetry }) {
    if (!isConflictBody(body)) return { action: 'fail' };
    await storeServerTicket(db, body.ticket);
    const real = realConflicts(item, body);
    if (real.length === 0 && mayRetry) {
      return { action: 'retry', payload: { ...item.payload, patch: { ...item.payload.patch, baseVersion: body.ticket.version } } };
    }
    return { action: 'conflict', conflict: { ticket: body.ticket, fields: real.length > 0 ? real : body.conflicts } };
  },
  onDiscard: ({ db, item }) => reseatLaterItems(db, item, item.payload.seen),
  notices: {
    sent: (labels) => ({
      title: 'Ticket Updated',
      description: labels.length === 1 ? `Ticket ${labels[0]} has been updated.` : `${labels.length} tickets have been updated.`,
    }),
    conflict: (item) => ({ title: 'Update Conflict', description: `${item.label}: ${MSG.conflict}`, variant: 'destructive' }),
    failed: (item) => ({
      title: 'Update Failed',
      description: `${item.label}: ${item.error?.message ?? 'Failed to update ticket. Please try again.'}`,
      variant: 'destructive',
    }),
  },
};

/** True for items of {@link ticketUpdateKind}. */
export const isTicketUpdate = (item: OutboxItem): item is TicketUpdateItem => isItemOf(ticketUpdateKind, item);

/** A macro applied in the Update Ticket panel: sent as `macroId` and `timeEntry` with the one update. */
export interface AppliedMacro {
  id: string;
  name: string;
  timeEntry?: { minutes: number; billable: boolean } | undefined;
  /** Checklist items the macro appends (issue 52), sent as `checklist` with the one update. */
  checklist?: { text: string; required: boolean }[] | undefined;
}

/** What {@link enqueueTicketUpdate} did. */
export type EnqueueResult = { status: 'queued'; seq: number } | { status: 'no-changes' };

/**
 * Queues the 'Update Ticket' panel's values as one update (DESIGN.md 5); it shows at once as
 * pending and the sync engine sends it when it can. The patch holds only the changed fields
 * (shared buildTicketPatch against `shown`, the ticket the technician saw: server + unsent edits)
 * and `baseVersion` = the server version under it. Nothing changed -> `no-changes` and nothing is
 * written (SPEC.md 4 'No Changes').
 * @param input.user the author (only their session sends it); null when unknown.
 * @returns `{ status: 'queued', seq }` once stored, or `{ status: 'no-changes' }`.
 */
export async function enqueueTicketUpdate(
  db: OfflineDb,
  input: {
    shown: Ticket;
    values: TicketEditValues;
    user: { id: string; username: string } | null;
    files?: readonly { file: Blob; name: string }[];
    /** The macro applied in the panel (docs/replies-and-macros.md): its id and time entry go with this one update. */
    macro?: AppliedMacro | null;
  },
  now = new Date(),
): Promise<EnqueueResult> {
  const { shown, user, files = [], macro } = input;
  // Files belong to the update's comment entry (docs/attachments.md): without a comment, one says what was attached.
  const values = files.length && !input.values.comment.trim() ? { ...input.values, comment: `Attached ${attachmentCountLabel(files.map((f) => ({ contentType: f.file.type })))}` } : input.values;
  let draft = ticketUpdateDraft(shown, values);
  if (!draft && (macro?.timeEntry || macro?.checklist?.length)) draft = ticketUpdateDraft(shown, values, { allowEmpty: true });
  if (!draft) return { status: 'no-changes' };
  if (macro) {
    const extras = { ...(macro.timeEntry ? { timeEntry: macro.timeEntry } : {}), ...(macro.checklist?.length ? { checklist: macro.checklist } : {}) };
    const patch = { ...draft.payload.patch, macroId: macro.id, ...extras };
    draft.payload = { ...draft.payload, patch, macroName: macro.name };
  }
  if (files.length) {
    // Queued first in the ticket's stream: uploaded before the update that names them (offline/uploads.ts).
    const attachments = await enqueueFileUploads(db, draft.stream, files, shown.ticketNumber);
    draft.payload = { ...draft.payload, patch: { ...draft.payload.patch, attachments } };
  }
  const seq = await enqueue<TicketUpdatePayload>(db, { ...draft, user }, now);
  return { status: 'queued', seq };
}

/**
 * After `removed`'s change of some fields is abandoned (discarded, or a field given up for the
 * server's value), later items of its stream that saw that change as the displayed value now
 * "saw" `replacement[f]` instead (the value before it, or the server's accepted value), so a later
 * 409 is judged against what the technician really ends up with. Call inside a transaction.
 */
export async function reseatLaterItems(db: OfflineDb, removed: TicketUpdateItem, replacement: TicketUpdatePayload['seen']): Promise<void> {
  const later = (await db.outbox.where('stream').equals(removed.stream).sortBy('seq')).filter(
    (i): i is TicketUpdateItem => isTicketUpdate(i) && i.seq > removed.seq && i.state !== 'done',
  );
  const fields = (Object.keys(replacement) as TicketMergeField[]).filter((f) => removed.payload.patch[f] !== undefined);
  const changed = new Set<TicketUpdateItem>();
  for (const f of fields) {
    for (const item of later) {
      if (f in item.payload.seen) {
        item.payload = { ...item.payload, seen: { ...item.payload.seen, [f]: replacement[f] } };
        changed.add(item);
      }
      if (item.payload.patch[f] !== undefined) break; // later items saw this one's value, not the removed one's
    }
  }
  if (changed.size > 0) await db.outbox.bulkPut([...changed]);
}

/** The technician's choice per conflicting field: keep their change, or keep the server's value. */
export type ConflictChoice = 'mine' | 'server';

/**
 * Resolves a conflicted update. For each field in conflict: 'mine' keeps the
 * technician's value, now based on the server's current version; 'server' drops the field.
 * Fields not chosen default to 'mine'. If nothing is left to send (no field, no comment) the item
 * is deleted; otherwise it is pending again in its place in the queue (same seq, same key) and the
 * sync engine is nudged.
 * @returns 'requeued' | 'dropped', or null when the item is not (any more) in conflict.
 */
export async function resolveConflict(
  db: OfflineDb,
  seq: number,
  choices: Partial<Record<TicketMergeField, ConflictChoice>>,
): Promise<'requeued' | 'dropped' | null> {
  const outcome = await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item || !isTicketUpdate(item) || item.state !== 'conflict' || !item.conflict) return null;
    const { ticket, fields } = item.conflict;
    const patch: TicketPatch = { ...item.payload.patch, baseVersion: ticket.version };
    const seen = { ...item.payload.seen };
    for (const f of fields) {
      if (choices[f] === 'server') {
        delete patch[f];
        delete seen[f];
      } else {
        seen[f] = ticket[f];
      }
    }
    const givenUp: TicketUpdatePayload['seen'] = {};
    for (const f of fields) if (choices[f] === 'server') givenUp[f] = ticket[f];
    await reseatLaterItems(db, item, givenUp);
    const left = TICKET_MERGE_FIELDS.some((f) => patch[f] !== undefined) || patch.comment !== undefined || patch.timeEntry !== undefined || patch.checklist !== undefined;
    if (!left) {
      await db.outbox.delete(seq);
      return 'dropped' as const;
    }
    const requeued: TicketUpdateItem = { ...item, payload: { patch, seen }, state: 'pending', conflict: null, nextAttemptAt: 0, error: null };
    await db.outbox.put(requeued);
    return 'requeued' as const;
  });
  if (outcome === 'requeued') nudgeSync();
  return outcome;
}
