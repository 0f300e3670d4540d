/**
 * On-site visits (issue 54, docs/visits.md): the close-out a technician sends from a ticket
 * (`POST /api/tickets/:id/visits`, with an Idempotency-Key) and the visit the API answers.
 * Times are the phone's own (ISO 8601 with offset); the server keeps its receive time beside them.
 */
import { z } from 'zod';
import { uploadIdSchema } from './attachments';
import { safeText } from './text';

/** Exact texts of the visits API (docs/visits.md). */
export const VISIT_MSG = {
  departureBeforeArrival: 'Departure must not be before arrival.',
  quantityPositive: 'Quantity must be more than 0.',
  priceNotNegative: 'Unit price must not be negative.',
  signerRequired: 'Enter the name of the person who signed.',
  signatureNotImage: 'The signature must be a PNG, JPEG or WebP image.',
  signatureTooLarge: 'The signature image is too large (at most 512 KB).',
  notYourTicket: 'This ticket is assigned to another technician.',
  ticketClosed: 'This ticket is closed: reopen it before closing out a visit.',
  visitNotFound: 'Visit not found.',
  supersedeOtherTicket: 'The visit to correct is not a visit of this ticket.',
  alreadySuperseded: 'This visit was already corrected by a later visit.',
  futureClock: 'A time is in the future by the server clock.',
  beforeTicketClock: 'A time is before the ticket was created.',
  reportResent: 'The service report will be e-mailed to the customer again.',
  noCustomerEmail: 'This ticket has no customer e-mail address to send the report to.',
} as const;

/** One checklist item as it was when the visit was closed out (printed in its service report). */
export interface VisitChecklistItem {
  text: string;
  required: boolean;
  done: boolean;
}

/**
 * Most photos one close-out takes (issue 54: a close-out with 10 photos). More than an update's
 * ATTACHMENTS_PER_REQUEST: the photos come as tus uploads (never in the JSON body), are processed one at
 * a time in the image processes, and the ticket's file limits (ATTACHMENT_TICKET_MAX_FILES,
 * ATTACHMENT_TICKET_MAX_MB) still apply; docs/benchmarks.md has the API memory of such a close-out.
 */
export const VISIT_PHOTOS_MAX = 10;

/** Largest signature image kept (bytes, after the attachments' re-encoding). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

/** One part or material used: quantity > 0, optional unit price (the business's currency, 2 decimals at most by convention). */
export const visitPartSchema = z.object({
  description: safeText().trim().min(1, 'Describe the part').max(200),
  quantity: z.number({ error: 'Quantity must be a number' }).gt(0, VISIT_MSG.quantityPositive).max(100_000),
  unitPrice: z.number({ error: 'Unit price must be a number' }).min(0, VISIT_MSG.priceNotNegative).max(10_000_000).nullable().optional(),
});
export type VisitPart = z.output<typeof visitPartSchema>;

/** Body of `POST /api/tickets/:id/visits`. */
export const visitCreateSchema = z
  .object({
    arrivedAt: z.iso.datetime({ offset: true, error: 'Arrival must be a date and time' }),
    departedAt: z.iso.datetime({ offset: true, error: 'Departure must be a date and time' }),
    workDone: safeText().trim().min(1, 'Describe the work done').max(10_000),
    parts: z.array(visitPartSchema).max(100, 'At most 100 parts').default([]),
    /** Minutes worked (recorded as a time entry on the ticket when > 0). */
    minutes: z.number({ error: 'Minutes must be a number' }).int('Minutes must be whole minutes').min(0).max(1440).default(0),
    billable: z.boolean().default(true),
    photoUploadIds: z
      .array(uploadIdSchema)
      .max(VISIT_PHOTOS_MAX, `At most ${VISIT_PHOTOS_MAX} photos can be attached to a close-out`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'An upload is listed twice' })
      .default([]),
    signatureUploadId: uploadIdSchema.nullable().optional(),
    signerName: safeText().trim().min(1).max(200).nullable().optional(),
    /** A correction: the earlier visit of the same ticket this one replaces (both are kept). */
    supersedesVisitId: z.uuid('supersedesVisitId must be a visit id').nullable().optional(),
    /** Resolve the ticket with this close-out (its resolution: `resolution`, else the work done). */
    resolve: z.boolean().default(false),
    resolution: safeText().trim().min(1).max(10_000).optional(),
  })
  .refine((v) => Date.parse(v.departedAt) >= Date.parse(v.arrivedAt), { message: VISIT_MSG.departureBeforeArrival, path: ['departedAt'] })
  .refine((v) => !v.signatureUploadId || !!v.signerName, { message: VISIT_MSG.signerRequired, path: ['signerName'] })
  .refine((v) => !v.signatureUploadId || !v.photoUploadIds.includes(v.signatureUploadId), { message: 'The signature is listed as a photo too', path: ['signatureUploadId'] });
export type VisitCreate = z.output<typeof visitCreateSchema>;
export type VisitCreateInput = z.input<typeof visitCreateSchema>;

/** A visit as the API answers it. */
export interface Visit {
  id: string;
  ticketId: string;
  technicianId: string | null;
  technicianName: string;
  /** The phone's times, as sent (ISO). */
  arrivedAt: string;
  departedAt: string;
  /** When the server received the close-out. */
  receivedAt: string;
  /** True when a phone time is in the future or before the ticket existed; `clockNote` says which. */
  clockSuspect: boolean;
  clockNote: string | null;
  workDone: string;
  parts: VisitPart[];
  minutes: number;
  billable: boolean;
  photoUploadIds: string[];
  signatureUploadId: string | null;
  signerName: string | null;
  supersedesVisitId: string | null;
  /** The later visit that corrects this one (null while none). */
  supersededBy: string | null;
  resolve: boolean;
  createdAt: string;
  /** The ticket's checklist at close-out ([] when it had none). */
  checklist: VisitChecklistItem[];
  /** The ticket attachment holding the service report PDF (null until it is attached). */
  reportAttachmentId: string | null;
}

/** A visit's service report as the customer's status page lists it (`GET /api/ticket-status/:token`). */
export interface StatusVisitReport {
  visitId: string;
  /** The phone's departure time, as sent. */
  departedAt: string;
  fileName: string;
}

/**
 * Visits of one client in a range (time report, issue 54 item 4): visits not superseded by a later
 * correction, counted under the client as the time report counts time entries (`clientId` the client
 * object, else the ticket's business name or customer name with `clientId` null).
 */
export interface VisitFiguresRow {
  clientId: string | null;
  client: string;
  visits: number;
  /** Sum of departure minus arrival, in whole minutes. */
  visitMinutes: number;
  /** Part lines used and their summed quantity. */
  partLines: number;
  partQuantity: number;
  /** Sum of quantity x unit price of the parts that have a price (2 decimals). */
  partsTotal: number;
}

/** One visit as the client page lists it (`GET /api/clients/:id/visits`). */
export interface ClientVisit {
  id: string;
  ticketId: string;
  ticketNumber: string;
  technicianName: string;
  arrivedAt: string;
  departedAt: string;
  workDone: string;
  partLines: number;
  signerName: string | null;
  /** The later visit correcting this one (null while none). */
  supersededBy: string | null;
}

/** `GET /api/clients/:id/visits` answer: the newest visits (at most 50) and how many there are in all. */
export interface ClientVisits {
  total: number;
  visits: ClientVisit[];
}
