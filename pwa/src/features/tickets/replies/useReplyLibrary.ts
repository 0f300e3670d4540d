import { useCallback } from 'react';
import { renderReply, replyContextFor, type PublicUser, type Ticket } from '@portal/shared';
import { useConfig } from '../../../lib/config';
import { useOfflineQuery } from '../../../offline';
import { readCannedReplies, readMacros } from '../offline';

/**
 * The canned replies and macros kept on this device (offline/replyItems.ts: shared + mine, delta
 * synced), and `fill`, which fills a reply's variables from `ticket` and `user` (their own phone
 * for `{{technician.phone}}`, set in User Management; else the support number) (shared
 * replyContextFor: the one place deciding each value; `{{ticket.statusLink}}` stays for the server).
 */
export function useReplyLibrary(ticket: Pick<Ticket, 'ticketNumber' | 'clientName' | 'businessName'>, user: Pick<PublicUser, 'id' | 'username' | 'phone'> | null) {
  const replies = useOfflineQuery(readCannedReplies) ?? [];
  const macros = useOfflineQuery(readMacros) ?? [];
  const { supportPhone } = useConfig();
  const { ticketNumber, clientName, businessName } = ticket;
  const fill = useCallback(
    (text: string) =>
      renderReply(text, replyContextFor({ ticket: { ticketNumber, clientName, businessName }, technician: { name: user?.username ?? '', phone: user?.phone }, supportPhone })),
    [ticketNumber, clientName, businessName, user?.username, user?.phone, supportPhone],
  );
  return { replies, macros, fill, meId: user?.id ?? '' };
}

/** What the Update Ticket form needs for replies and macros (UpdatePanel passes it). */
export type ReplyLibrary = ReturnType<typeof useReplyLibrary>;
