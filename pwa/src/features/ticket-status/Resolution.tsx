import { STATUS_TEXT, type TicketStatusView } from '@portal/shared';

/**
 * What a resolved ticket's customer needs on the status page (issue 56: both were only in the
 * e-mail): the resolution text, and while the survey is open the link to rate the support (the
 * invitation e-mail's link and words), with the date it works until.
 */
export function Resolution({ view, formatTime }: { view: TicketStatusView; formatTime: (iso: string) => string }) {
  if (!view.resolution && !view.survey) return null;
  return (
    <>
      {view.resolution && (
        <section className="card status-resolution" aria-labelledby="status-resolution-h">
          <h2 id="status-resolution-h">{STATUS_TEXT.resolutionHeading}</h2>
          <p className="status-event-body">{view.resolution}</p>
        </section>
      )}
      {view.survey && (
        <section className="card status-survey" aria-labelledby="status-survey-h">
          <h2 id="status-survey-h">{STATUS_TEXT.surveyHeading}</h2>
          <p>{STATUS_TEXT.surveyLead}</p>
          <a className="btn btn-primary" href={view.survey.path}>
            {STATUS_TEXT.surveyButton}
          </a>
          {formatTime(view.survey.expiresAt) && <p className="muted">The link works until {formatTime(view.survey.expiresAt)}.</p>}
        </section>
      )}
    </>
  );
}
