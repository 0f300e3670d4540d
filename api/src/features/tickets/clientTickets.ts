/**
 * The open tickets of a client (docs/vault.md "Tickets and vault entries"): tickets not resolved or
 * closed whose business name equals `nameKey` (trimmed, lower case) or whose customer e-mail domain is
 * `domain`, newest first, at most `limit`. The vault feature reads it through the port.
 */
import { and, desc, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ClientTicket } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets } from '../../db/schema';

export async function openTicketsOfClient(db: Database, client: { nameKey: string | null; domain: string | null }, limit = 50): Promise<ClientTicket[]> {
  const t = supportTickets;
  const matches: SQL[] = [];
  if (client.nameKey) matches.push(sql`lower(trim(${t.businessName})) = ${client.nameKey}`);
  if (client.domain) matches.push(sql`lower(split_part(${t.customerEmail}, '@', 2)) = ${client.domain}`);
  if (matches.length === 0) return [];
  const rows = await db
    .select({ id: t.id, ticketNumber: t.ticketNumber, clientName: t.clientName, status: t.status, severity: t.severity, issue: t.issue, createdAt: t.createdAt })
    .from(t)
    .where(and(notInArray(t.status, ['resolved', 'closed']), or(...matches)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
