import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SurveyStats } from '@portal/shared';
import { SkeletonTiles, StatTiles, tilesOf } from './StatTiles';
import { bucketLabel } from './OverviewTab';

const empty: SurveyStats = {
  totalResponses: 0,
  resolutionRate: null,
  averageResolutionTime: null,
  averageOverallRating: null,
  averageTechnicianRating: null,
  averageResponseTimeRating: null,
  averageResolutionRating: null,
  responseRate: null,
  totalTickets: 0,
  closedTickets: 0,
  technicianPerformance: [],
  days: 30,
  since: '2026-03-01T12:00:00.000Z',
  invitationsSent: 0,
  invitationsAnswered: 0,
  ratingDistribution: { overallRating: [0, 0, 0, 0, 0], technicianRating: [0, 0, 0, 0, 0], responseTimeRating: [0, 0, 0, 0, 0], resolutionRating: [0, 0, 0, 0, 0] },
  timeline: { bucket: 'day', points: [] },
  recentFeedback: [],
};

describe('survey dashboard tiles (SPEC.md 2)', () => {
  it('are the seven SPEC.md tiles in order, with the response rate caption', () => {
    expect(tilesOf(empty).map((t) => t.title)).toEqual([
      'Total Responses',
      'Resolution Rate',
      'Avg Resolution Time',
      'Overall Rating',
      'Response Rate',
      'Total Tickets',
      'Closed Tickets',
    ]);
    expect(tilesOf(empty).find((t) => t.title === 'Response Rate')!.caption).toBe('Of closed tickets surveyed');
  });

  it('format percents, one-decimal ratings and hours, counts, and N/A without data', () => {
    const s = { ...empty, totalResponses: 1234, resolutionRate: 80, averageResolutionTime: 4.8, averageOverallRating: 3, responseRate: 67, totalTickets: 7, closedTickets: 5 };
    expect(tilesOf(s).map((t) => t.value)).toEqual(['1,234', '80%', '4.8', '3.0', '67%', '7', '5']);
    expect(tilesOf(empty).map((t) => t.value)).toEqual(['0', 'N/A', 'N/A', 'N/A', 'N/A', '0', '0']);
  });

  it('render as a definition list, and seven busy skeletons while loading', () => {
    render(<StatTiles stats={empty} />);
    expect(within(screen.getByTestId('tile-Response Rate')).getByText('Of closed tickets surveyed')).toBeTruthy();
    render(<SkeletonTiles />);
    expect(screen.getAllByTestId('skeleton-tile')).toHaveLength(7);
    expect(screen.getByLabelText('Loading survey statistics').getAttribute('aria-busy')).toBe('true');
  });

  it('label timeline buckets by day, week and month', () => {
    expect(bucketLabel('2026-03-05', 'day')).toBe('Mar 5');
    expect(bucketLabel('2026-03-02', 'week')).toBe('Week of Mar 2');
    expect(bucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });
});
