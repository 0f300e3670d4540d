import { SURVEY_QUESTIONS, SURVEY_QUESTION_NAMES, type SurveyResponse } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { NotLoaded } from '../../lib/ui/ServerConnection';
import { useSurveyResponses } from './api/useSurveyResponses';
import { FeedbackTexts } from './Feedback';
import { Stars } from './Stars';

/**
 * Recent Responses (SPEC.md 2): every response of the range, newest first, with customer name, time,
 * the four ratings, comments and suggestions. Pages of 20 ('Load More'); a table from 992 px, cards
 * on phones. `offline`: the server cannot be reached (lib/ui/ServerConnection); 'Load More' then waits.
 */
export function ResponsesTab({ days, offline }: { days: number; offline: boolean }) {
  const q = useSurveyResponses(days);
  const rows = q.data?.pages.flatMap((p) => p.items);
  // Offline with nothing loaded: the page's connection notice says so; no skeleton, no false empty list.
  if (!rows && offline) return <NotLoaded />;
  return (
    <div className="sd-responses">
      <ResponsiveList
        rows={rows}
        rowKey={(r) => r.id}
        columns={COLUMNS}
        card={(r) => <ResponseCard r={r} />}
        label="Recent responses"
        empty="No survey responses in this period."
        loadingText="Loading responses..."
        error={rows ? null : q.error}
        errorText="The responses could not be loaded."
        rowAttrs={(r) => ({ 'data-ticket': r.ticketNumber })}
        classes={{ wrap: 'card sd-table-wrap', table: 'sd-table', list: 'sd-cards', card: 'card sd-response', empty: 'card', error: 'card' }}
      />
      {q.hasNextPage && (
        <button type="button" className="btn btn-outline sd-more" disabled={q.isFetchingNextPage || offline} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
      )}
    </div>
  );
}

const COLUMNS: ListColumn<SurveyResponse>[] = [
  {
    id: 'customer',
    header: 'Customer',
    rowHeader: true,
    cell: (r) => (
      <>
        {r.customerName ?? 'Customer'}
        <div className="muted sd-sub">{r.ticketNumber}</div>
      </>
    ),
  },
  { id: 'time', header: 'Time', cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>, className: 'nowrap' },
  ...SURVEY_QUESTIONS.map((k): ListColumn<SurveyResponse> => ({ id: k, header: SURVEY_QUESTION_NAMES[k], cell: (r) => <Stars value={r[k]} small /> })),
  { id: 'texts', header: 'Comments and Suggestions', cell: (r) => <FeedbackTexts r={r} />, className: 'sd-texts' },
];

/** Phones: one response with its four ratings. */
function ResponseCard({ r }: { r: SurveyResponse }) {
  return (
    <>
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
    </>
  );
}
