import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SURVEY_MSG } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { telHref, useConfig } from '../../lib/config';

/** A result card whose heading takes focus when shown, so screen readers announce the outcome. */
function ResultCard({ id, title, level = 2, children }: { id: string; title: string; level?: 1 | 2; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="card success-view survey-result" role="region" aria-labelledby={id}>
      <Heading id={id} ref={ref} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </div>
  );
}

/** "Send me the survey link" (SurveyLinkRequest.tsx), loaded only when a ticket number is known. */
const LazySurveyLinkRequest = lazy(() => import('./SurveyLinkRequest'));

/**
 * SPEC.md 2: 'Survey Not Found' with the invalid-or-expired text (no ticket, bad, expired or foreign
 * link). With the URL's `ticketNumber` (SPEC.md's `/survey?ticket=TKT-…` without its token) it also
 * offers "Send me the survey link" to the ticket's stored contact.
 */
export function SurveyNotFound({ ticketNumber }: { ticketNumber?: string }) {
  return (
    <div className="page page-narrow survey-page">
      <ResultCard id="survey-not-found" title="Survey Not Found" level={1}>
        <p>{SURVEY_MSG.surveyNotFound}</p>
        {ticketNumber && (
          <Suspense fallback={null}>
            <LazySurveyLinkRequest ticketNumber={ticketNumber} />
          </Suspense>
        )}
        <Link to="/" className="btn btn-outline">
          Return to Home
        </Link>
      </ResultCard>
    </div>
  );
}

/** The support phone as a `tel:` link, or nothing while it is unknown. */
function SupportPhone() {
  const { supportPhone } = useConfig();
  if (!supportPhone) return null;
  return (
    <p>
      Need more help? Call us at{' '}
      <a href={telHref(supportPhone)} className="survey-phone">
        {supportPhone}
      </a>
      .
    </p>
  );
}

/** 'Return to Home', plus 'View Survey Dashboard' for a logged-in admin only (SPEC.md 2 / 6). */
function ResultActions() {
  const { user } = useAuth();
  return (
    <div className="survey-actions">
      <Link to="/" className="btn btn-primary">
        Return to Home
      </Link>
      {user?.role === 'admin' && (
        <Link to="/survey-dashboard" className="btn btn-outline">
          View Survey Dashboard
        </Link>
      )}
    </div>
  );
}

/** After a successful submit (SPEC.md 2): 'Thank You!', the support phone, the actions. */
export function SurveyThankYou() {
  return (
    <ResultCard id="survey-thanks" title="Thank You!">
      <p>Your feedback has been submitted successfully. It helps us serve you better.</p>
      <SupportPhone />
      <ResultActions />
    </ResultCard>
  );
}

/** The link was answered before (a second visit, or another device). */
export function SurveyAlreadySubmitted() {
  return (
    <ResultCard id="survey-already" title="Thank You!">
      <p>{SURVEY_MSG.surveyAlreadySubmitted}</p>
      <SupportPhone />
      <ResultActions />
    </ResultCard>
  );
}
