/**
 * What a close-out's service report does once the visit is written (docs/visits.md), inside the
 * close-out's transaction through the `visits.report` subscriber (events.ts), so it happens exactly
 * once with the visit (a rolled-back close-out leaves neither; a keyed replay emits nothing):
 * - the PDF is rendered from the stored visit and attached to the ticket on the close-out's internal
 *   note (attachments port: stored under a name derived from the visit id, so a retried transaction
 *   overwrites the same object; the ticket's file limits apply: a report that does not fit is left
 *   out and logged, never refusing the close-out), and the visit names that attachment;
 * - one `visit_report_email` job (dedupe key: the visit id), sent by the outbox with retries while
 *   SMTP is down, to the ticket's linked contact record's e-mail address (clients port
 *   `contactAddressOf`), else (no linked contact, archived, or no address on it) the ticket's own.
 * "Resend report" queues one more job (no dedupe key) with `queueReportEmail`.
 */
import type { EventOf } from '../../events';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { enqueue } from '../../notify';
import type { Services } from '../../services';
import { contactAddressOf } from '../clients/port';
import { fitMailFiles, mailBatch, prepareMailFiles, recordAttachments } from '../attachments/port';
import { visitReportEmail } from './notifications';
import { setReportAttachment, ticketForReport, type VisitRow } from './repository';
import { visitReport } from './reportService';

/** Attaches the report of the closed visit and queues its e-mail (module doc); `s.db` is the transaction. */
export async function attachAndSendReport(s: Pick<Services, 'config' | 'db'>, e: EventOf<'visit.closed'>, logger: Logger): Promise<void> {
  const { visit, noteId } = e.data;
  const { pdf, fileName } = await visitReport(s, visit.id);
  if (noteId) {
    const prepared = await prepareMailFiles(s, `visit-report:${visit.id}`, [{ fileName, content: pdf }]);
    const fit = await fitMailFiles(s.db, visit.ticketId, prepared);
    const [info] = await recordAttachments(s.db, mailBatch(fit), { ticketId: visit.ticketId, updateId: noteId, customerVisible: false, now: e.at });
    if (info) await setReportAttachment(s.db, visit.id, info.id);
    else logger.warn('service report not attached', { visitId: visit.id, reasons: fit.refused.map((r) => r.reason) });
  }
  await queueReportEmail(s.db, visit, e.at, visit.id);
}

/**
 * Queues the report e-mail of `visit` in `tx` to the ticket's linked contact record's address, else
 * the ticket's e-mail address (module doc); `dedupeKey`: at most one such job per key (the
 * close-out's own), none for a resend.
 * @returns false when there is no address (or the key's job exists), else true.
 */
export async function queueReportEmail(
  tx: Database,
  visit: Pick<VisitRow, 'id' | 'ticketId' | 'technicianName' | 'signerName'> & { departedAt: string },
  now: Date,
  dedupeKey?: string,
): Promise<boolean> {
  const ticket = await ticketForReport(tx, visit.ticketId);
  if (!ticket) return false;
  const contact = ticket.contactId ? await contactAddressOf(tx, ticket.contactId) : null;
  const to = contact?.email ?? ticket.customerEmail;
  if (!to) return false;
  const payload = {
    visitId: visit.id,
    ticketId: visit.ticketId,
    ticketNumber: ticket.ticketNumber,
    clientName: contact?.name ?? ticket.clientName,
    technicianName: visit.technicianName,
    departedAt: visit.departedAt,
    signerName: visit.signerName,
  };
  return enqueue(tx, visitReportEmail, { to, payload, ...(dedupeKey ? { dedupeKey } : {}) }, now);
}
