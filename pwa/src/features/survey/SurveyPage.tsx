import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MSG, RATING_MAX, RATING_MIN, type SurveySubmit } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { useSubmitSurvey } from './api/useSubmitSurvey';
import { useSurveyInvitation } from './api/useSurveyInvitation';
import { SurveyForm } from './SurveyForm';
import { SurveyAlreadySubmitted, SurveyNotFound, SurveyThankYou } from './SurveyViews';
import './survey.css';

type Outcome = 'form' | 'thanks' | 'already' | 'not-found';

/** `rating=N` of a star link in the e-mail: 1-5, else none. */
function presetRating(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n >= RATING_MIN && n <= RATING_MAX ? n : undefined;
}

/**
 * /survey?ticket=TKT-000123&token=... (SPEC.md 2 "Survey", issue 11). The link is checked first
 * (GET, records nothing): no ticket, a bad, expired or foreign token, or a ticket that is not
 * resolved or closed shows 'Survey Not Found'; an answered link says so. Otherwise the form, titled
 * 'Customer Satisfaction Survey' with 'Ticket #{number}'. Only 'Submit Survey' records anything;
 * success shows 'Thank You!' and the SPEC.md 8 toast, a failure the 'Error' toast with the server's
 * message. With no signal the check cannot run: the form is shown anyway.
 */
export default function SurveyPage() {
  const [params] = useSearchParams();
  const ticket = (params.get('ticket') ?? '').trim();
  const token = (params.get('token') ?? '').trim();
  const invitation = useSurveyInvitation(ticket, token);
  const submit = useSubmitSurvey();
  const toast = useToast();
  const [outcome, setOutcome] = useState<Outcome>('form');
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();

  if (!ticket || outcome === 'not-found' || isApiError(invitation.error, 404)) return <SurveyNotFound />;
  if (invitation.isPending) return <Loading />;

  const onSubmit = (values: SurveySubmit) => {
    setServerErrors(undefined);
    submit.mutate(values, {
      onSuccess: () => {
        toast.show({ title: 'Thank you!', description: MSG.surveySubmitted });
        setOutcome('thanks');
      },
      onError: (err) => {
        const message = isApiError(err) ? (err.serverMessage ?? err.message) : MSG.surveySubmitFailed;
        toast.show({ title: 'Error', description: message, variant: 'destructive' });
        if (isApiError(err, 404)) setOutcome('not-found');
        else if (isApiError(err, 409)) setOutcome('already');
        else if (isApiError(err, 400)) setServerErrors(err.fieldErrors);
      },
    });
  };

  const number = invitation.data?.ticketNumber ?? ticket;
  return (
    <div className="page page-narrow survey-page">
      <h1>Customer Satisfaction Survey</h1>
      <p className="survey-ticket">Ticket #{number}</p>
      {outcome === 'thanks' ? (
        <SurveyThankYou />
      ) : outcome === 'already' || invitation.data?.submitted ? (
        <SurveyAlreadySubmitted />
      ) : (
        <>
          <p className="muted survey-lead">Please rate the support you received. It takes less than a minute.</p>
          <SurveyForm
            ticketNumber={number}
            token={token}
            presetOverall={presetRating(params.get('rating'))}
            pending={submit.isPending}
            onSubmit={onSubmit}
            serverErrors={serverErrors}
          />
        </>
      )}
    </div>
  );
}
