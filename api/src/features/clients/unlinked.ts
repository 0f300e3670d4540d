/**
 * "Tickets without a client" (issue 50 item 4): the admin list of tickets that neither the matching
 * of new tickets nor `npm run clients:link` could give a client; staff link them from the Update
 * Ticket panel. Newest first, keyset pages by (created_at, id).
 */
import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { UnlinkedTicketPage } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts as t } from '../../db/schema';

/** One page of tickets without a client, after ticket `after` (exclusive), with the total count. */
export async function listUnlinkedTickets(db: Database, o: { after?: string | undefined; limit: number }): Promise<UnlinkedTicketPage> {
  const where: SQL[] = [isNull(t.clientId)];
  if (o.after) where.push(sql`(${t.createdAt}, ${t.id}) < (select t2.created_at, t2.id from ${t} t2 where t2.id = ${o.after})`);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: t.id, ticketNumber: t.ticketNumber, clientName: t.clientName, businessName: t.businessName, customerEmail: t.customerEmail, status: t.status, createdAt: t.createdAt })
      .from(t)
      .where(and(...where))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(o.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(t).where(isNull(t.clientId)),
  ]);
  const page = rows.slice(0, o.limit);
  return {
    items: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length > o.limit ? page[page.length - 1]!.id : null,
    total: Number(count?.n ?? 0),
  };
}
