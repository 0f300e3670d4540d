/**
 * Ticket status links (docs/status-links.md, DESIGN.md 7 "Public tokens"): every ticket has at most
 * one live link `PUBLIC_URL/status/<token>`, made and checked with lib/public-tokens.ts. The row
 * stores the random nonce and sha256(token), never the token. Issued with the ticket (one statement
 * with the create, repository `insertNewTickets`), re-issued (rotated) on a contact change or when
 * staff resend it after a revoke, deleted on revoke. All SQL of `ticket_status_links` is here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets, ticketStatusLinks } from '../../db/schema';
import type { Config } from '../../config';
import {
  PUBLIC_LINK_KEY_FILE,
  createPublicTokenKey,
  hashPublicToken,
  isLinkLive,
  isPublicTokenShape,
  newTokenNonce,
  tokenMatchesHash,
  type PublicTokenKey,
} from '../../lib/public-tokens';
import { findTicketByRef, type StoredStatusLink, type TicketRow } from './repository';
import { mergeTargetOf } from './mergeRepository';

/** Purpose string of status link tokens (lib/public-tokens.ts keeps purposes apart). */
export const STATUS_LINK_PURPOSE = 'ticket-status';

export type { StoredStatusLink } from './repository';

/** How links are made: the token key of the app and their lifetime (STATUS_LINK_TTL_DAYS). */
export interface StatusLinkDeps {
  key: PublicTokenKey;
  ttlDays: number;
}

/** The token of a stored nonce. */
export const statusToken = (key: PublicTokenKey, nonce: string): string => key.token(STATUS_LINK_PURPOSE, nonce);

const keysByConfig = new WeakMap<Config, PublicTokenKey>();

/**
 * `PUBLIC_URL/status/<token>` of a stored nonce, derived with the sending process's secret
 * (PUBLIC_LINK_SECRET or the key file in DATA_DIR): what e-mails rendered at send time carry.
 */
export function statusUrlOf(config: Pick<Config, 'publicLinkSecret' | 'dataDir'> & object, publicUrl: string, nonce: string): string {
  const cfg = config as Config;
  let key = keysByConfig.get(cfg);
  if (!key) {
    key = createPublicTokenKey({ secret: cfg.publicLinkSecret, dataDir: cfg.dataDir, fileName: PUBLIC_LINK_KEY_FILE });
    keysByConfig.set(cfg, key);
  }
  return `${publicUrl}/status/${statusToken(key, nonce)}`;
}

/** A new link (random 128-bit nonce) valid `ttlDays` from `now`; `token` is for the answer only, never stored. */
export function newStatusLink(deps: StatusLinkDeps, now: Date): StoredStatusLink & { token: string } {
  const nonce = newTokenNonce();
  const token = statusToken(deps.key, nonce);
  return { nonce, token, tokenHash: hashPublicToken(token), expiresAt: new Date(now.getTime() + deps.ttlDays * 86_400_000) };
}

/** Replaces the ticket's link with `link` (the old token stops working). */
export async function storeStatusLink(tx: Database, ticketId: string, link: StoredStatusLink, now: Date): Promise<void> {
  await tx
    .insert(ticketStatusLinks)
    .values({ ticketId, nonce: link.nonce, tokenHash: link.tokenHash, expiresAt: link.expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: ticketStatusLinks.ticketId,
      set: { nonce: link.nonce, tokenHash: link.tokenHash, expiresAt: link.expiresAt, createdAt: now },
    });
}

/** Deletes the ticket's link. @returns whether there was one. */
export async function revokeStatusLink(tx: Database, ticketId: string): Promise<boolean> {
  const rows = await tx.delete(ticketStatusLinks).where(eq(ticketStatusLinks.ticketId, ticketId)).returning({ id: ticketStatusLinks.ticketId });
  return rows.length > 0;
}

/** The ticket's live link (nonce and expiry), or undefined when it has none or it expired. */
export async function liveStatusLink(db: Database, ticketId: string, now: Date): Promise<StoredStatusLink | undefined> {
  const [row] = await db.select().from(ticketStatusLinks).where(eq(ticketStatusLinks.ticketId, ticketId)).limit(1);
  return row && isLinkLive(row, now) ? row : undefined;
}

