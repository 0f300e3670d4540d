/** The service report of a stored visit (report.ts renders it; docs/visits.md). */
import { buffer } from 'node:stream/consumers';
import { REPORT_BUSINESS_NAME_KEY, REPORT_LOGO_KEY, VISIT_MSG } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSetting } from '../../db/settings';
import { notFound } from '../../http/errors';
import type { Services } from '../../services';
import { openAttachment, photoThumbnails } from '../attachments/port';
import { getClientCard } from '../clients/port';
import { presentVisit } from './presenter';
import { renderServiceReport, type ReportBranding, type ReportLinks } from './report';
import { findVisit, supersedersOf, ticketForReport, type ReportTicketRow } from './repository';

/** The report branding settings (settings feature, PUT /api/settings/report-branding). */
export async function reportBranding(db: Database): Promise<ReportBranding> {
  const [name, logo] = await Promise.all([findSetting(db, REPORT_BUSINESS_NAME_KEY), findSetting(db, REPORT_LOGO_KEY)]);
  return { businessName: name?.value || null, logo: logo?.value ? Buffer.from(logo.value, 'base64') : null };
}

/**
 * The ticket's client card, site and contact record for the report (clients port), or null when the
 * ticket has no client; a site or contact no longer on the card is left out (the report then shows
 * the ticket's free text for the contact).
 */
export async function reportLinks(db: Database, ticket: Pick<ReportTicketRow, 'clientId' | 'siteId' | 'contactId'>): Promise<ReportLinks | null> {
  const card = ticket.clientId ? await getClientCard(db, ticket.clientId) : null;
  if (!card) return null;
  const site = card.sites.find((s) => s.id === ticket.siteId);
  const contact = card.contacts.find((c) => c.id === ticket.contactId);
  return {
    clientName: card.name,
    site: site ? { name: site.name, address: site.address } : null,
    contact: contact ? { name: contact.name, email: contact.email, phone: contact.phone } : null,
  };
}

/** `service-report-<ticket number>-<departure date>.pdf`. */
export const reportFileName = (ticketNumber: string, departedAt: string) => `service-report-${ticketNumber}-${departedAt.slice(0, 10)}.pdf`;

/**
 * The PDF of visit `visitId` and its file name, rendered from what is stored (`s.db` may be a
 * transaction: the close-out's own report is rendered in it). Photos are decoded in an image process.
 * @throws 404 VISIT_MSG.visitNotFound.
 */
export async function visitReport(s: Pick<Services, 'config' | 'db'>, visitId: string, options: { compress?: boolean } = {}): Promise<{ pdf: Buffer; fileName: string; ticketId: string }> {
  const row = await findVisit(s.db, visitId);
  const ticket = row && (await ticketForReport(s.db, row.ticketId));
  if (!row || !ticket) throw notFound(VISIT_MSG.visitNotFound);
  const visit = presentVisit(row, (await supersedersOf(s.db, [row.id])).get(row.id) ?? null);
  // The signature too is decoded in an image process (a JPEG on white: pdfkit cannot embed WebP).
  const [branding, linked, photos, signatures] = await Promise.all([
    reportBranding(s.db),
    reportLinks(s.db, ticket),
    photoThumbnails(s, row.ticketId, row.photoUploadIds),
    row.signatureUploadId ? photoThumbnails(s, row.ticketId, [row.signatureUploadId]) : [],
  ]);
  const signature = signatures[0] ?? null;
  const pdf = await renderServiceReport({ visit, ticket: { ...ticket, linked }, branding, photos, signature }, options);
  return { pdf, fileName: reportFileName(ticket.ticketNumber, visit.departedAt), ticketId: row.ticketId };
}

/** The stored report PDF of a visit (the ticket attachment), or a fresh rendering when none is attached. */
export async function storedVisitReport(s: Pick<Services, 'config' | 'db'>, visitId: string): Promise<{ pdf: Buffer; fileName: string; ticketId: string }> {
  const row = await findVisit(s.db, visitId);
  if (!row) throw notFound(VISIT_MSG.visitNotFound);
  const opened = row.reportAttachmentId ? await openAttachment(s, row.ticketId, row.reportAttachmentId) : null;
  if (!opened) return visitReport(s, visitId);
  return { pdf: await buffer(opened.stream), fileName: opened.fileName, ticketId: row.ticketId };
}
