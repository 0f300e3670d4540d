/**
 * Time & Billing (issue 57 item 1, docs/billing.md): the entries of a range for drill-down and the
 * CSV exports, marking a range of one client as invoiced (entries locked with who and when), and an
 * edit of one time entry, refused once invoiced.
 */
import { z } from 'zod';
import { safeText } from './text';
import { timeEntryCreateSchema } from './sla';
import { tagFilterParam } from './tags';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const day = (label: string) => safeText({ error: `${label} must be a date YYYY-MM-DD` }).refine(realDay, `${label} must be a date YYYY-MM-DD`);
type Range = { from: string; to: string };
const ordered: [(v: Range) => boolean, { message: string; path: string[] }] = [(v) => v.from <= v.to, { message: 'from must not be after to', path: ['to'] }];
const bounded: [(v: Range) => boolean, { message: string; path: string[] }] = [
  (v) => Date.parse(v.to) - Date.parse(v.from) <= 365 * 86_400_000,
  { message: 'The range may cover at most 366 days', path: ['to'] },
];

/** Most entries one drill-down answer lists (`truncated` says when there were more). */
export const BILLING_ENTRIES_MAX = 5000;

/** The CSV shapes of `GET /api/time-report/entries`: `csv` generic, `invoice` QuickBooks Online / Xero invoice lines (docs/billing.md). */
export const BILLING_FORMATS = ['json', 'csv', 'invoice'] as const;

/**
 * `GET /api/time-report/entries?from&to[&clientId|client][&technicianId][&format]`: the entries recorded
 * from `from` 00:00 UTC to `to` 24:00 UTC (at most 366 days). `clientId`: a client object's tickets;
 * `client`: an unlinked ticket's business (else customer) name, as the report names it; `tag`: tickets
 * with that tag. A technician
 * always gets only their own entries.
 */
export const billingEntriesQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    clientId: z.uuid('clientId must be a client id').optional(),
    client: safeText().trim().min(1).max(200).optional(),
    technicianId: z.uuid('technicianId must be a user id').optional(),
    /** Only entries on tickets with this tag (name, ignoring case; docs/tags.md). */
    tag: tagFilterParam,
    format: z.enum(BILLING_FORMATS, { message: 'format must be json, csv or invoice' }).optional(),
    /** Hourly rate for the invoice lines' UnitAmount (format=invoice); absent: UnitAmount left empty. */
    rate: z.coerce.number({ error: 'rate must be a number' }).positive('rate must be above 0').max(100_000, 'rate must be at most 100000').optional(),
  })
  .refine(...ordered)
  .refine(...bounded);
export type BillingEntriesQuery = z.output<typeof billingEntriesQuerySchema>;

/** One entry of the drill-down: the time entry with its ticket, client and, once invoiced, who locked it and when. */
export interface BillingEntry {
  id: string;
  ticketId: string;
  ticketNumber: string;
  clientId: string | null;
  client: string;
  technicianId: string | null;
  technician: string | null;
  minutes: number;
  billable: boolean;
  note: string | null;
  createdAt: string;
  /** When the entry was invoiced (locked against edits), and by whom (username as it was); null before. */
  invoicedAt: string | null;
  invoicedBy: string | null;
}

/** `GET /api/time-report/entries` JSON answer (oldest first). */
export interface BillingEntries {
  from: string;
  to: string;
  entries: BillingEntry[];
  /** True when more than BILLING_ENTRIES_MAX entries matched (narrow the range or pick a client). */
  truncated: boolean;
}

/** `POST /api/time-report/invoiced` body: the range and ONE client (a client object's id, or an unlinked name as the report shows it). */
export const billingInvoicedSchema = z
  .object({ from: day('from'), to: day('to'), clientId: z.uuid('clientId must be a client id').optional(), client: safeText().trim().min(1).max(200).optional() })
  .refine(...ordered)
  .refine(...bounded)
  .refine((v) => (v.clientId === undefined) !== (v.client === undefined), { message: 'Pick one client: clientId or client', path: ['clientId'] });
export type BillingInvoicedInput = z.output<typeof billingInvoicedSchema>;

/** `POST /api/time-report/invoiced` answer: how many entries were locked now (already invoiced ones are left as they were). */
export interface BillingInvoicedResult {
  locked: number;
  alreadyInvoiced: number;
  /** Visits of the client (arrival in the range) locked by this marking (those marked before keep theirs). */
  visitsLocked: number;
  invoicedAt: string;
  invoicedBy: string;
}

/** `PATCH /api/time-entries/:id` body: the fields that change (at least one). */
export const timeEntryPatchSchema = z
  .object({
    minutes: timeEntryCreateSchema.shape.minutes.optional(),
    billable: timeEntryCreateSchema.shape.billable.optional(),
    note: safeText()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((v) => v.minutes !== undefined || v.billable !== undefined || v.note !== undefined, { message: 'Change minutes, billable or note' });
export type TimeEntryPatch = z.output<typeof timeEntryPatchSchema>;

/** The refusal of a correction of an invoiced visit (409 `locked`; POST /api/tickets/:id/visits with its supersedesVisitId). */
export const lockedVisitMessage = (invoicedAt: string, invoicedBy: string | null) =>
  `This visit was invoiced on ${invoicedAt.slice(0, 10)}${invoicedBy ? ` by ${invoicedBy}` : ''} and is locked: it can no longer be corrected.`;

/** The refusal of an edit of an invoiced entry (409 `locked`). */
export const lockedEntryMessage = (invoicedAt: string, invoicedBy: string | null) =>
  `This time entry was invoiced on ${invoicedAt.slice(0, 10)}${invoicedBy ? ` by ${invoicedBy}` : ''} and is locked: it can no longer be changed.`;

/**
 * One part of an on-site visit as an invoice line (issue 57, docs/billing.md "Parts as invoice lines"):
 * a part line of a visit (not superseded) whose arrival is in the range. `client` is '' for a ticket
 * linked to a client object (the caller names it), else the business name or the customer's name;
 * `day` the arrival's UTC day; `unitPrice` null when none was recorded.
 */
export interface VisitPartLine {
  visitId: string;
  ticketNumber: string;
  clientId: string | null;
  client: string;
  technician: string;
  day: string;
  description: string;
  quantity: number;
  unitPrice: number | null;
}
