import type { AttachmentInfo } from '@portal/shared';

/** URL of an attachment (or its thumbnail); the session cookie authorises it. */
export const attachmentUrl = (ticketId: string, a: Pick<AttachmentInfo, 'id'>, thumb = false) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(a.id)}${thumb ? '?thumb=1' : ''}`;
