/**
 * The service report of a visit (issue 54 item 3, docs/visits.md): one PDF by pdfkit with the
 * portal's business name and logo (report branding setting), the client, its site and contact
 * (the linked records, else the ticket's free text), the ticket number and
 * issue, the phone's times (and the clock flag), the work done, the parts, the time, the photos as
 * thumbnails, the checklist as it was at close-out and the signature image with the signer's name and time.
 * Rendered from the stored visit, which is never edited, so the report of a signed visit never changes.
 */
import PDFDocument from 'pdfkit';
import type { Visit } from '@portal/shared';

/** What the report shows of the visit's ticket. */
export interface ReportTicket {
  ticketNumber: string;
  issue: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
  /**
   * The ticket's client card, site and contact record (clients port), when the ticket is linked;
   * each part falls back to the ticket's free text (business name, customer's name and e-mail).
   */
  linked?: ReportLinks | null;
}

/** What the report shows of a linked client: its name, the site (name, address) and the contact record. */
export interface ReportLinks {
  clientName: string;
  site: { name: string; address: string | null } | null;
  contact: { name: string; email: string | null; phone: string | null } | null;
}

/** The portal's own name and logo (JPEG) at the top of every report; null parts are left out. */
export interface ReportBranding {
  businessName: string | null;
  logo: Buffer | null;
}

/**
 * Everything one report shows; `signature` is the stored PNG/JPEG (null: name and time only);
 * `photos` JPEG thumbnails (decoded in an image process, attachments port `photoThumbnails`).
 */
export interface ReportInput {
  visit: Visit;
  ticket: ReportTicket;
  branding: ReportBranding;
  photos: Buffer[];
  signature: Buffer | null;
}

/** Thumbnail cell of the photo grid (points). */
const PHOTO = { w: 150, h: 112, gap: 10 };

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
  const { branding } = input;
  if (branding.logo) doc.image(branding.logo, { fit: [140, 56] }).moveDown(0.3);
  if (branding.businessName) doc.font('Helvetica-Bold').fontSize(12).text(branding.businessName);
  doc.font('Helvetica-Bold').fontSize(18).text('Service report');
  doc.font('Helvetica').fontSize(10).text(`Ticket ${ticket.ticketNumber}`);
  if (visit.supersedesVisitId) doc.text(`Corrects an earlier visit (${visit.supersedesVisitId}).`);
  heading('Client');
  clientLines(doc, ticket);
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
  if (input.photos.length > 0) {
    heading(`Photos (${input.photos.length})`);
    photoGrid(doc, input.photos);
  }
  if (visit.checklist.length > 0) {
    heading('Checklist');
    for (const item of visit.checklist) doc.text(`[${item.done ? 'x' : ' '}] ${item.text}${item.required ? ' (required)' : ''}`);
  }
  heading('Signature');
  if (input.signature) doc.image(input.signature, { fit: [220, 90] });
  doc.text(visit.signerName ? `Signed by ${visit.signerName} at ${visit.departedAt}` : 'Not signed.');
  doc.end();
  return done;
}

/**
 * The client block: the linked client's name, its site ("Site: name, address") and contact record
 * ("Contact: name <e-mail>, phone"), each falling back to the ticket's free text when not linked.
 */
function clientLines(doc: PDFKit.PDFDocument, ticket: ReportTicket): void {
  const { linked } = ticket;
  doc.text(linked?.clientName ?? ticket.businessName ?? ticket.clientName);
  if (linked?.site) doc.text(`Site: ${[linked.site.name, linked.site.address].filter(Boolean).join(', ')}`);
  const contact = linked?.contact;
  if (contact) doc.text(`Contact: ${contact.name}${contact.email ? ` <${contact.email}>` : ''}${contact.phone ? `, ${contact.phone}` : ''}`);
  else doc.text(`Contact: ${ticket.clientName} <${ticket.customerEmail}>`);
}

/** The photos in rows of three thumbnails, a new page when a row does not fit. */
function photoGrid(doc: PDFKit.PDFDocument, photos: Buffer[]): void {
  const left = doc.page.margins.left;
  const perRow = Math.max(1, Math.floor((doc.page.width - left - doc.page.margins.right + PHOTO.gap) / (PHOTO.w + PHOTO.gap)));
  for (let i = 0; i < photos.length; i += perRow) {
    if (doc.y + PHOTO.h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    photos.slice(i, i + perRow).forEach((photo, j) => doc.image(photo, left + j * (PHOTO.w + PHOTO.gap), top, { fit: [PHOTO.w, PHOTO.h] }));
    doc.x = left;
    doc.y = top + PHOTO.h + PHOTO.gap;
  }
}
