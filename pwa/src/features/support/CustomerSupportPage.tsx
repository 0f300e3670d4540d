import { callOutline, createOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { PHONE_SUPPORT_HOURS } from '@portal/shared';
import { telHref, useConfig } from '../../lib/config';
import { Icon } from '../../lib/ui/Icon';
import { TicketForm } from './TicketForm';
import { PAGE_INTROS } from '../../lib/pageIntros';

const CALL_FOR = ['Urgent issues', 'System outages', 'Security concerns', 'Need immediate assistance'];
const TICKET_FOR = ['General questions', 'Feature requests', 'Non-urgent issues', 'After-hours requests'];

/** The heading and intro the build also prerenders into /customer-support's HTML (lib/pageIntros.ts). */
const INTRO = PAGE_INTROS['/customer-support'];

/**
 * /customer-support (SPEC.md 2 "Landing page"): 'Business Support Portal' with the phone support
 * hours, a 'Create Support Ticket' link to /support, when to call versus when to submit a ticket,
 * and the ticket form.
 */
export function CustomerSupportPage() {
  const { supportPhone } = useConfig();
  return (
    <div className={INTRO.frame[0]}>
      <section className={INTRO.frame[1]}>
        <h1>{INTRO.heading}</h1>
        <p className={INTRO.introClass}>{INTRO.intro}</p>
      </section>

      <div className="two-col">
        <section className="card" aria-labelledby="phone-heading">
          <h2 id="phone-heading">
            <Icon icon={callOutline} /> Phone Support
          </h2>
          <p>
            Phone support hours: <strong>{PHONE_SUPPORT_HOURS}</strong>
          </p>
          {supportPhone && (
            <a className="btn btn-outline" href={telHref(supportPhone)}>
              Call {supportPhone}
            </a>
          )}
          <h3>When to call</h3>
          <ul className="check-list">
            {CALL_FOR.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="ticket-heading">
          <h2 id="ticket-heading">
            <Icon icon={createOutline} /> Support Tickets
          </h2>
          <p>Submit a ticket any time; we answer in order of severity.</p>
          <Link to="/support" className="btn btn-primary">
            Create Support Ticket
          </Link>
          <h3>When to submit a ticket</h3>
          <ul className="check-list">
            {TICKET_FOR.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="section page-narrow" aria-labelledby="form-heading">
        <h2 id="form-heading">Submit a Support Ticket</h2>
        <TicketForm />
      </section>
    </div>
  );
}
