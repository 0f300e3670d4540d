import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SURVEY_RANGE_DAYS, SURVEY_RANGE_DAYS } from '@portal/shared';
import { useSurveyStats } from './api/useSurveyStats';
import { DashboardTabs, panelId, tabId, type DashboardTab } from './DashboardTabs';
import { DetailedTab } from './DetailedTab';
import { RANGE_OPTIONS } from './format';
import { OverviewTab } from './OverviewTab';
import { ResponsesTab } from './ResponsesTab';
import { SkeletonTiles, StatTiles } from './StatTiles';
import { TechnicianTab } from './TechnicianTab';
import { ErrorState } from '../../lib/ui/States';
import { ConnectionNotice, NotLoaded, useScreenConnection } from '../../lib/ui/ServerConnection';
import { isSurveyDashboardQuery } from './api/keys';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import './dashboard.css';

/** `?days=` of the URL when it is one of 7/30/90/365, else 30 (SPEC.md 9). */
function daysFrom(raw: string | null): number {
  const n = Number(raw);
  return (SURVEY_RANGE_DAYS as readonly number[]).includes(n) ? n : DEFAULT_SURVEY_RANGE_DAYS;
}

/**
 * /survey-dashboard (SPEC.md 2 "Survey Dashboard"; technicians and admins): the range
 * select (kept in the URL as `?days=`), the seven tiles (skeletons while loading), and the tabs
 * Overview, Technician Performance, Detailed Ratings and Recent Responses. Every figure comes from
 * GET /api/surveys/stats (computed in SQL); charts load with chart.js only on this route. Without a
 * server: the last loaded figures, or 'Not loaded yet: ...' in each part never loaded (the tiles, the
 * tab), and the notice's 'as of' counts only this screen's stats and responses (isSurveyDashboardQuery).
 */
export default function SurveyDashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = daysFrom(params.get('days'));
  const [tab, setTab] = useState<DashboardTab>('overview');
  const stats = useSurveyStats(days);
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isSurveyDashboardQuery });
  // Skeletons only while an answer can come; the last loaded figures stay on screen when a reload fails.
  const waiting = !stats.data && !stats.isError && !connection.offline;

  return (
    <div className="page page-wide sd-page">
      <div className="sd-head">
        <div>
          <h1>Survey Dashboard</h1>
          <p className="muted sd-lead">Customer satisfaction and ticket resolution for the selected period.</p>
        </div>
        <div className="form-field sd-range">
          <label htmlFor="sd-range" className="form-label">
            Time range
          </label>
          <select
            id="sd-range"
            className="input"
            value={days}
            onChange={(e) => setParams(e.target.value === String(DEFAULT_SURVEY_RANGE_DAYS) ? {} : { days: e.target.value }, { replace: true })}
          >
            {RANGE_OPTIONS.map((o) => (
              <option key={o.days} value={o.days}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <SyncStatus compact />
      <ConnectionNotice connection={connection} writes={false} />
      {stats.data ? (
        <StatTiles stats={stats.data} />
      ) : waiting ? (
        <SkeletonTiles />
      ) : stats.isError && !connection.offline ? (
        <ErrorState text="The survey statistics could not be loaded." error={stats.error} onRetry={() => void stats.refetch()} className="card" />
      ) : (
        <NotLoaded className="card" />
      )}

      <DashboardTabs value={tab} onChange={setTab} />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="sd-panel">
        {tab === 'responses' ? (
          <ResponsesTab days={days} offline={connection.offline} />
        ) : !stats.data ? (
          waiting ? <div className="card sd-panel-skeleton sd-skeleton" aria-hidden="true" /> : connection.offline ? <NotLoaded /> : null
        ) : tab === 'overview' ? (
          <OverviewTab stats={stats.data} />
        ) : tab === 'technicians' ? (
          <TechnicianTab rows={stats.data.technicianPerformance} />
        ) : (
          <DetailedTab stats={stats.data} />
        )}
      </div>
    </div>
  );
}
