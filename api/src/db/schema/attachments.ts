/**
 * Ticket attachments (README "Attachments"): one row per stored file, tied to the ticket and to the
 * work-history entry it came with ('created' for the customer's, a comment for a technician's).
 * The bytes live in the attachment storage (disk or S3) under `storage_name` / `thumb_name`.
 * `upload_id` is the tus upload the file came from and is unique: attaching an upload twice (a
 * retried request) finds the existing row and never makes a second attachment.
 */
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { supportTickets, ticketUpdates } from './tickets';

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    updateId: uuid('update_id')
      .notNull()
      .references(() => ticketUpdates.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Stored bytes (after re-encoding). */
    size: bigint('size', { mode: 'number' }).notNull(),
    storageName: text('storage_name').notNull(),
    thumbName: text('thumb_name'),
    /** Shown to the ticket's customer: theirs, or sent with a reply (an internal note's stay internal). */
    customerVisible: boolean('customer_visible').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId), index('ticket_attachments_update_idx').on(t.updateId)],
);
