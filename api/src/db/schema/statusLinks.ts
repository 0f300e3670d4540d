/**
 * Ticket status links (docs/status-links.md, DESIGN.md 7 "Public tokens"). Part of the one Drizzle
 * schema (../schema.ts).
 */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { supportTickets } from './tickets';

/**
 * One live status link per ticket: the random `nonce` the token is derived from (the token itself
 * is stored nowhere, lib/public-tokens.ts) and `sha256(token)` for the lookup. Revoking deletes the
 * row; rotating (contact change, resend) replaces nonce and hash.
 */
export const ticketStatusLinks = pgTable(
  'ticket_status_links',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ticket_status_links_token_hash_idx').on(t.tokenHash), index('ticket_status_links_expires_idx').on(t.expiresAt)],
);
