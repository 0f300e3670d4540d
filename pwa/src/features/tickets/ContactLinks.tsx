import { IonIcon } from '@ionic/react';
import { callOutline, chatbubbleOutline, mailOutline } from 'ionicons/icons';
import type { ContactMethod, Ticket } from '@portal/shared';
import { telHref } from '../../lib/config';
import { CONTACT_METHOD_SHORT, mailHref, smsHref } from './contact';

type ContactTicket = Pick<Ticket, 'customerPhone' | 'customerEmail' | 'contactMethod' | 'ticketNumber' | 'clientName'>;

/** A number a phone can dial: at least 3 digits (a ticket from e-mail may have none). */
const dialable = (phone: string | null | undefined) => (phone?.replace(/\D/g, '').length ?? 0) >= 3;
/** An address a mail app can write to. */
const mailable = (email: string | null | undefined) => /^[^\s@]+@[^\s@]+$/.test(email?.trim() ?? '');

const ACTIONS: { method: ContactMethod; label: string; icon: string; works(t: ContactTicket): boolean; href(t: ContactTicket): string; target(t: ContactTicket): string }[] = [
  { method: 'phone', label: 'Call', icon: callOutline, works: (t) => dialable(t.customerPhone), href: (t) => telHref(t.customerPhone), target: (t) => t.customerPhone },
  { method: 'text', label: 'Text', icon: chatbubbleOutline, works: (t) => dialable(t.customerPhone), href: (t) => smsHref(t.customerPhone), target: (t) => t.customerPhone },
  { method: 'email', label: 'E-mail', icon: mailOutline, works: (t) => mailable(t.customerEmail), href: mailHref, target: (t) => t.customerEmail },
];

/**
 * How to reach the customer of a ticket (DESIGN.md 5a "contact data is a link"): the
 * phone number, the preferred contact method ('Prefers phone call') and one-tap Call (`tel:`),
 * Text (`sms:`) and E-mail (`mailto:`) links; the preferred one is the filled button. Clicks do not
 * reach the surrounding card (which would select the ticket). Only links that can work are offered
 * (issue 56: a ticket from e-mail without a phone showed live Call and Text with `tel:` and no
 * number): no phone, no Call or Text, and "No phone number" in its place. `compact` (the card)
 * uses small buttons; the panel uses full-size ones.
 */
export function ContactLinks({ ticket, compact = false }: { ticket: ContactTicket; compact?: boolean }) {
  return (
    <div className={`contact${compact ? ' contact-compact' : ''}`}>
      <p className="contact-line">
        {dialable(ticket.customerPhone) ? <span className="contact-phone">{ticket.customerPhone}</span> : <span className="contact-phone muted">No phone number</span>}
        <span className="contact-prefers">Prefers {CONTACT_METHOD_SHORT[ticket.contactMethod].toLowerCase()}</span>
      </p>
      <div className="contact-actions" role="group" aria-label={`Contact ${ticket.clientName}`}>
        {ACTIONS.filter((a) => a.works(ticket)).map((a) => {
          const preferred = a.method === ticket.contactMethod;
          return (
            <a
              key={a.method}
              href={a.href(ticket)}
              className={`btn ${preferred ? 'btn-primary' : 'btn-outline'}${compact ? ' btn-small' : ''}`}
              aria-label={`${a.label} ${a.target(ticket)}${preferred ? ' (preferred)' : ''}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IonIcon icon={a.icon} aria-hidden="true" />
              <span className="contact-label">{a.label}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
