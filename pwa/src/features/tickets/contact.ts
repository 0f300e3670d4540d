import type { ContactMethod, Ticket } from '@portal/shared';
import { telHref } from '../../lib/config';

/** How the customer wants to hear back, in a few words (SPEC.md 9's labels are the long form). */
export const CONTACT_METHOD_SHORT: Record<ContactMethod, string> = { email: 'E-mail', phone: 'Phone call', text: 'Text message' };

/** `sms:` link of a phone number (digits and a leading +, like telHref). */
export function smsHref(phone: string): string {
  return `sms:${telHref(phone).slice('tel:'.length)}`;
}

/** `mailto:` link to the customer with the ticket number as the subject. */
export function mailHref(t: Pick<Ticket, 'customerEmail' | 'ticketNumber'>): string {
  return `mailto:${t.customerEmail}?subject=${encodeURIComponent(`Your support ticket ${t.ticketNumber}`)}`;
}
