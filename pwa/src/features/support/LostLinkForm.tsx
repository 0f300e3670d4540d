import { useEffect, useId, useState, type FormEvent } from 'react';
import { LOOKUP_TEXT, LOST_LINK_TEXT } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { FormField, fieldAria } from '../../lib/ui/FormField';

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered' } | { kind: 'error'; message: string };

/**
 * "Lost your link?" (docs/status-links.md): ticket number and the e-mail or phone used ->
 * POST /api/ticket-status/lookup, which always answers LOOKUP_TEXT.answer (whether or not they
 * match) and sends the link only to the contact on file. Needs the network: offline the button is
 * disabled with the reason. Shown on /support and on the status page's 'no longer valid' view.
 */
export default function LostLinkForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const id = useId();
  const [ticketNumber, setTicketNumber] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<{ ticketNumber?: string; contact?: string }>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [online, setOnline] = useState(() => navigator.onLine);
  const Heading = `h${headingLevel}` as const;

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      ...(ticketNumber.trim() ? {} : { ticketNumber: 'Ticket number is required' }),
      ...(contact.trim() ? {} : { contact: 'E-mail or phone is required' }),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setPhase({ kind: 'sending' });
    try {
      await apiRequest('POST', '/api/ticket-status/lookup', { ticketNumber: ticketNumber.trim(), contact: contact.trim() });
      setPhase({ kind: 'answered' });
    } catch (err) {
      if (isApiError(err, 429)) setPhase({ kind: 'error', message: 'Too many requests. Please try again later.' });
      else if (isApiError(err)) setPhase({ kind: 'error', message: err.message });
      else {
        setPhase({ kind: 'error', message: "We couldn't reach our server. Please try again when you're online." });
      }
    }
  }

  return (
    <section className="card lost-link" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`} className="lost-link-title">
        {LOST_LINK_TEXT}
      </Heading>
      <p className="muted">Enter your ticket number and the e-mail or phone you used. We'll send the link to your ticket's page.</p>
      {phase.kind === 'answered' ? (
        <p role="status" className="lost-link-answer">
          {LOOKUP_TEXT.answer}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={LOST_LINK_TEXT}>
          <FormField id={`${id}-n`} label={LOOKUP_TEXT.ticketField} error={errors.ticketNumber}>
            <input
              id={`${id}-n`}
              className="input"
              placeholder="TKT-000123"
              autoCapitalize="characters"
              value={ticketNumber}
              onChange={(e) => setTicketNumber(e.target.value)}
              {...fieldAria(`${id}-n`, errors.ticketNumber)}
            />
          </FormField>
          <FormField id={`${id}-c`} label={LOOKUP_TEXT.contactField} error={errors.contact}>
            <input
              id={`${id}-c`}
              className="input"
              autoComplete="email"
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              {...fieldAria(`${id}-c`, errors.contact)}
            />
          </FormField>
          {phase.kind === 'error' && (
            <p role="alert" className="form-error">
              {phase.message}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={phase.kind === 'sending' || !online}>
            {phase.kind === 'sending' ? 'Sending...' : LOOKUP_TEXT.button}
          </button>
          {!online && <p className="muted">You're offline. Connect to the internet to get your link.</p>}
        </form>
      )}
    </section>
  );
}
