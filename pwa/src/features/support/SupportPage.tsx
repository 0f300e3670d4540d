import { Suspense, useState } from 'react';
import { LOST_LINK_TEXT } from '@portal/shared';
import { LazyLostLinkForm } from './lostLink';
import './lost-link.css';
import { TicketForm } from './TicketForm';

/**
 * /support (SPEC.md 2): heading 'Submit a Support Request' and the ticket form, then the
 * 'Lost your link?' link that opens the status link lookup (docs/status-links.md).
 */
export function SupportPage() {
  const [lookup, setLookup] = useState(false);
  return (
    <div className="page page-narrow">
      <h1>Submit a Support Request</h1>
      <p className="muted">Fill in the form and we will get back to you. You will receive a ticket number right away.</p>
      <TicketForm />
      {lookup ? (
        <Suspense fallback={null}>
          <LazyLostLinkForm />
        </Suspense>
      ) : (
        <p className="lost-link-toggle">
          <button type="button" className="btn-link" onClick={() => setLookup(true)}>
            {LOST_LINK_TEXT}
          </button>
        </p>
      )}
    </div>
  );
}
