import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SURVEY_MSG, RATING_MAX, RATING_MIN, type SurveySubmit } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { useSurveyInvitation } from './api/useSurveyInvitation';
import { SurveyForm } from './SurveyForm';
import { SurveyAlreadySubmitted, SurveyNotFound, SurveyThankYou } from './SurveyViews';
import { LazySurveyQueuedView, useSurveySubmission } from './useSurveySubmission';
import './survey.css';

type Outcome = 'form' | 'thanks' | 'already' | 'not-found';

/** `rating=N` of a star link in the e-mail: 1-5, else none. */
function presetRating(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n >= RATING_MIN && n <= RATING_MAX ? n : undefined;
}

/**
 * /survey?ticket=TKT-000123&token=... (SPEC.md 2 "Survey"). The link is checked first
 * (GET, records nothing): no ticket, a bad, expired or foreign token, or a ticket that is not
 * resolved or closed shows 'Survey Not Found'; an answered link says so. Otherwise the form, titled
 * 'Customer Satisfaction Survey' with 'Ticket #{number}'. Only 'Submit Survey' records anything:
 * the answer goes through the offline outbox (sent at once online, 'Submitting...'; with no signal
 * 'Feedback saved on this device' until it is sent, also after a reload or a closed tab). Success
 * shows 'Thank You!' and the SPEC.md 8 toast; a rejection the 'Error' toast with the server's
 * message (a 400 puts its field messages back under the questions). With no signal the link check
 * cannot run: the form is shown anyway.
 *
 * The page is usable before the offline engine and zod arrive; the engine comes with
 * SurveyBridge.tsx (see useSurveySubmission), the validation with surveyResolver.ts.
 */
export default function SurveyPage() {
  const [params] = useSearchParams();
  const ticket = (params.get('ticket') ?? '').trim();
  const token = (params.get('token') ?? '').trim();
  const invitation = useSurveyInvitation(ticket, token);
  const submission = useSurveySubmission(ticket);
  const { connectivity, live } = submission;
  const toast = useToast();
  const [outcome, setOutcome] = useState<Outcome>('form');
  const [submitting, setSubmitting] = useState(false);
  const [rejected, setRejected] = useState<{ values: SurveySubmit; fieldErrors?: Record<string, string[]> | undefined }>();
  const reported = useRef(new Set<number>());

  const latest = submission.latest;
  const { forget } = submission;
  useEffect(() => {
    if (!latest || reported.current.has(latest.seq) || (latest.state !== 'done' && latest.state !== 'failed')) return;
    reported.current.add(latest.seq);
    if (latest.state === 'done') {
      toast.show({ title: 'Thank you!', description: SURVEY_MSG.surveySubmitted });
      setOutcome('thanks');
    } else {
      const error = latest.error;
      toast.show({ title: 'Error', description: error?.message || SURVEY_MSG.surveySubmitFailed, variant: 'destructive' });
      if (error?.status === 404) setOutcome('not-found');
      else if (error?.status === 409) setOutcome('already');
      else setRejected({ values: latest.payload, fieldErrors: error?.fieldErrors });
    }
    void forget(latest.seq);
  }, [latest, forget, toast]);

  if (!ticket) return <SurveyNotFound />;
  if (outcome === 'not-found' || isApiError(invitation.error, 404)) return withLive(<SurveyNotFound ticketNumber={ticket} />);
  const waiting = latest?.state === 'pending' || latest?.state === 'sending';
  if (invitation.isPending && !waiting) return withLive(<Loading />);

  const onSubmit = (values: SurveySubmit) => {
    setRejected(undefined);
    setSubmitting(true);
    submission
      .submit(values)
      .catch(() => {
        // IndexedDB itself refused (private mode quota, storage disabled), or the engine's chunk could
        // not load (offline before it ever arrived): nothing was kept.
        toast.show({ title: 'Error', description: SURVEY_MSG.surveySubmitFailed, variant: 'destructive' });
      })
      .finally(() => setSubmitting(false));
  };

  const number = invitation.data?.ticketNumber ?? ticket;
  let body;
  if (outcome === 'thanks') body = <SurveyThankYou />;
  else if (waiting && (connectivity === 'offline' || latest.lastError)) {
    body = (
      <Suspense fallback={null}>
        <LazySurveyQueuedView offline={connectivity === 'offline'} onRetry={() => void submission.retryNow()} />
      </Suspense>
    );
  } else if (outcome === 'already' || (invitation.data?.submitted && !waiting)) body = <SurveyAlreadySubmitted />;
  else {
    body = (
      <>
        <p className="muted survey-lead">Please rate the support you received. It takes less than a minute.</p>
        <SurveyForm
          key={rejected ? 'rejected' : 'new'}
          ticketNumber={number}
          token={token}
          presetOverall={presetRating(params.get('rating'))}
          initialValues={rejected?.values}
          pending={waiting || submitting}
          onSubmit={onSubmit}
          serverErrors={rejected?.fieldErrors}
        />
      </>
    );
  }
  return withLive(
    <div className="page page-narrow survey-page">
      <h1>Customer Satisfaction Survey</h1>
      <p className="survey-ticket">Ticket #{number}</p>
      {body}
    </div>,
  );

  /** `content` after the outbox link, which keeps its place (first) in every state. */
  function withLive(content: ReactNode) {
    return (
      <>
        {live}
        {content}
      </>
    );
  }
}
