import { z } from 'zod';
import { STATUS_REPLY_MAX, STATUS_TEXT, STATUS_TOKEN_PATTERN } from '../ticketStatus';
import { MSG } from '../messages';
import { safeText } from './text';

/**
 * Request schemas of the status link routes (DESIGN.md 7, docs/status-links.md): the token in the
 * path, a customer reply, the "Lost your link?" lookup and the staff contact change.
 */

/** `:token` of /api/ticket-status/:token...: 43 base64url characters; anything else is the same 404 as an unknown token. */
export const statusTokenParamsSchema = z.object({ token: safeText().regex(STATUS_TOKEN_PATTERN) });

/** `:token` and `:attachmentId` of GET /api/ticket-status/:token/attachments/:attachmentId (anything else: the same 404). */
export const statusAttachmentParamsSchema = statusTokenParamsSchema.extend({ attachmentId: z.uuid() });

/** GET /api/ticket-status/:token/visits/:visitId/report.pdf params (issue 54). */
export const statusReportParamsSchema = statusTokenParamsSchema.extend({ visitId: z.uuid() });

/** POST /api/ticket-status/:token/replies body and the page's reply form. */
export const statusReplySchema = z.object({
  comment: safeText({ error: STATUS_TEXT.replyRequired })
    .trim()
    .min(1, STATUS_TEXT.replyRequired)
    .max(STATUS_REPLY_MAX, STATUS_TEXT.replyTooLong),
});
export type StatusReply = z.infer<typeof statusReplySchema>;

/** POST /api/ticket-status/lookup body: the ticket number and the e-mail or phone it was submitted with. */
export const statusLookupSchema = z.object({
  ticketNumber: safeText({ error: 'Ticket number is required' }).trim().min(1, 'Ticket number is required').max(40, 'Ticket number is too long'),
  contact: safeText({ error: 'E-mail or phone is required' }).trim().min(1, 'E-mail or phone is required').max(254, 'E-mail or phone is too long'),
});
export type StatusLookup = z.infer<typeof statusLookupSchema>;

/**
 * PATCH /api/tickets/:id/contact body (staff): a new customer e-mail and/or phone. A change rotates
 * the ticket's status link (the old link stops working).
 */
export const ticketContactSchema = z
  .object({
    customerEmail: safeText({ error: MSG.validEmailRequired }).trim().max(254).pipe(z.email(MSG.validEmailRequired)).optional(),
    customerPhone: safeText({ error: MSG.phoneRequired }).trim().min(1, MSG.phoneRequired).max(40).optional(),
  })
  .refine((v) => v.customerEmail !== undefined || v.customerPhone !== undefined, { message: MSG.noChanges });
export type TicketContactChange = z.infer<typeof ticketContactSchema>;
