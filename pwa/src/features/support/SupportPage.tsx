import { Suspense, useState } from 'react';
import { LOST_LINK_TEXT } from '@portal/shared';
import { PAGE_INTROS } from '../../lib/pageIntros';
import { LazyLostLinkForm } from './lostLink';
import './lost-link.css';
import { TicketForm } from './TicketForm';

/** The heading and intro the build also prerenders into /support's HTML (lib/pageIntros.ts). */
const INTRO = PAGE_INTROS['/support'];

/**
 * /support (SPEC.md 2): heading 'Submit a Support Request' and the ticket form, then the
 * 'Lost your link?' link that opens the status link lookup (docs/status-links.md).
 */
export function SupportPage() {
  const [lookup, setLookup] = useState(false);
  return (
    <div className={INTRO.frame[0]}>
      <h1>{INTRO.heading}</h1>
      <p className={INTRO.introClass}>{INTRO.intro}</p>
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
