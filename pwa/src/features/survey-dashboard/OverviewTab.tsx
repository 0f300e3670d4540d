import { lazy } from 'react';
import { format, parseISO } from 'date-fns';
import { RATING_LABELS, type SurveyStats } from '@portal/shared';
import { Averages } from './Averages';
import { ChartFigure } from './charts/ChartFigure';
import { FeedbackItem } from './Feedback';
import { rating } from './format';

const RatingDistributionChart = lazy(() => import('./charts/RatingDistributionChart'));
const RatingsOverTimeChart = lazy(() => import('./charts/RatingsOverTimeChart'));

/** Label of a timeline bucket: 'Mar 5' (day), 'Week of Mar 2' (week), 'Mar 2026' (month). */
export function bucketLabel(start: string, bucket: SurveyStats['timeline']['bucket']): string {
  const d = parseISO(start);
  if (bucket === 'month') return format(d, 'MMM yyyy');
  if (bucket === 'week') return `Week of ${format(d, 'MMM d')}`;
  return format(d, 'MMM d');
}

/**
 * Overview (SPEC.md 2): the rating breakdown (the four averages and the distribution of overall
 * ratings as a chart), ratings over time (chart) and the latest 3 feedback items. Each chart has a
 * visually hidden table with its numbers.
 */
export function OverviewTab({ stats }: { stats: SurveyStats }) {
  const overall = stats.ratingDistribution.overallRating;
  const labels = stats.timeline.points.map((p) => bucketLabel(p.start, stats.timeline.bucket));
  return (
    <div className="sd-grid">
      <section className="card sd-breakdown" aria-labelledby="sd-breakdown-title">
        <h2 id="sd-breakdown-title">Rating Breakdown</h2>
        <Averages stats={stats} />
        <ChartFigure
          bare
          id="sd-distribution"
          title="Overall Rating Distribution"
          description={`${stats.totalResponses} responses`}
          chart={<RatingDistributionChart series={[{ label: 'Overall', counts: overall }]} />}
          table={
            <table>
              <caption>Responses per overall rating</caption>
              <thead>
                <tr>
                  <th scope="col">Rating</th>
                  <th scope="col">Responses</th>
                </tr>
              </thead>
              <tbody>
                {overall.map((n, i) => (
                  <tr key={i}>
                    <th scope="row">
                      {i + 1} - {RATING_LABELS[i + 1]}
                    </th>
                    <td>{n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </section>
      <ChartFigure
        id="sd-timeline"
        title="Ratings Over Time"
        description={`Average overall rating and responses per ${stats.timeline.bucket}`}
        chart={<RatingsOverTimeChart points={stats.timeline.points} labels={labels} />}
        table={
          <table>
            <caption>Average overall rating and responses per {stats.timeline.bucket}</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Responses</th>
                <th scope="col">Average overall rating</th>
              </tr>
            </thead>
            <tbody>
              {stats.timeline.points.map((p, i) => (
                <tr key={p.start}>
                  <th scope="row">{labels[i]}</th>
                  <td>{p.responses}</td>
                  <td>{rating(p.averageOverallRating)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <section className="card sd-latest" aria-labelledby="sd-latest-title">
        <h2 id="sd-latest-title">Latest Feedback</h2>
        {stats.recentFeedback.length === 0 ? (
          <p className="muted">No written feedback in this period.</p>
        ) : (
          <ul className="sd-feedback-list">
            {stats.recentFeedback.map((r) => (
              <FeedbackItem key={r.id} r={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
