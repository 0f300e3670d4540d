import { SURVEY_QUESTIONS, SURVEY_QUESTION_NAMES, type SurveyStats } from '@portal/shared';
import { rating } from './format';
import { Stars } from './Stars';

const AVERAGE_KEY = {
  overallRating: 'averageOverallRating',
  technicianRating: 'averageTechnicianRating',
  responseTimeRating: 'averageResponseTimeRating',
  resolutionRating: 'averageResolutionRating',
} as const;

/** The four questions' average ratings: name, stars and the figure (1 decimal, or N/A). */
export function Averages({ stats }: { stats: SurveyStats }) {
  return (
    <ul className="sd-averages">
      {SURVEY_QUESTIONS.map((q) => (
        <li key={q}>
          <span className="sd-average-name">{SURVEY_QUESTION_NAMES[q]}</span>
          <Stars value={stats[AVERAGE_KEY[q]]} />
          <span className="sd-average-value">{rating(stats[AVERAGE_KEY[q]])}</span>
        </li>
      ))}
    </ul>
  );
}
