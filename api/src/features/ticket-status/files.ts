/**
 * Files on the status page (docs/status-links.md, docs/attachments.md "Who sees what"): the token
 * holder sees and downloads the files the customer may see (their own and those sent with staff
 * replies), through the attachments port. An internal note's files never appear: the page lists
 * only customer-visible entries, and each file must also be customer-visible itself.
 */
import type { Context } from 'koa';
import type { AttachmentInfo } from '@portal/shared';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { ATTACHMENT_CSP, attachmentsOfUpdates, listCustomerAttachments, openAttachment } from '../attachments/port';

/** Customer-visible files by work-history entry id, for the entries `updateIds` of ticket `ticketId`. */
export async function customerFiles(db: Database, ticketId: string, updateIds: string[]): Promise<Map<string, AttachmentInfo[]>> {
  const [byUpdate, visible] = await Promise.all([attachmentsOfUpdates(db, updateIds), listCustomerAttachments(db, ticketId)]);
  const allowed = new Set(visible.map((a) => a.id));
  const out = new Map<string, AttachmentInfo[]>();
  for (const [updateId, list] of byUpdate) {
    const shown = list.filter((a) => allowed.has(a.id));
    if (shown.length) out.set(updateId, shown);
  }
  return out;
}

/**
 * Sends a customer-visible file of ticket `ticketId` (or its thumbnail): `Content-Disposition`
 * (photos `inline`, everything else `attachment`), nosniff and the attachments' sandbox CSP; the
 * token page headers (no-store, no-referrer, noindex) come from http/security.ts.
 * @returns false when there is no such file for the customer (the caller answers the neutral 404).
 */
export async function sendCustomerFile(ctx: Context, s: Pick<Services, 'config' | 'db'>, ticketId: string, attachmentId: string, thumb: boolean): Promise<boolean> {
  const file = await openAttachment(s, ticketId, attachmentId, { thumb, customerOnly: true });
  if (!file) return false;
  ctx.type = file.contentType;
  ctx.length = file.size;
  ctx.attachment(file.fileName, { type: file.contentType.startsWith('image/') ? 'inline' : 'attachment' });
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', ATTACHMENT_CSP);
  ctx.body = file.stream;
  return true;
}
