import type { SurveyStats } from '@portal/shared';
import { count, hours, percent, rating } from './format';

interface Tile {
  title: string;
  value: string;
  caption: string;
}

/** The seven tiles of SPEC.md 2 "Survey Dashboard", in its order, with their captions. */
export function tilesOf(s: SurveyStats): Tile[] {
  return [
    { title: 'Total Responses', value: count(s.totalResponses), caption: 'Surveys completed in this period' },
    { title: 'Resolution Rate', value: percent(s.resolutionRate), caption: 'Of assigned tickets resolved or closed' },
    { title: 'Avg Resolution Time', value: hours(s.averageResolutionTime), caption: 'Hours from creation to resolution' },
    { title: 'Overall Rating', value: rating(s.averageOverallRating), caption: 'Average out of 5' },
    { title: 'Response Rate', value: percent(s.responseRate), caption: 'Of closed tickets surveyed' },
    { title: 'Total Tickets', value: count(s.totalTickets), caption: 'Created in this period' },
    { title: 'Closed Tickets', value: count(s.closedTickets), caption: 'Resolved or closed' },
  ];
}

/** The tiles; a definition list so each figure is read with its title and caption. */
export function StatTiles({ stats }: { stats: SurveyStats }) {
  return (
    <dl className="sd-tiles">
      {tilesOf(stats).map((t) => (
        <div key={t.title} className="card sd-tile" data-testid={`tile-${t.title}`}>
          <dt className="sd-tile-title">{t.title}</dt>
          <dd className="sd-tile-value">{t.value}</dd>
          <dd className="sd-tile-caption muted">{t.caption}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Seven placeholder tiles while the stats load (SPEC.md 2 "Skeleton tiles show while loading"). */
export function SkeletonTiles() {
  return (
    <div className="sd-tiles" aria-busy="true" aria-label="Loading survey statistics">
      {Array.from({ length: 7 }, (_, i) => (
        <div key={i} className="card sd-tile sd-skeleton" data-testid="skeleton-tile">
          <div className="sd-skel-line sd-skel-title" />
          <div className="sd-skel-line sd-skel-value" />
          <div className="sd-skel-line sd-skel-caption" />
        </div>
      ))}
    </div>
  );
}
