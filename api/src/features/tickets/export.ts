/**
 * GET /api/tickets/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&clientId=] (staff): the tickets created in that
 * range of whole UTC days (both included, at most TICKET_EXPORT_MAX_DAYS), oldest first, as CSV
 * (RFC 4180 quoting by csv-stringify, CRLF line ends, a header row of TICKET_EXPORT_COLUMNS, UTF-8
 * with a BOM so spreadsheets read accents). Times are ISO 8601 UTC; status, severity and contact
 * method as their labels; the assignee as a username ('' when unassigned); 'Client Account' the
 * ticket's client object's name (clients port), and `clientId` keeps only that client's tickets. Text cells pass the
 * shared csvSafeCell (OWASP CSV injection). 'Visits' counts the
 * ticket's on-site close-outs, a superseded one not counted (issue 54). 'Tags': the ticket's tag names in
 * name order joined by ', ' (tags port), and `tag` keeps only tickets with that tag (issue 57). Served as an attachment `tickets-FROM-to-TO.csv`.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  CONTACT_METHOD_LABELS,
  SEVERITY_NAMES,
  TICKET_EXPORT_COLUMNS,
  TICKET_STATUS_LABELS,
  csvSafeCell,
  type TicketExportQuery,
} from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets } from '../../db/schema';
import { clientNamesOf } from '../clients/port';
import { tagsOfTickets, ticketTaggedSql } from '../tags/port';
import { usernamesOf } from './repository';

const DAY_MS = 86_400_000;

/** Visits (not superseded) per ticket id (the visits port's `visitCountsOf`, handed in by app.ts). */
export type VisitCounts = (db: Database, ticketIds: string[]) => Promise<Map<string, number>>;

/** The CSV text of the tickets created from `q.from` to `q.to` (whole UTC days); 'Visits' from `visitCounts`. */
export async function ticketExportCsv(db: Database, q: TicketExportQuery, visitCounts: VisitCounts): Promise<string> {
  const start = new Date(`${q.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${q.to}T00:00:00.000Z`) + DAY_MS);
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(gte(supportTickets.createdAt, start), lt(supportTickets.createdAt, end), q.clientId ? eq(supportTickets.clientId, q.clientId) : undefined, q.tag ? ticketTaggedSql(sql`${supportTickets.id}`, q.tag) : undefined))
    .orderBy(asc(supportTickets.createdAt), asc(supportTickets.ticketNumber));
  const [names, clients, visits, tags] = await Promise.all([
    usernamesOf(db, [...new Set(rows.map((r) => r.assignedTo))]),
    clientNamesOf(db, rows.flatMap((r) => (r.clientId ? [r.clientId] : []))),
    visitCounts(db, rows.map((r) => r.id)),
    tagsOfTickets(db, rows.map((r) => r.id)),
  ]);
  const records = rows.map((r) =>
    [
      r.ticketNumber,
      r.createdAt.toISOString(),
      r.updatedAt.toISOString(),
      TICKET_STATUS_LABELS[r.status],
      SEVERITY_NAMES[r.severity],
      r.clientName,
      r.businessName ?? '',
      r.clientId ? (clients.get(r.clientId) ?? '') : '',
      r.customerEmail,
      r.customerPhone,
      CONTACT_METHOD_LABELS[r.contactMethod],
      r.assignedTo ? (names.get(r.assignedTo) ?? '') : '',
      r.issue,
      r.resolution ?? '',
      String(visits.get(r.id) ?? 0),
      (tags.get(r.id) ?? []).join(', '),
    ].map(csvSafeCell),
  );
  return stringify([[...TICKET_EXPORT_COLUMNS], ...records], { record_delimiter: 'windows', bom: true });
}
