import { Bar } from 'react-chartjs-2';
import { RATING_LABELS } from '@portal/shared';
import './setup';
import { useChartTheme } from './useChartTheme';

/** One bar set: a question's name and its counts of ratings 1..5. */
export interface DistributionSeries {
  label: string;
  /** Counts of ratings 1..5. */
  counts: readonly number[];
}

/**
 * Bar chart of how many responses gave each rating 1-5 (one bar set per series, coloured per
 * question). Drawn on a canvas that screen readers skip; the figure around it carries the table.
 */
export default function RatingDistributionChart({ series, seriesIndex }: { series: DistributionSeries[]; seriesIndex?: number[] }) {
  const theme = useChartTheme();
  const data = {
    labels: [1, 2, 3, 4, 5].map((n) => [`${n} ★`, RATING_LABELS[n] ?? '']),
    datasets: series.map((s, i) => ({
      label: s.label,
      data: [...s.counts],
      backgroundColor: theme.series[seriesIndex?.[i] ?? i],
      borderRadius: 4,
      maxBarThickness: 48,
    })),
  };
  return (
    <div className="sd-chart-box">
      <Bar
        aria-hidden="true"
        data={data}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: series.length > 1, labels: { color: theme.text } } },
          scales: {
            x: { ticks: { color: theme.text, maxRotation: 0, autoSkip: false, font: { size: 11 } }, grid: { display: false } },
            y: { beginAtZero: true, ticks: { color: theme.text, precision: 0 }, grid: { color: theme.grid }, title: { display: true, text: 'Responses', color: theme.text } },
          },
        }}
      />
    </div>
  );
}
