import { z } from 'zod';
import { CONTACT_METHODS, MIN_ISSUE_LENGTH, PG_INTEGER_MAX, SEVERITIES, TICKET_STATUSES } from '../constants';
import type { ContactMethod, Severity, TicketStatus } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * POST /api/tickets body and the public ticket form (SPEC.md 5). Strings are trimmed; an empty
 * businessName becomes null. A missing field gets the same SPEC.md 5 message as an empty one.
 */
export const ticketCreateSchema = z.object({
  clientName: safeText({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(200),
  businessName: optionalText(200),
  customerEmail: safeText({ error: MSG.validEmailRequired }).trim().max(254).pipe(z.email(MSG.validEmailRequired)),
  customerPhone: safeText({ error: MSG.phoneRequired }).trim().min(1, MSG.phoneRequired).max(40),
  severity: z.enum(SEVERITIES, { message: MSG.severityRequired }),
  contactMethod: z.enum(CONTACT_METHODS, { message: MSG.contactMethodRequired }),
  issue: safeText({ error: MSG.issueTooShort }).trim().min(MIN_ISSUE_LENGTH, MSG.issueTooShort).max(10_000),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export type TicketCreate = z.output<typeof ticketCreateSchema>;

/** POST /api/tickets response (SPEC.md 7: the ticket number is shown to the customer). */
export interface TicketCreated {
  id: string;
  ticketNumber: string;
  createdAt: string;
}

/**
 * PATCH /api/tickets/:id body (SPEC.md 4, DESIGN.md 4). Only changed fields are sent; `assignedTo`
 * null means unassigned; `baseVersion` is the ticket version the change was made against (offline
 * edits), enabling the field-by-field merge and 409 on a real conflict.
 * `reply: true` makes the comment a customer-visible reply, e-mailed to the customer; without it the
 * comment is an internal note that only staff see (issue 10). `reply` needs a `comment`.
 */
export const ticketPatchSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    assignedTo: z.uuid('Assignee must be a user id').nullable().optional(),
    resolution: safeText().trim().min(1).max(10_000).optional(),
    comment: safeText().trim().min(1).max(10_000).optional(),
    reply: z.boolean().optional(),
    baseVersion: z.number().int().min(1).max(PG_INTEGER_MAX).optional(),
  })
  .refine(
    (v) =>
      v.status !== undefined ||
      v.assignedTo !== undefined ||
      v.resolution !== undefined ||
      v.comment !== undefined,
    { message: MSG.noChanges },
  )
  .refine((v) => v.reply !== true || v.comment !== undefined, { message: MSG.replyNeedsComment, path: ['comment'] });
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

/** Ticket fields that can conflict when changed offline (comments never conflict: DESIGN.md 4). */
export const TICKET_MERGE_FIELDS = ['status', 'assignedTo', 'resolution'] as const;
export type TicketMergeField = (typeof TICKET_MERGE_FIELDS)[number];

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
}

/** Kinds of work-history entries written by ticket changes. */
export const UPDATE_TYPES = ['created', 'status_change', 'assignment', 'resolution', 'comment'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Work-history headings per update type (SPEC.md 2 "Work History": the update type is shown). */
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  created: 'Ticket Created',
  status_change: 'Status Change',
  assignment: 'Assignment',
  resolution: 'Resolution',
  comment: 'Comment',
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
   * which only staff see (issue 10), and for every other update type.
   */
  reply: boolean;
  createdAt: string;
}

/** PATCH /api/tickets/:id success response. `merged` lists fields taken from the server on a stale baseVersion. */
export interface TicketPatchResult {
  ticket: Ticket;
  updates: TicketUpdateEntry[];
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
  items: T[];
  /** Opaque cursor to send as `since` next time; unchanged when nothing changed. */
  cursor: string;
}

/** Query of the delta-sync endpoints: `since` is a cursor from a previous page, "0" for everything. */
export const deltaQuerySchema = z.object({
  since: safeText()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .optional(),
});
