/** The asset page's tickets (issue 53 item 2): open and past tickets of an asset with the minutes worked. */
import { desc, eq } from 'drizzle-orm';
import type { AssetTicket } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketAssets, ticketFacts } from '../../db/schema';
import { minutesOfTickets } from '../sla/port';

/** Most tickets the asset page lists (newest first). */
export const ASSET_TICKETS_LIMIT = 100;

/** The newest {@link ASSET_TICKETS_LIMIT} tickets linked to `assetId`, with their minutes (sla port). */
export async function ticketsOfAsset(db: Database, assetId: string): Promise<AssetTicket[]> {
  const rows = await db
    .select({ id: ticketFacts.id, ticketNumber: ticketFacts.ticketNumber, issue: ticketFacts.issue, status: ticketFacts.status, createdAt: ticketFacts.createdAt })
    .from(ticketAssets)
    .innerJoin(ticketFacts, eq(ticketFacts.id, ticketAssets.ticketId))
    .where(eq(ticketAssets.assetId, assetId))
    .orderBy(desc(ticketFacts.createdAt), desc(ticketFacts.id))
    .limit(ASSET_TICKETS_LIMIT);
  const minutes = await minutesOfTickets(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), minutes: minutes.get(r.id) ?? 0 }));
}
