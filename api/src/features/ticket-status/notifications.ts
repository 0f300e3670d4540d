/**
 * The ticket-status feature's job kinds (DESIGN.md 6, registered in api/src/notification-kinds.ts):
 * the status link sent to the contact on file after a "Lost your link?" lookup that matched and when
 * staff resend it (docs/status-links.md). The payload holds the link's nonce, never the token: the
 * link `PUBLIC_URL/status/<token>` is derived at send time with the sending process's secret.
 */
import { PHONE_SUPPORT_HOURS } from '@portal/shared';
import { defineJobKind, emailContent } from '../../notify';
import { statusUrlOf } from '../tickets/port';

/** Facts of a link message: the ticket (id, number, the customer's name) and its link's nonce. */
export interface StatusLinkPayload {
  ticketId: string;
  ticketNumber: string;
  clientName: string;
  statusNonce: string;
}

/** E-mail with the link to the ticket's stored e-mail address. */
export const statusLinkEmail = defineJobKind<StatusLinkPayload, 'email'>({
  kind: 'status_link_email',
  channel: 'email',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Status link of ticket ${p.ticketNumber}`,
  render: (p, { brand, config }) => {
    const content = emailContent(
      {
        subject: `Your link to ticket ${p.ticketNumber}`,
        title: `Follow ticket ${p.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${p.clientName},` },
          { type: 'p', text: `Here is the link to follow your support ticket ${p.ticketNumber} and reply to us. Keep it to yourself: anyone with it can see the ticket's progress.` },
          { type: 'button', label: 'Follow your ticket and reply', url: statusUrlOf(config, brand.publicUrl, p.statusNonce) },
          { type: 'p', text: `Did not ask for it? You can ignore this message. Questions? Call ${brand.supportPhone} (${PHONE_SUPPORT_HOURS}).` },
        ],
      },
      brand,
    );
    return { ...content, headers: { References: `<ticket-${p.ticketId}@portal>`, 'X-Portal-Ticket': p.ticketNumber } };
  },
});

/** SMS with the link to the ticket's stored phone (tickets whose contact method is text). */
export const statusLinkSms = defineJobKind<StatusLinkPayload, 'sms'>({
  kind: 'status_link_sms',
  channel: 'sms',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Status link of ticket ${p.ticketNumber} by SMS`,
  render: (p, { brand, config }) => ({
    body: `${brand.appName}: follow your ticket ${p.ticketNumber} and reply here: ${statusUrlOf(config, brand.publicUrl, p.statusNonce)}`,
  }),
});

/** Every job kind of the ticket-status feature (api/src/notification-kinds.ts). */
export const ticketStatusKinds = [statusLinkEmail, statusLinkSms];
