import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SURVEY_QUESTIONS, SURVEY_QUESTION_LABELS, SURVEY_TEXT_MAX, type SurveySubmit } from '@portal/shared';
import { whenIdle } from '../../lib/idle';
import { lazyResolver } from '../../lib/lazyResolver';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { RatingQuestion } from './RatingQuestion';
import type { SurveyFormValues } from './surveyResolver';

/**
 * The shared schema validates the form exactly like the API does (SPEC.md 5); it is loaded when the
 * form is idle (surveyResolver.ts), so the form is usable before zod arrives.
 */
const resolver = lazyResolver(() => import('./surveyResolver').then((m) => m.surveyResolver));

/**
 * The survey questions (SPEC.md 2 "Survey"): four required 1-5 star questions, two optional text
 * areas ('Additional Comments', 'How can we improve?') and 'Submit Survey' ('Submitting...' while
 * pending). Invalid input shows each SPEC.md 5 message under its question and sends nothing.
 * `serverErrors` puts a rejected answer's field messages back under the questions.
 * The stars are set with `setValue` and read with `watch`, not with react-hook-form's Controller:
 * the public forms share one chunk of the library, and Controller costs every form page about
 * 1.4 KB gzip before it is usable (issue 58's 110 KB).
 */
export function SurveyForm(props: {
  ticketNumber: string;
  token: string;
  /** Overall rating chosen by a star link in the e-mail (1-5), pre-selected only. */
  presetOverall?: number | undefined;
  /** Values of an answer the server rejected, put back into the form. */
  initialValues?: SurveySubmit | undefined;
  pending: boolean;
  onSubmit(values: SurveySubmit): void;
  serverErrors?: Record<string, string[]> | undefined;
}) {
  const { ticketNumber, token, presetOverall, initialValues, pending, onSubmit, serverErrors } = props;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<SurveyFormValues, unknown, SurveySubmit>({
    resolver,
    defaultValues: {
      ticketNumber,
      token,
      overallRating: initialValues?.overallRating ?? presetOverall ?? 0,
      technicianRating: initialValues?.technicianRating ?? 0,
      responseTimeRating: initialValues?.responseTimeRating ?? 0,
      resolutionRating: initialValues?.resolutionRating ?? 0,
      comments: initialValues?.comments ?? '',
      improvements: initialValues?.improvements ?? '',
    },
  });
  useEffect(() => whenIdle(() => void resolver.preload()), []);
  const messageOf = (field: keyof SurveyFormValues) => errors[field]?.message ?? serverErrors?.[field]?.[0];

  return (
    <form className="card form survey-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Customer satisfaction survey">
      {SURVEY_QUESTIONS.map((q) => {
        // Registered for its focus only (the first invalid question gets it); the value is set here,
        // so react-hook-form never writes the radios' checked state (React owns it).
        const { ref } = register(q);
        return (
          <RatingQuestion
            key={q}
            name={q}
            legend={SURVEY_QUESTION_LABELS[q]}
            value={watch(q)}
            onChange={(n) => setValue(q, n, { shouldDirty: true, shouldTouch: true, shouldValidate: isSubmitted })}
            inputRef={(el) => ref(el && { focus: () => el.focus() })}
            error={messageOf(q)}
          />
        );
      })}
      <FormField id="comments" label="Additional Comments" optional error={messageOf('comments')}>
        <textarea id="comments" className="input textarea" rows={4} maxLength={SURVEY_TEXT_MAX} {...fieldAria('comments', messageOf('comments'))} {...register('comments')} />
      </FormField>
      <FormField id="improvements" label="How can we improve?" optional error={messageOf('improvements')}>
        <textarea id="improvements" className="input textarea" rows={4} maxLength={SURVEY_TEXT_MAX} {...fieldAria('improvements', messageOf('improvements'))} {...register('improvements')} />
      </FormField>
      {messageOf('ticketNumber') && (
        <p className="form-error" role="alert">
          {messageOf('ticketNumber')}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block btn-large" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Survey'}
      </button>
    </form>
  );
}
