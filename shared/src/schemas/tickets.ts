import { z } from 'zod';
import { CONTACT_METHODS, MIN_ISSUE_LENGTH, PG_INTEGER_MAX, SEVERITIES, TICKET_STATUSES, type ContactMethod, type Severity, type TicketStatus } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';
import { ATTACHMENTS_NEED_COMMENT, type AttachmentInfo } from '../rules/attachments';
import { attachmentIdsSchema } from './attachments';
import { timeEntryCreateSchema, type TimeEntry } from './sla';
import { CHECKLIST_MAX_ITEMS, templateItemSchema } from './checklists';
import { tagFilterParam, tagNamesSchema } from './tags';

const optionalText = (max: number) => safeText().trim().max(max).optional().nullable().transform((v) => (v ? v : null));

/** POST /api/tickets body and the public form (SPEC.md 5): strings trimmed, an empty businessName null, a missing field gets the SPEC.md 5 message of an empty one. */
export const ticketCreateSchema = z.object({
  clientName: safeText({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(200),
  businessName: optionalText(200),
  customerEmail: safeText({ error: MSG.validEmailRequired }).trim().max(254).pipe(z.email(MSG.validEmailRequired)),
  customerPhone: safeText({ error: MSG.phoneRequired }).trim().min(1, MSG.phoneRequired).max(40),
  severity: z.enum(SEVERITIES, { message: MSG.severityRequired }),
  contactMethod: z.enum(CONTACT_METHODS, { message: MSG.contactMethodRequired }),
  issue: safeText({ error: MSG.issueTooShort }).trim().min(MIN_ISSUE_LENGTH, MSG.issueTooShort).max(10_000),
  attachments: attachmentIdsSchema.optional(), // finished tus uploads to attach (docs/attachments.md): the customer's photos and files
  device: optionalText(100).optional(), // "Which device?" (docs/assets.md): free text kept on the ticket; the matched client's asset it names is linked
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export type TicketCreate = z.output<typeof ticketCreateSchema>;

/** POST /api/tickets response (SPEC.md 7: the ticket number is shown to the customer). */
export interface TicketCreated {
  id: string;
  ticketNumber: string;
  createdAt: string;
  /** The ticket's status link `PUBLIC_URL/status/<token>` (docs/status-links.md); added by the route, never stored with the answer. */
  statusUrl?: string;
}

/**
 * PATCH /api/tickets/:id body (SPEC.md 4, DESIGN.md 4). Only changed fields are sent; `assignedTo`
 * null means unassigned; `baseVersion` is the ticket version the change was made against (offline
 * edits), enabling the field-by-field merge and 409 on a real conflict.
 * `reply: true` makes the comment a customer-visible reply, e-mailed to the customer; without it the
 * comment is an internal note that only staff see. `reply` needs a `comment`.
 */
export const ticketPatchSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    severity: z.enum(SEVERITIES).optional(),
    assignedTo: z.uuid('Assignee must be a user id').nullable().optional(),
    resolution: safeText().trim().min(1).max(10_000).optional(),
    comment: safeText().trim().min(1).max(10_000).optional(),
    reply: z.boolean().optional(),
    /** Pauses the SLA clocks while the ticket waits on the customer (docs/sla.md). */
    waitingOnCustomer: z.boolean().optional(),
    /** The ticket's client, site and contact (docs/clients.md); null unlinks. Site and contact must be the client's. */
    clientId: z.uuid('clientId must be a client id').nullable().optional(),
    siteId: z.uuid('siteId must be a site id').nullable().optional(),
    contactId: z.uuid('contactId must be a contact id').nullable().optional(),
    assetIds: z.array(z.uuid('assetIds must be asset ids')).max(50, 'Choose at most 50 assets.').optional(), // the whole set (docs/assets.md)
    ...{ tagsAdd: tagNamesSchema.optional(), tagsRemove: tagNamesSchema.optional() }, // names: set operations, never conflict (docs/tags.md)
    baseVersion: z.number().int().min(1).max(PG_INTEGER_MAX).optional(),
    /** Finished tus uploads attached to this update's comment entry (docs/attachments.md). */
    attachments: attachmentIdsSchema.optional(),
    /** The macro this update applies (docs/replies-and-macros.md): its name heads the update's history group. */
    macroId: z.uuid('macroId must be a macro id').optional(),
    /** Minutes worked, recorded with the update (a macro's time entry; docs/sla.md). */
    timeEntry: timeEntryCreateSchema.pick({ minutes: true, billable: true }).optional(),
    checklist: z.array(templateItemSchema).min(1).max(CHECKLIST_MAX_ITEMS).optional(), // a macro's items, appended (docs/recurring-tickets.md)
  })
  .refine(
    (v) =>
      [v.timeEntry, v.checklist].some((l) => l !== undefined) ||
      v.status !== undefined ||
      v.severity !== undefined ||
      v.assignedTo !== undefined ||
      v.resolution !== undefined ||
      v.waitingOnCustomer !== undefined ||
      [v.clientId, v.siteId, v.contactId, v.assetIds].some((l) => l !== undefined) ||
      !!(v.tagsAdd?.length || v.tagsRemove?.length) ||
      v.comment !== undefined,
    { message: MSG.noChanges },
  )
  .refine((v) => v.reply !== true || v.comment !== undefined, { message: MSG.replyNeedsComment, path: ['comment'] })
  .refine((v) => !v.attachments?.length || v.comment !== undefined, { message: ATTACHMENTS_NEED_COMMENT, path: ['comment'] });
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

/** Ticket fields that can conflict when changed offline (comments and tags never do: DESIGN.md 4); severity: docs/decisions.md "Severity by staff". */
export const TICKET_MERGE_FIELDS = ['status', 'severity', 'assignedTo', 'resolution', 'waitingOnCustomer', 'clientId', 'siteId', 'contactId'] as const;
/** The merge fields that link a ticket to a client, site and contact (history stores their names). */
export type TicketLinkField = 'clientId' | 'siteId' | 'contactId';
export type TicketMergeField = (typeof TICKET_MERGE_FIELDS)[number];
/** A merge field's value: texts and ids, null, or the waiting flag. */
export type TicketMergeValue = string | boolean | null;

/** A support ticket as the API returns it (SPEC.md 3 support_tickets; times are ISO 8601 strings). */
export interface Ticket {
  id: string;
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
  customerPhone: string;
  severity: Severity;
  contactMethod: ContactMethod;
  issue: string;
  status: TicketStatus;
  assignedTo: string | null;
  resolution: string | null;
  /** Incremented on every change; clients send it back as baseVersion. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /**
   * SLA clocks (docs/sla.md), ISO 8601 or null: when the first response
   * and the resolution are due (business time, lengthened by pauses), and when they happened.
   */
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  firstResponseAt: string | null;
  resolvedAt: string | null;
  /** Set by staff while the ticket waits on the customer: the SLA clocks pause. */
  waitingOnCustomer: boolean;
  /** Client, site, contact (docs/clients.md); null: none. Always sent; absent only in copies phones kept from older builds. */
  clientId?: string | null;
  siteId?: string | null;
  contactId?: string | null;
  /** The ticket's attachments, oldest first (single-ticket reads and PATCH answers; docs/attachments.md). */
  attachments?: AttachmentInfo[];
  /**
   * When the customer last replied from the status link while no staff member had opened the
   * ticket since (the card shows 'Customer replied'); null or absent otherwise.
   */
  customerRepliedAt?: string | null;
  checklist?: import('./checklists').ChecklistItem[]; // in order (docs/recurring-tickets.md): single-ticket reads and the delta feed
  checklistProgress?: import('./checklists').ChecklistCount | null; // list pages only: "3/7" on cards, null without items
  tags?: string[]; // names, sorted (docs/tags.md): every read, list pages included; absent in copies from older builds
  device?: string | null; // the public form's "Which device?" (docs/assets.md), or null; staff reads only; absent in copies from older builds
}

/**
 * Kinds of work-history entries written by ticket changes. `severity_change`: staff changed the severity; `waiting`: the waiting-on-customer flag
 * (SLA pause); `customer_reply`: a reply the customer sent from the ticket's status link (docs/status-links.md);
 * `client_change`, `site_change`, `contact_change`: another client, site or contact (names stored; docs/clients.md); `asset_*`: docs/assets.md; `checklist`: docs/recurring-tickets.md; `tag_add` / `tag_remove`: the tag name (docs/tags.md).
 */
export const UPDATE_TYPES = ['created', 'status_change', 'severity_change', 'assignment', 'resolution', 'comment', 'waiting', 'customer_reply', 'client_change', 'site_change', 'contact_change', 'asset_link', 'asset_unlink', 'checklist', 'tag_add', 'tag_remove'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Work-history headings per update type (SPEC.md 2 "Work History": the update type is shown). */
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  created: 'Ticket Created',
  status_change: 'Status Change',
  severity_change: 'Severity Change',
  assignment: 'Assignment',
  resolution: 'Resolution',
  comment: 'Comment',
  waiting: 'Waiting on Customer',
  customer_reply: 'Customer Reply',
  ...{ client_change: 'Client Change', site_change: 'Site Change', contact_change: 'Contact Change', asset_link: 'Asset Linked', asset_unlink: 'Asset Unlinked', checklist: 'Checklist', tag_add: 'Tag Added', tag_remove: 'Tag Removed' },
};

/** A work-history entry (SPEC.md 3 ticket_updates). `updatedBy` is a user id, null for the public form. */
export interface TicketUpdateEntry {
  id: string;
  ticketId: string;
  updatedBy: string | null;
  updatedByName: string | null;
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  /**
   * True for a comment sent to the customer as a reply (e-mailed); false for an internal note,
   * which only staff see, and for every other update type.
   */
  reply: boolean;
  createdAt: string;
  /** Files attached with this entry (the 'created' entry: the customer's); absent when none. */
  attachments?: AttachmentInfo[];
  /** The macro whose application wrote this entry (one update = one group naming it); absent otherwise. */
  macro?: { id: string; name: string };
  /** A customer's e-mail reply as received (quotes, signature) when `comment` is only its new text (docs/inbound-mail.md "Clean threads"). */
  mailOriginal?: string;
}

/** PATCH /api/tickets/:id success response. `merged` lists fields taken from the server on a stale baseVersion. */
export interface TicketPatchResult {
  ticket: Ticket;
  updates: TicketUpdateEntry[];
  /** The time entry recorded with the update (`timeEntry` in the body), when there was one. */
  timeEntry?: TimeEntry;
}

/** 409 body of PATCH /api/tickets/:id: the current ticket and the fields that really conflict. */
export interface TicketConflictBody {
  message: string;
  code: 'conflict';
  ticket: Ticket;
  conflicts: TicketMergeField[];
}

/** A technician list entry (SPEC.md 3): users who may be assigned tickets. */
export interface Technician {
  id: string;
  username: string;
}

/** Delta-sync page: `GET /api/tickets?since=CURSOR` and `GET /api/ticket-updates?since=CURSOR` (DESIGN.md 4). */
export interface DeltaPage<T> {
  /** Changes after `since`, oldest change first, at most `limit`. */
  items: T[];
  /** Opaque cursor to send as `since` next time; unchanged when nothing changed. */
  cursor: string;
  /**
   * True when more changes wait after `cursor` (the page was full): ask again at once with
   * `since=cursor`. False: the client is up to date as of this answer.
   */
  more: boolean;
}

/** Default and largest `limit` of a delta-sync page. */
export const DELTA_PAGE_DEFAULT = 500;
export const DELTA_PAGE_MAX = 1000;

/** A `limit` query parameter: a whole number from 1 to `max`. */
const limitParam = (max: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}` })
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .optional();

/**
 * Query of the delta-sync endpoints: `since` is a cursor from a previous page, "0" for everything;
 * `limit` (1..DELTA_PAGE_MAX, default DELTA_PAGE_DEFAULT) bounds the page; `recentDays` narrows the
 * feed to a phone's working set: tickets that are not closed plus tickets changed in the last
 * `recentDays` days (and, on /api/ticket-updates, the work history of those tickets). See the root
 * README's API table for the exact rule.
 */
export const deltaQuerySchema = z.object({
  since: safeText()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .optional(),
  limit: limitParam(DELTA_PAGE_MAX),
  recentDays: z.coerce
    .number({ error: 'recentDays must be a whole number from 1 to 3650' })
    .int('recentDays must be a whole number from 1 to 3650')
    .min(1, 'recentDays must be a whole number from 1 to 3650')
    .max(3650, 'recentDays must be a whole number from 1 to 3650')
    .optional(),
});

/** Default and largest `limit` of a staff list page. */
export const TICKET_LIST_DEFAULT = 50;
export const TICKET_LIST_MAX = 200;

/** `assignee` filter of the staff list: the caller, nobody, or a user id. */
export type TicketAssigneeFilter = 'mine' | 'unassigned' | (string & {});

const assigneeParam = z
  .union([z.literal('mine'), z.literal('unassigned'), z.uuid()], { error: "assignee must be 'mine', 'unassigned' or a user id" })
  .optional();

/** `q` of the staff list and counts: 1-100 characters (trimmed; empty = no search). */
const searchParam = safeText().trim().max(100, 'q must be at most 100 characters').optional().transform((v) => (v ? v : undefined));

/**
 * Query of `GET /api/tickets/list`: keyset-paginated staff list, newest first.
 * - `status`: one status or a comma list (`open,in_progress`); absent = every status.
 * - `assignee`: `mine` (the caller), `unassigned`, or a user id.
 * - `q`: 1-100 characters, routed by their shape (shared/src/search/route.ts, docs/search.md).
 * - `limit`: 1..TICKET_LIST_MAX (default TICKET_LIST_DEFAULT); `cursor`: `nextCursor` of the previous page.
 */
export const ticketListQuerySchema = z.object({
  status: safeText()
    .transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(TICKET_STATUSES, { message: `status must be one of ${TICKET_STATUSES.join(', ')}` })))
    .optional(),
  assignee: assigneeParam,
  q: searchParam,
  /** Only tickets with this tag (name, ignoring case; docs/tags.md). */
  tag: tagFilterParam,
  limit: limitParam(TICKET_LIST_MAX),
  cursor: z.uuid('cursor must be a nextCursor returned by a previous page').optional(),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

/** `GET /api/tickets/list` answer: one keyset page, newest ticket first. */
export interface TicketListPage {
  items: Ticket[];
  /** Send as `cursor` for the next (older) page; null when this is the last page. */
  nextCursor: string | null;
  /** True when older tickets match: fetch `cursor=nextCursor`. */
  more: boolean;
}

/** Query of `GET /api/tickets/counts`: the same `assignee`, `q` and `tag` filters as the list. */
export const ticketCountsQuerySchema = z.object({ assignee: assigneeParam, q: searchParam, tag: tagFilterParam });

/** `GET /api/tickets/counts` answer: tickets per status tab (`all` = every status). */
export type TicketCounts = Record<'all' | TicketStatus, number>;
