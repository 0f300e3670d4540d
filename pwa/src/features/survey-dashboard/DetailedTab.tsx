import { lazy } from 'react';
import { SURVEY_QUESTIONS, SURVEY_QUESTION_NAMES, type SurveyStats } from '@portal/shared';
import { Averages } from './Averages';
import { ChartFigure } from './charts/ChartFigure';
import { ratingLabel } from './format';

const RatingDistributionChart = lazy(() => import('./charts/RatingDistributionChart'));

/**
 * Detailed Ratings (SPEC.md 2): each question's average, and how many responses gave each rating
 * 1-5 per question (a grouped bar chart with its table).
 */
export function DetailedTab({ stats }: { stats: SurveyStats }) {
  const d = stats.ratingDistribution;
  return (
    <div className="sd-grid sd-detailed">
      <section className="card sd-detailed-averages" aria-labelledby="sd-detailed-averages">
        <h2 id="sd-detailed-averages">Average per Question</h2>
        <Averages stats={stats} />
      </section>
      <ChartFigure
        id="sd-detailed"
        title="Rating Distribution per Question"
        description={`${stats.totalResponses} responses`}
        chart={<RatingDistributionChart series={SURVEY_QUESTIONS.map((q) => ({ label: SURVEY_QUESTION_NAMES[q], counts: d[q] }))} />}
        table={
          <table>
            <caption>Responses per rating and question</caption>
            <thead>
              <tr>
                <th scope="col">Rating</th>
                {SURVEY_QUESTIONS.map((q) => (
                  <th key={q} scope="col">
                    {SURVEY_QUESTION_NAMES[q]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[1, 2, 3, 4, 5].map((n) => (
                <tr key={n}>
                  <th scope="row">{ratingLabel(n)}</th>
                  {SURVEY_QUESTIONS.map((q) => (
                    <td key={q}>{d[q][n - 1]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
