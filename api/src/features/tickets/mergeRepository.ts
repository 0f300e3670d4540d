/**
 * Merge and duplicate SQL of the tickets feature (docs/merge.md): moving a ticket's work history to
 * another ticket, marking the merged ticket, and flagging new tickets that may duplicate an earlier one.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets, ticketUpdates } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { nextSyncSeq } from '../../db/sync';
import type { SlaColumns } from './sla';
import type { TicketRow } from './repository';

/**
 * Moves every work-history row of `fromId` except its 'created' entry to `toId`, keeping their times
 * (the target's history, ordered by time, takes them in place). They get version 0 (older than any
 * version a client can send as baseVersion: moved rows never make an offline edit of the target
 * conflict) and a new sync_seq (phones move them in their copy).
 * @returns how many moved and the id of the 'created' entry left behind (null when there is none).
 */
export async function moveHistory(tx: Database, fromId: string, toId: string): Promise<{ moved: number; createdEntry: string | null }> {
  const moved = await tx
    .update(ticketUpdates)
    .set({ ticketId: toId, ticketVersion: 0, syncSeq: nextSyncSeq() })
    .where(and(eq(ticketUpdates.ticketId, fromId), ne(ticketUpdates.updateType, 'created')))
    .returning({ id: ticketUpdates.id });
  const [created] = await tx
    .select({ id: ticketUpdates.id })
    .from(ticketUpdates)
    .where(and(eq(ticketUpdates.ticketId, fromId), eq(ticketUpdates.updateType, 'created')))
    .limit(1);
  return { moved: moved.length, createdEntry: created?.id ?? null };
}

/** Closes `id` as merged into `into` (number `intoNumber`) with the SLA columns of closing; version, time and feed position move. */
export async function closeAsMerged(tx: Database, id: string, into: { id: string; ticketNumber: string }, clock: SlaColumns, version: number, now: Date): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...clock, status: 'closed', mergedInto: into.id, mergedIntoNumber: into.ticketNumber, possibleDuplicateOf: null, possibleDuplicateNumber: null, version, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.id, id))
    .returning();
  return row!;
}

/**
 * The ticket a merged ticket's link or mail leads to: follows `merged_into` from `id` (at most 10
 * steps, a merged ticket's target may itself be merged later) and answers the last ticket's id.
 */
export async function mergeTargetOf(db: Database, id: string): Promise<string> {
  let current = id;
  for (let step = 0; step < 10; step++) {
    const [row] = await db.select({ into: supportTickets.mergedInto }).from(supportTickets).where(eq(supportTickets.id, current)).limit(1);
    if (!row?.into) return current;
    current = row.into;
  }
  return current;
}

/** How similar two subjects must be (pg_trgm `similarity` of their lower-cased first lines, 0..1). */
export const DUPLICATE_SIMILARITY = 0.4;
/** How far back a possible duplicate is looked for. */
export const DUPLICATE_WINDOW_HOURS = 24;
/** How many of the newest open tickets of the same address (and as many of the same contact) are compared. */
export const DUPLICATE_CANDIDATES = 20;

/**
 * Flags new tickets that may duplicate an earlier one, in ONE statement for a group of new tickets
 * (docs/merge.md "Duplicates"): for each, the most similar other ticket (ties: the newest), not
 * closed and not merged, created up to DUPLICATE_WINDOW_HOURS before it from the same e-mail address
 * (case-insensitive) or the same client contact, whose subject (the first line of the issue,
 * lower-cased) has a pg_trgm similarity of at least DUPLICATE_SIMILARITY with its own, among the
 * newest DUPLICATE_CANDIDATES of that address and of that contact (a bounded cost per create). The
 * extension is the one the staff search's index uses (migration 0025). @returns the flagged tickets' ids.
 *
 * Cost: `similarity` builds both texts' trigrams on every call (about 30-90 us for a 60-character
 * subject on PostgreSQL here, more in PGlite's WebAssembly), so it is called once per DISTINCT
 * candidate subject, with the newest candidate of that subject, not once per candidate: an address
 * that sends the same subject again and again (a monitoring mailbox) costs one comparison, where it
 * cost 20 (docs/benchmarks.md "Creates and patches before and after domain events"). The same
 * ticket is flagged: candidates sharing a subject share its similarity, and of them the newest is
 * the one the ordering picks.
 */
export async function flagPossibleDuplicates(tx: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  // Candidates per new ticket: the newest DUPLICATE_CANDIDATES open, unmerged tickets of its address
  // and of its contact in the window, each read backwards by index (migration 0052) with a limit, so
  // a create costs the same whether its address sent 3 tickets today or 3,000 (a monitoring mailbox).
  const candidates = (match: SQL) => sql`
        (select o.id, o.ticket_number, o.created_at, lower(split_part(o.issue, E'\n', 1)) as subject
         from support_tickets o
         where ${match} and o.created_at <= n.created_at and o.created_at >= n.created_at - make_interval(hours => ${DUPLICATE_WINDOW_HOURS})
           and o.id <> n.id and o.status <> 'closed' and o.merged_into is null
           and (o.id not in (select id from n) or o.created_at < n.created_at)
         order by o.created_at desc
         limit ${DUPLICATE_CANDIDATES})`;
  // `offset 0` keeps the similarity computed once per subject (not again in the outer filter).
  const rows = await rowsOf<{ id: string }>(tx, sql`
    with n as (select id, created_at, lower(customer_email) as email, contact_id, lower(split_part(issue, E'\n', 1)) as subject
               from support_tickets where id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})),
    m as (
      select distinct on (n.id) n.id, c.id as dup, c.ticket_number
      from n cross join lateral (
        select s.id, s.ticket_number, s.created_at, similarity(s.subject, n.subject) as sim
        from (select distinct on (u.subject) u.* from (
                ${candidates(sql`lower(o.customer_email) = n.email`)}
                union all
                ${candidates(sql`n.contact_id is not null and o.contact_id = n.contact_id`)}
              ) u order by u.subject, u.created_at desc) s
        offset 0
      ) c
      where c.sim >= ${DUPLICATE_SIMILARITY}
      order by n.id, c.sim desc, c.created_at desc)
    update support_tickets t set possible_duplicate_of = m.dup, possible_duplicate_number = m.ticket_number, sync_seq = ${nextSyncSeq()}
    from m where t.id = m.id returning t.id`);
  return rows.map((r) => r.id);
}
