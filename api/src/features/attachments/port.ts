/**
 * The attachments feature's port (api/README.md "Features and ports"; docs/attachments.md): what
 * the tickets, inbound and ticket-status features may use: a face only, the
 * implementations are in service.ts beside it.
 *
 * - `prepareAttachments(s, uploadIds, ticketId)`: BEFORE the ticket write's transaction, processes
 *   each finished upload not yet recorded (process.ts: sniff, sharp re-encode without EXIF/GPS,
 *   thumbnail, storage). An upload already recorded on `ticketId` is skipped (a retried request:
 *   exactly once); on another ticket -> 409; with `ticketId` null (a new ticket) it is skipped.
 * - `recordAttachments(tx, batch, { ticketId, updateId, customerVisible })`: INSIDE the write's
 *   transaction, checks the ticket's limits and inserts the rows (`updateId` 'created' = the
 *   ticket's 'created' entry). Returns the inserted attachments.
 * - `attachmentsOfUpdates(db, updateIds)`: work-history entry id -> its AttachmentInfo list.
 * - `listTicketAttachments(db, ticketId)`: every attachment of a ticket (staff).
 * - `listCustomerAttachments(db, ticketId)`: those the ticket's customer may see (theirs and those
 *   sent with replies, never an internal note's), for the customer status link.
 * - `openAttachment(s, ticketId, attachmentId, { thumb, customerOnly })`: the file's stream and
 *   headers facts, or null when there is no such attachment (or it is not the customer's to see).
 * - `ATTACHMENT_CSP`: the Content-Security-Policy every attachment response carries.
 * - `attachmentStorageSettings(config)`: where finished attachments are stored (backups read and restore them).
 * - `prepareMailFiles(s, messageKey, files)`, `fitMailFiles(tx, ticketId, files)`: an e-mail's files
 *   under the same rules (mail.ts); a file that breaks one is left out with its reason, never
 *   refusing the message. `mailBatch(files)` turns the kept ones into a batch for `recordAttachments`.
 *   (The visits feature stores its service report PDFs this way too.)
 * - `photoThumbnails(s, ticketId, uploadIds)`: JPEG thumbnails of a ticket's photos for a PDF, decoded
 *   in an image process (reportImages.ts); `imageAsReportJpeg(s, bytes)`: any image as such a JPEG (the report logo).
 */
export type { PreparedAttachment } from './process';
export { attachmentStorageSettings } from './runtime';
export { fitMailFiles, prepareMailFiles, type MailFile, type MailFiles, type RefusedFile } from './mail';
export { attachmentsOfUpdates } from './repository';
/** `moveAttachments(tx, fromTicketId, toTicketId, entry)`: a merged ticket's files move to its target (tickets feature, docs/merge.md). */
export { moveAttachments } from './repository';
export { imageAsReportJpeg, photoThumbnails } from './reportImages';
export {
  ATTACHMENT_CSP,
  listCustomerAttachments,
  listTicketAttachments,
  mailBatch,
  openAttachment,
  prepareAttachments,
  recordAttachments,
  type AttachmentBatch,
  type OpenedAttachment,
} from './service';
