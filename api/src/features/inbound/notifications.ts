/**
 * Job kinds of inbound mail (DESIGN.md 6, registered in api/src/notification-kinds.ts): the
 * assignee's push when a customer replies by e-mail.
 */
import { staffTicketPath } from '@portal/shared';
import { defineJobKind, shorten } from '../../notify';

/** Facts of a customer reply alert. */
export interface CustomerReplyPayload {
  ticketId: string;
  ticketNumber: string;
  clientName: string;
  text: string;
}

/** Web push to one device of the assignee: the customer answered by e-mail. */
export const customerReplyPush = defineJobKind<CustomerReplyPayload, 'push'>({
  kind: 'inbound_customer_reply_push',
  channel: 'push',
  ticketId: (p) => p.ticketId,
  summary: (p) => `Customer reply by e-mail on ${p.ticketNumber}`,
  render: (p) => ({
    title: `Reply on ${p.ticketNumber}`,
    body: `${p.clientName}: ${shorten(p.text, 120)}`,
    url: staffTicketPath(p.ticketId),
    tag: `ticket-${p.ticketId}`,
  }),
});

export const inboundKinds = [customerReplyPush];
