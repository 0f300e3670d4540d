/** The service report of a stored visit (report.ts renders it; docs/visits.md). */
import { buffer } from 'node:stream/consumers';
import { VISIT_MSG } from '@portal/shared';
import { notFound } from '../../http/errors';
import type { Services } from '../../services';
import { openAttachment } from '../attachments/port';
import { checklistsOf } from '../checklists/port';
import { presentVisit } from './presenter';
import { renderServiceReport } from './report';
import { findVisit, supersedersOf, ticketForReport } from './repository';

/**
 * The PDF of visit `visitId` and its file name (`service-report-<ticket>-<date>.pdf`).
 * @throws 404 VISIT_MSG.visitNotFound.
 */
export async function visitReport(s: Pick<Services, 'config' | 'db'>, visitId: string, options: { compress?: boolean } = {}): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findVisit(s.db, visitId);
  const ticket = row && (await ticketForReport(s.db, row.ticketId));
  if (!row || !ticket) throw notFound(VISIT_MSG.visitNotFound);
  const visit = presentVisit(row, (await supersedersOf(s.db, [row.id])).get(row.id) ?? null);
  const checklist = (await checklistsOf(s.db, [row.ticketId])).get(row.ticketId) ?? [];
  const opened = row.signatureAttachmentId ? await openAttachment(s, row.ticketId, row.signatureAttachmentId) : null;
  const signature = opened ? await buffer(opened.stream) : null;
  const pdf = await renderServiceReport({ visit, ticket, checklist, signature }, options);
  return { pdf, fileName: `service-report-${ticket.ticketNumber}-${visit.departedAt.slice(0, 10)}.pdf` };
}
