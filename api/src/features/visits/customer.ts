/** The customer's side of service reports (status link page, docs/visits.md, port.ts). */
import type { StatusVisitReport } from '@portal/shared';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { reportFileName, storedVisitReport } from './reportService';
import { findVisit, supersedersOf, ticketForReport, visitsOfTicket } from './repository';

/** See port.ts. */
export async function statusReportsOf(db: Database, ticketId: string): Promise<StatusVisitReport[]> {
  const rows = await visitsOfTicket(db, ticketId);
  if (rows.length === 0) return [];
  const superseded = await supersedersOf(db, rows.map((r) => r.id));
  const ticket = await ticketForReport(db, ticketId);
  return rows
    .filter((r) => !superseded.has(r.id))
    .map((r) => ({ visitId: r.id, departedAt: r.departedSent, fileName: reportFileName(ticket?.ticketNumber ?? '', r.departedSent) }));
}

/** See port.ts. */
export async function customerVisitReport(s: Pick<Services, 'config' | 'db'>, ticketId: string, visitId: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  const row = await findVisit(s.db, visitId);
  if (!row || row.ticketId !== ticketId) return null;
  if ((await supersedersOf(s.db, [row.id])).has(row.id)) return null;
  const { pdf, fileName } = await storedVisitReport(s, visitId);
  return { pdf, fileName };
}
