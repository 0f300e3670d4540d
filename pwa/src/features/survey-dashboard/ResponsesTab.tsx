import { SURVEY_QUESTIONS, SURVEY_QUESTION_NAMES, type SurveyResponse } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { useSurveyResponses } from './api/useSurveyResponses';
import { FeedbackTexts } from './Feedback';
import { Stars } from './Stars';

/**
 * Recent Responses (SPEC.md 2): every response of the range, newest first, with customer name, time,
 * the four ratings, comments and suggestions. Pages of 20 ('Load More'); a table from 992 px, cards
 * on phones.
 */
export function ResponsesTab({ days }: { days: number }) {
  const q = useSurveyResponses(days);
  const desktop = useIsDesktop();
  if (q.isPending) return <Loading text="Loading responses..." />;
  if (q.isError) {
    return (
      <p className="card form-error" role="alert">
        The responses could not be loaded. {q.error.message}
      </p>
    );
  }
  const rows = q.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <p className="card muted">No survey responses in this period.</p>;
  return (
    <div className="sd-responses">
      {desktop ? <ResponseTable rows={rows} /> : <ResponseCards rows={rows} />}
      {q.hasNextPage && (
        <button type="button" className="btn btn-outline sd-more" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
      )}
    </div>
  );
}

function ResponseTable({ rows }: { rows: SurveyResponse[] }) {
  return (
    <div className="card sd-table-wrap">
      <table className="sd-table" aria-label="Recent responses">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Time</th>
            {SURVEY_QUESTIONS.map((k) => (
              <th key={k} scope="col">
                {SURVEY_QUESTION_NAMES[k]}
              </th>
            ))}
            <th scope="col">Comments and Suggestions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-ticket={r.ticketNumber}>
              <th scope="row">
                {r.customerName ?? 'Customer'}
                <div className="muted sd-sub">{r.ticketNumber}</div>
              </th>
              <td className="nowrap">
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </td>
              {SURVEY_QUESTIONS.map((k) => (
                <td key={k}>
                  <Stars value={r[k]} small />
                </td>
              ))}
              <td className="sd-texts">
                <FeedbackTexts r={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResponseCards({ rows }: { rows: SurveyResponse[] }) {
  return (
    <ul className="sd-cards">
      {rows.map((r) => (
        <li key={r.id} className="card sd-response" data-ticket={r.ticketNumber}>
          <div className="sd-feedback-head">
            <strong>{r.customerName ?? 'Customer'}</strong>
            <span className="muted">{r.ticketNumber}</span>
          </div>
          <p className="muted sd-feedback-time">
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </p>
          <dl className="sd-ratings">
            {SURVEY_QUESTIONS.map((k) => (
              <div key={k}>
                <dt>{SURVEY_QUESTION_NAMES[k]}</dt>
                <dd>
                  <Stars value={r[k]} small />
                </dd>
              </div>
            ))}
          </dl>
          <FeedbackTexts r={r} />
        </li>
      ))}
    </ul>
  );
}
