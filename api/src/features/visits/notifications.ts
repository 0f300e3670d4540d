/**
 * The visits feature's job kind (DESIGN.md 6, registered in api/src/notification-kinds.ts): the
 * service report e-mailed to the ticket's contact with the PDF attached (docs/visits.md). Queued in
 * the close-out's transaction once per visit (dedupe key: the visit id), and again by "Resend report"
 * (POST /api/visits/:id/resend). The PDF is read at send time from the ticket attachment (a fresh
 * rendering when none is attached); a failure to read it is retried like an SMTP failure.
 */
import { defineJobKind, emailContent, PermanentError } from '../../notify';
import { storedVisitReport } from './reportService';

/** Facts of a report e-mail. */
export interface VisitReportPayload {
  visitId: string;
  ticketId: string;
  ticketNumber: string;
  clientName: string;
  technicianName: string;
  /** The phone's departure time as sent. */
  departedAt: string;
  signerName: string | null;
}

export const visitReportEmail = defineJobKind<VisitReportPayload, 'email'>({
  kind: 'visit_report_email',
  channel: 'email',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Service report of ticket ${p.ticketNumber}`,
  render: (p, { brand }) => {
    const content = emailContent(
      {
        subject: `Service report for ticket ${p.ticketNumber}`,
        title: `Service report for ticket ${p.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${p.clientName},` },
          { type: 'p', text: `${p.technicianName} finished a visit for your ticket ${p.ticketNumber}. The service report is attached as a PDF.` },
          { type: 'fields', rows: [['Departed', p.departedAt], ...(p.signerName ? ([['Signed by', p.signerName]] as [string, string][]) : [])] },
          { type: 'p', text: `Questions? Call ${brand.supportPhone}.` },
        ],
      },
      brand,
    );
    return { ...content, headers: { References: `<ticket-${p.ticketId}@portal>`, 'X-Portal-Ticket': p.ticketNumber } };
  },
  attachments: async (p, { db, config }) => {
    let report;
    try {
      report = await storedVisitReport({ db, config }, p.visitId);
    } catch (err) {
      if ((err as { status?: number }).status === 404) throw new PermanentError('The visit no longer exists');
      throw err;
    }
    return [{ filename: report.fileName, contentType: 'application/pdf', content: report.pdf }];
  },
});

/** Every job kind of the visits feature (api/src/notification-kinds.ts). */
export const visitKinds = [visitReportEmail];
