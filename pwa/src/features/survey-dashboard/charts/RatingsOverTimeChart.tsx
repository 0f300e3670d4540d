import { Chart } from 'react-chartjs-2';
import type { SurveyTimelinePoint } from '@portal/shared';
import './setup';
import { useChartTheme } from './useChartTheme';

/**
 * Ratings over time: the average overall rating per day/week/month as a line (1-5, left axis) over
 * the number of responses as bars (right axis). Buckets without responses leave a gap in the line.
 */
export default function RatingsOverTimeChart({ points, labels }: { points: SurveyTimelinePoint[]; labels: string[] }) {
  const theme = useChartTheme();
  return (
    <div className="sd-chart-box">
      <Chart
        type="bar"
        aria-hidden="true"
        data={{
          labels,
          datasets: [
            {
              type: 'line' as const,
              label: 'Average overall rating',
              data: points.map((p) => p.averageOverallRating),
              borderColor: theme.series[0],
              backgroundColor: theme.series[0],
              yAxisID: 'rating',
              spanGaps: false,
              tension: 0.25,
              pointRadius: 3,
            },
            {
              type: 'bar' as const,
              label: 'Responses',
              data: points.map((p) => p.responses),
              backgroundColor: theme.dark ? 'rgba(148,163,184,0.35)' : 'rgba(100,116,139,0.25)',
              yAxisID: 'responses',
              borderRadius: 3,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { labels: { color: theme.text } } },
          scales: {
            x: { ticks: { color: theme.text, maxRotation: 0, autoSkip: true }, grid: { display: false } },
            rating: { position: 'left', min: 0, max: 5, ticks: { color: theme.text, stepSize: 1 }, grid: { color: theme.grid }, title: { display: true, text: 'Rating', color: theme.text } },
            responses: { position: 'right', beginAtZero: true, ticks: { color: theme.text, precision: 0 }, grid: { display: false }, title: { display: true, text: 'Responses', color: theme.text } },
          },
        }}
      />
    </div>
  );
}
