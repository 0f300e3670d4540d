/** Inbound mail (docs/inbound-mail.md). Part of the one Drizzle schema (../schema.ts). */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every message the importer handled, keyed by its Message-ID: written in the same transaction as
 * the ticket or reply it made, BEFORE the mailbox copy is flagged, so a crash in between imports
 * it once (the next fetch finds the key and only flags). `outcome`: ticket | reply | ignored:<why>.
 * `threadRule`: which rule put the message on its ticket (importer.ts THREAD_RULES), null for a plain
 * new ticket; `contentHash`: SHA-256 of what the message says (a reused Message-ID with other
 * content is kept under `<id>#<hash>`); `flag`: what staff should know (e.g. the reused Message-ID).
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    messageId: text('message_id').primaryKey(),
    sender: text('sender').notNull(),
    subject: text('subject').notNull(),
    outcome: text('outcome').notNull(),
    ticketId: uuid('ticket_id'),
    threadRule: text('thread_rule'),
    contentHash: text('content_hash'),
    flag: text('flag'),
    createdAt: createdAt(),
  },
  (t) => [index('inbound_messages_sender_idx').on(t.sender, t.createdAt)],
);

/** "Could not import": malformed, huge or undecodable mail, kept with the reason and its raw bytes (base64) for retry. */
export const inboundFailures = pgTable(
  'inbound_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id'),
    sender: text('sender'),
    subject: text('subject'),
    reason: text('reason').notNull(),
    size: integer('size').notNull(),
    rawBase64: text('raw_base64'),
    createdAt: createdAt(),
  },
  (t) => [index('inbound_failures_created_idx').on(t.createdAt)],
);
