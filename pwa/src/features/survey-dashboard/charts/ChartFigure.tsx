import { Suspense, type ReactNode } from 'react';

/**
 * A chart with its text alternative (DESIGN.md 5a): a titled <figure> whose visible part is
 * the canvas (loaded lazily with chart.js) and whose accessible part is a visually hidden table with
 * the same numbers, present even before the chart code arrives. `bare` drops the card frame (a chart
 * inside another card).
 */
export function ChartFigure(props: { id: string; title: string; description?: string; chart: ReactNode; table: ReactNode; bare?: boolean }) {
  const { id, title, description, chart, table, bare } = props;
  return (
    <figure className={`${bare ? '' : 'card '}sd-chart`} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="sd-chart-title">
        {title}
      </figcaption>
      {description && <p className="muted sd-chart-desc">{description}</p>}
      <Suspense fallback={<div className="sd-chart-box sd-skeleton" aria-hidden="true" />}>{chart}</Suspense>
      <div className="sd-visually-hidden">{table}</div>
    </figure>
  );
}
