import { useEffect, useState } from 'react';
import { SURVEY_RESEND_TEXT } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';

type Phase = 'idle' | 'sending' | 'answered' | { error: string };

/**
 * "Send me the survey link" on 'Survey Not Found' for `/survey?ticket=TKT-…` (docs/surveys.md "Lost
 * survey link"): POST /api/surveys/resend with the URL's ticket number. The server sends the link
 * only to the ticket's stored contact and answers SURVEY_RESEND_TEXT.answer for every number, which
 * the page shows as is. Offline the button is disabled with the reason; too many requests (429)
 * and an unreachable server say so. Lazily loaded (the public-route JavaScript budget).
 */
export default function SurveyLinkRequest({ ticketNumber }: { ticketNumber: string }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    const sync = () => setOnline(navigator.onLine);
    window.addEventListener('online', sync);
    window.addEventListener('offline', sync);
    return () => {
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', sync);
    };
  }, []);

  async function send() {
    setPhase('sending');
    try {
      await apiRequest('POST', '/api/surveys/resend', { ticketNumber });
      setPhase('answered');
    } catch (err) {
      if (isApiError(err, 429)) setPhase({ error: 'Too many requests. Please try again later.' });
      else if (isApiError(err)) setPhase({ error: err.message });
      else setPhase({ error: "We couldn't reach our server. Please try again when you're online." });
    }
  }

  if (phase === 'answered') {
    return (
      <p role="status" className="survey-resend-answer">
        {SURVEY_RESEND_TEXT.answer}
      </p>
    );
  }
  return (
    <div className="survey-resend">
      <p className="muted">Opened the link without its code? We can send the survey link for ticket {ticketNumber} to the contact on file.</p>
      {typeof phase === 'object' && (
        <p role="alert" className="form-error">
          {phase.error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={phase === 'sending' || !online} onClick={() => void send()}>
        {phase === 'sending' ? SURVEY_RESEND_TEXT.sending : SURVEY_RESEND_TEXT.button}
      </button>
      {!online && <p className="muted">You're offline. Connect to the internet to get your survey link.</p>}
    </div>
  );
}