/**
 * The ticket a status token opens, or undefined for a token of the wrong shape (no query), an
 * unknown, rotated, revoked or expired one: the caller answers all of them alike. The row is found
 * by sha256(token) and the hashes are compared again in constant time. A merged ticket's live link
 * opens the ticket it was merged into (docs/merge.md).
 */
export async function findTicketByStatusToken(db: Database, token: string, now: Date): Promise<TicketRow | undefined> {
  if (!isPublicTokenShape(token)) return undefined;
  const [row] = await db
    .select({ ticket: supportTickets, link: ticketStatusLinks })
    .from(ticketStatusLinks)
    .innerJoin(supportTickets, eq(supportTickets.id, ticketStatusLinks.ticketId))
    .where(eq(ticketStatusLinks.tokenHash, hashPublicToken(token)))
    .limit(1);
  if (!row || !tokenMatchesHash(token, row.link.tokenHash) || !isLinkLive(row.link, now)) return undefined;
  // A merged ticket's link leads to the ticket it was merged into (docs/merge.md).
  if (row.ticket.mergedInto) return (await findTicketByRef(db, { id: await mergeTargetOf(db, row.ticket.id) })) ?? row.ticket;
  return row.ticket;
}

/** Digits of a phone number (what the lookup compares). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * "Lost your link?" (docs/status-links.md): in ONE statement whatever the input, finds the ticket
 * `ticketNumber` whose stored e-mail (case-insensitive) or phone (digits only, at least 7) equals
 * `contact`, and makes sure it has a live link: a live one is kept (its expiry is not shortened), a
 * missing or expired one is replaced by `fresh`. No match -> the statement still runs and changes
 * nothing. Returns the matched ticket with the nonce of its live link, or undefined.
 */
export async function linkForContact(
  tx: Database,
  q: { ticketNumber: string; contact: string; fresh: StoredStatusLink; now: Date },
): Promise<{ ticket: TicketRow; nonce: string } | undefined> {
  const digits = phoneDigits(q.contact);
  const phoneMatch = digits.length >= 7 ? sql`regexp_replace(${supportTickets.customerPhone}, '\\D', '', 'g') = ${digits}` : sql`false`;
  const [row] = await tx
    .select({ ticket: supportTickets })
    .from(supportTickets)
    .where(and(eq(supportTickets.ticketNumber, q.ticketNumber.toUpperCase()), sql`(lower(${supportTickets.customerEmail}) = lower(${q.contact}) or ${phoneMatch})`))
    .limit(1);
  // The same write either way: for no match it targets no ticket (the nil uuid) and changes nothing.
  const ticketId = row?.ticket.id ?? '00000000-0000-0000-0000-000000000000';
  const [link] = await tx
    .insert(ticketStatusLinks)
    .select(
      tx
        .select({
          ticketId: supportTickets.id,
          nonce: sql<string>`${q.fresh.nonce}`.as('nonce'),
          tokenHash: sql<string>`${q.fresh.tokenHash}`.as('token_hash'),
          expiresAt: sql<Date>`${q.fresh.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          createdAt: sql<Date>`${q.now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(supportTickets)
        .where(eq(supportTickets.id, ticketId)),
    )
    .onConflictDoUpdate({
      target: ticketStatusLinks.ticketId,
      set: {
        nonce: sql`case when ${ticketStatusLinks.expiresAt} > ${q.now.toISOString()}::timestamptz then ${ticketStatusLinks.nonce} else excluded.nonce end`,
        tokenHash: sql`case when ${ticketStatusLinks.expiresAt} > ${q.now.toISOString()}::timestamptz then ${ticketStatusLinks.tokenHash} else excluded.token_hash end`,
        expiresAt: sql`greatest(${ticketStatusLinks.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ nonce: ticketStatusLinks.nonce });
  return row && link ? { ticket: row.ticket, nonce: link.nonce } : undefined;
}
