/**
 * Visits in the figures (issue 54 item 4, docs/visits.md "Figures"): what the time report, the
 * client page and the ticket CSV export count of visits. A visit corrected by a later one (superseded)
 * is not counted: its correction is. Other features get these functions through the composition root
 * (app.ts), never by importing this module (the visits feature imports theirs).
 */
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ClientVisits, VisitFiguresRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts, visits } from '../../db/schema';

/** Most visits the client page lists. */
export const CLIENT_VISITS_LIMIT = 50;

/** Ticket ids per query of {@link visitCountsOf}. */
const COUNT_SLICE = 5000;

const notSuperseded = sql`NOT EXISTS (SELECT 1 FROM ${visits} AS later WHERE later.supersedes_visit_id = ${visits.id})`;
const partLines = sql<string>`coalesce(sum(jsonb_array_length(${visits.parts})), 0)`;
const partQuantity = sql<string>`coalesce(sum((SELECT sum((p->>'quantity')::numeric) FROM jsonb_array_elements(${visits.parts}) AS p)), 0)`;
const partsTotal = sql<string>`coalesce(sum((SELECT sum((p->>'quantity')::numeric * (p->>'unitPrice')::numeric) FROM jsonb_array_elements(${visits.parts}) AS p WHERE jsonb_typeof(p->'unitPrice') = 'number')), 0)`;
const visitMinutes = sql<string>`coalesce(sum(floor(extract(epoch FROM (${visits.departedAt} - ${visits.arrivedAt})) / 60)), 0)`;

/**
 * Visits per client whose arrival is in [from, to) (optionally only client object `clientId`), named
 * as the time report names its rows: a linked client's `client` is '' here (the caller names it
 * through the clients port), an unlinked ticket's is its business name, else the customer's name.
 */
export async function visitFigures(db: Database, from: Date, to: Date, clientId?: string): Promise<VisitFiguresRow[]> {
  const client = sql<string>`CASE WHEN ${ticketFacts.clientId} IS NULL THEN coalesce(${ticketFacts.businessName}, ${ticketFacts.clientName}) ELSE '' END`;
  const rows = await db
    .select({ clientId: ticketFacts.clientId, client, visits: count(), visitMinutes, partLines, partQuantity, partsTotal })
    .from(visits)
    .innerJoin(ticketFacts, eq(ticketFacts.id, visits.ticketId))
    .where(and(gte(visits.arrivedAt, from), lt(visits.arrivedAt, to), notSuperseded, clientId ? eq(ticketFacts.clientId, clientId) : undefined))
    .groupBy(ticketFacts.clientId, client);
  return rows.map((r) => ({
    clientId: r.clientId,
    client: r.client,
    visits: Number(r.visits),
    visitMinutes: Number(r.visitMinutes),
    partLines: Number(r.partLines),
    partQuantity: Number(r.partQuantity),
    partsTotal: Math.round(Number(r.partsTotal) * 100) / 100,
  }));
}

/** The newest visits of tickets linked to client `clientId` (superseded ones included, marked) and their total. */
export async function visitsOfClient(db: Database, clientId: string): Promise<ClientVisits> {
  const ofClient = eq(ticketFacts.clientId, clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: visits.id,
        ticketId: visits.ticketId,
        ticketNumber: ticketFacts.ticketNumber,
        technicianName: visits.technicianName,
        arrivedAt: visits.arrivedSent,
        departedAt: visits.departedSent,
        workDone: visits.workDone,
        partLines: sql<number>`jsonb_array_length(${visits.parts})`,
        signerName: visits.signerName,
        supersededBy: sql<string | null>`(SELECT later.id FROM ${visits} AS later WHERE later.supersedes_visit_id = ${visits.id})`,
      })
      .from(visits)
      .innerJoin(ticketFacts, eq(ticketFacts.id, visits.ticketId))
      .where(ofClient)
      .orderBy(desc(visits.arrivedAt), desc(visits.id))
      .limit(CLIENT_VISITS_LIMIT),
    db.select({ n: count() }).from(visits).innerJoin(ticketFacts, eq(ticketFacts.id, visits.ticketId)).where(ofClient),
  ]);
  return { total: Number(total?.n ?? 0), visits: rows.map((r) => ({ ...r, ticketNumber: String(r.ticketNumber), partLines: Number(r.partLines) })) };
}

/** Visits (not superseded) per ticket among `ticketIds`; tickets without visits are absent. */
export async function visitCountsOf(db: Database, ticketIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  // In slices: an export of a year of tickets stays under the protocol's bound on parameters.
  for (let i = 0; i < ticketIds.length; i += COUNT_SLICE) {
    const rows = await db
      .select({ ticketId: visits.ticketId, n: count() })
      .from(visits)
      .where(and(inArray(visits.ticketId, ticketIds.slice(i, i + COUNT_SLICE)), notSuperseded))
      .groupBy(visits.ticketId);
    for (const r of rows) counts.set(r.ticketId, Number(r.n));
  }
  return counts;
}
