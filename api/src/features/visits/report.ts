/**
 * The service report of a visit (issue 54 item 3, docs/visits.md): one PDF by pdfkit with the
 * client, the ticket number and issue, the phone's times (and the clock flag), the work done, the
 * parts, the time, the ticket's checklist and the signature image with the signer's name and time.
 * Rendered from the stored visit, which is never edited, so the report of a signed visit never changes.
 */
import PDFDocument from 'pdfkit';
import type { ChecklistItem, Visit } from '@portal/shared';

/** What the report shows of the visit's ticket. */
export interface ReportTicket {
  ticketNumber: string;
  issue: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
}

/** Everything one report shows; `signature` is the stored PNG/JPEG (null: name and time only). */
export interface ReportInput {
  visit: Visit;
  ticket: ReportTicket;
  checklist: ChecklistItem[];
  signature: Buffer | null;
}

const money = (n: number) => n.toFixed(2);

/** The report as a PDF; `compress: false` (tests) keeps the page text readable in the file. */
export function renderServiceReport(input: ReportInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { visit, ticket } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: options.compress ?? true, info: { Title: `Service report ${ticket.ticketNumber}`, Producer: 'IT support portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text).font('Helvetica').fontSize(10);
  doc.font('Helvetica-Bold').fontSize(18).text('Service report');
  doc.font('Helvetica').fontSize(10).text(`Ticket ${ticket.ticketNumber}`);
  if (visit.supersedesVisitId) doc.text(`Corrects an earlier visit (${visit.supersedesVisitId}).`);
  heading('Client');
  doc.text(ticket.businessName ?? ticket.clientName).text(`Contact: ${ticket.clientName} <${ticket.customerEmail}>`);
  heading('Issue');
  doc.text(ticket.issue);
  heading('Visit');
  doc.text(`Technician: ${visit.technicianName}`).text(`Arrived: ${visit.arrivedAt}`).text(`Departed: ${visit.departedAt}`).text(`Received by the server: ${visit.receivedAt}`);
  if (visit.clockSuspect) doc.text(`Note: the device clock looked wrong. ${visit.clockNote ?? ''}`);
  heading('Work done');
  doc.text(visit.workDone);
  heading('Parts and materials');
  if (visit.parts.length === 0) doc.text('None.');
  for (const p of visit.parts) doc.text(`${p.quantity} x ${p.description}${p.unitPrice != null ? ` @ ${money(p.unitPrice)} = ${money(p.unitPrice * p.quantity)}` : ''}`);
  heading('Time');
  doc.text(`${visit.minutes} minutes, ${visit.billable ? 'billable' : 'not billable'}`);
  if (input.checklist.length > 0) {
    heading('Checklist');
    for (const item of input.checklist) doc.text(`[${item.done ? 'x' : ' '}] ${item.text}`);
  }
  heading('Signature');
  if (input.signature) doc.image(input.signature, { fit: [220, 90] });
  doc.text(visit.signerName ? `Signed by ${visit.signerName} at ${visit.departedAt}` : 'Not signed.');
  doc.end();
  return done;
}
