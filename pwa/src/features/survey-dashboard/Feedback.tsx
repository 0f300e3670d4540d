import type { SurveyResponse } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Stars } from './Stars';

/** One response's texts: the comment and the suggestion, each labelled. */
export function FeedbackTexts({ r }: { r: SurveyResponse }) {
  return (
    <>
      {r.comments && (
        <p className="sd-quote">
          <span className="sd-quote-label">Comments: </span>
          {r.comments}
        </p>
      )}
      {r.improvements && (
        <p className="sd-quote">
          <span className="sd-quote-label">Suggestions: </span>
          {r.improvements}
        </p>
      )}
    </>
  );
}

/** A feedback card: customer, ticket, time, overall stars and the texts. */
export function FeedbackItem({ r }: { r: SurveyResponse }) {
  return (
    <li className="sd-feedback">
      <div className="sd-feedback-head">
        <strong>{r.customerName ?? 'Customer'}</strong>
        <span className="muted">{r.ticketNumber}</span>
        <Stars value={r.overallRating} small />
      </div>
      <p className="muted sd-feedback-time">
        <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
        {r.assignedTechnicianName && <> · Technician {r.assignedTechnicianName}</>}
      </p>
      <FeedbackTexts r={r} />
    </li>
  );
}
