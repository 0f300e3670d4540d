/**
 * THE ticket merge rule (DESIGN.md 4 "Offline-safe updates"), one pure function set used by the API
 * (`PATCH /api/tickets/:id`), by the PWA (optimistic view, conflict judgement) and by the offline
 * model test's in-memory server. Nothing else may decide which field conflicts or what history a
 * change writes.
 *
 * - Each merge field writes one work-history row of a fixed type ({@link FIELD_UPDATE_TYPE}).
 * - Stored history values: `status_change` stores status values (`open`, `in_progress`, ...);
 *   `severity_change` stores severity values (`low` ... `urgent`);
 *   `assignment` stores usernames (null = unassigned), so "Changed from X to Y" reads without
 *   lookups; `resolution` stores the text; `waiting` stores 'true' / 'false' (waitingOnCustomer);
 *   `client_change`, `site_change`, `contact_change` store the names (null = none).
 * - A patch made against a stale `baseVersion` conflicts on a field only when that field's history
 *   type was written after `baseVersion` AND the current value differs from the sent one. Comments
 *   never conflict. A conflict applies nothing.
 * - A value equal to the current one changes nothing; a patch that changes nothing writes no history
 *   and does not bump the version.
 * - A comment is an internal note unless the patch says `reply: true`; the comment row
 *   carries that as `reply`.
 */
import type { Ticket, TicketLinkField, TicketMergeField, TicketMergeValue, TicketPatch, UpdateType } from '../schemas/tickets';
import { TICKET_MERGE_FIELDS } from '../schemas/tickets';
import { mergeTagSet } from './tags';

/** Work-history type written when a merge field changes (DESIGN.md 4). */
export const FIELD_UPDATE_TYPE: Readonly<Record<TicketMergeField, UpdateType>> = {
  status: 'status_change',
  severity: 'severity_change',
  assignedTo: 'assignment',
  resolution: 'resolution',
  waitingOnCustomer: 'waiting',
  clientId: 'client_change',
  siteId: 'site_change',
  contactId: 'contact_change',
};

/** The merge fields of a ticket plus its version: all the rule needs to see. */
export type MergeTicket = Pick<Ticket, TicketMergeField | 'version'>;

/**
 * Fields of `patch` that conflict with `current` (see module doc).
 * @param changedSince update types of the history rows written after `patch.baseVersion`
 *   (server: a SQL distinct; model: a filter). Ignored when baseVersion is absent or current.
 * @returns the conflicting fields in TICKET_MERGE_FIELDS order; [] means "apply".
 */
export function mergeConflicts(current: MergeTicket, patch: TicketPatch, changedSince: ReadonlySet<UpdateType>): TicketMergeField[] {
  if (patch.baseVersion === undefined || patch.baseVersion === current.version) return [];
  return TICKET_MERGE_FIELDS.filter(
    (f) => patch[f] !== undefined && changedSince.has(FIELD_UPDATE_TYPE[f]) && patch[f] !== (current[f] ?? null),
  );
}

/** One work-history row a patch writes (before ids, authors and times are added). */
export interface PlannedHistoryRow {
  updateType: UpdateType;
  /** Stored values (see module doc): status values, usernames, or texts; null for comments. */
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  /** True only for a comment sent with `reply: true` (a customer-visible reply, e-mailed). */
  reply: boolean;
}

/** What applying a (conflict-free) patch does to a ticket. */
export interface TicketPatchPlan {
  /** New values of the merge fields that really change. */
  set: Partial<Pick<Ticket, TicketMergeField>>;
  /** History rows in order: one per changed field (TICKET_MERGE_FIELDS order), then the comment. */
  history: PlannedHistoryRow[];
}

/**
 * Plans a patch against `current` (see module doc). An empty `history` means nothing changes.
 * @param usernameOf turns an assignee user id into the stored username; unknown ids are stored as
 *   given (the API refuses unknown assignees before planning).
 * @param labelOf turns a client, site or contact id into the stored name (ids as given without it).
 */
export function planTicketPatch(
  current: MergeTicket,
  patch: TicketPatch,
  usernameOf: (userId: string) => string | null | undefined,
  labelOf?: (field: TicketLinkField, id: string) => string | null | undefined,
): TicketPatchPlan {
  const set: TicketPatchPlan['set'] = {};
  const history: PlannedHistoryRow[] = [];
  const stored = (field: TicketMergeField, v: TicketMergeValue): string | null => {
    if (typeof v === 'boolean') return String(v);
    if (!v) return v;
    if (field === 'assignedTo') return usernameOf(v) ?? v;
    if (field === 'clientId' || field === 'siteId' || field === 'contactId') return labelOf?.(field, v) ?? v;
    return v;
  };
  for (const field of TICKET_MERGE_FIELDS) {
    const next = patch[field];
    if (next === undefined || next === (current[field] ?? null)) continue;
    Object.assign(set, { [field]: next });
    history.push({ updateType: FIELD_UPDATE_TYPE[field], previousValue: stored(field, current[field] ?? null), newValue: stored(field, next), comment: null, reply: false });
  }
  if (patch.comment) history.push({ updateType: 'comment', previousValue: null, newValue: null, comment: patch.comment, reply: patch.reply === true });
  return { set, history };
}

/**
 * The ticket with the merge fields of `patch` applied (no version or history): the PWA's optimistic
 * view of a queued update. `tagsAdd` / `tagsRemove` apply to the ticket's `tags` as a set
 * (rules/tags.ts `mergeTagSet`, the server's rule; docs/tags.md).
 */
export function applyTicketPatch<T extends MergeTicket & { tags?: string[] | undefined }>(ticket: T, patch: TicketPatch): T {
  const next = { ...ticket };
  for (const f of TICKET_MERGE_FIELDS) if (patch[f] !== undefined) Object.assign(next, { [f]: patch[f] });
  if (patch.tagsAdd?.length || patch.tagsRemove?.length) next.tags = mergeTagSet(ticket.tags ?? [], patch.tagsAdd, patch.tagsRemove);
  return next;
}

/**
 * Fields of a 409 that are real conflicts for the person who made the change: the server's current
 * value differs from the value they saw when making it (`seen`). The others were changed on the
 * server only by that device's own earlier updates (or changed back), so the update may simply be
 * re-based on the server's version and resent. A `false` seen for a field that is never a boolean
 * is read as null: updates queued by builds before 2026-11-27 recorded an empty assignee or
 * resolution that way (ticketUpdate.ts `ticketUpdateDraft`), and may still wait on a phone.
 */
export function realConflicts(
  seen: Partial<Record<TicketMergeField, TicketMergeValue>>,
  server: Pick<Ticket, TicketMergeField>,
  conflicts: readonly TicketMergeField[],
): TicketMergeField[] {
  const saw = (f: TicketMergeField) => (seen[f] === false && typeof server[f] !== 'boolean' ? null : seen[f]);
  return conflicts.filter((f) => !(f in seen) || saw(f) !== server[f]);
}
