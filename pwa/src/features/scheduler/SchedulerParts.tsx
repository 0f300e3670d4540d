import { Suspense, lazy } from 'react';
import {
  SCHEDULER_RANGES,
  type SchedulerDashboard,
  type SchedulerRange,
  type SchedulerTicket,
  type SchedulerTicketFilter,
  type TechnicianKpi,
  type TicketStatus,
} from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { CalendarExtras } from '../../lib/calendarSlot';
import { Loading } from '../../lib/ui/Loading';
import type { DashboardState } from './api/useSchedulerDashboard';
import { KanbanBoard } from './KanbanBoard';
import { KpiCards } from './KpiCards';
import { TEXT, rangeLabel, type SchedulerView } from './labels';
import type { MoveMark } from './model';
import { SlaComplianceCard } from './SlaComplianceCard';
import { SchedulerTagFilter, TagBreakdown } from './SchedulerTags';
import { SummaryTiles } from './SummaryTiles';
import { TicketExportCard } from './TicketExportCard';
import { Timeline } from './Timeline';
import { ViewTabs, viewPanelId } from './ViewTabs';

/** Chart.js loads only with this route, and only when a chart is on screen. */
const CreatedResolvedChart = lazy(() => import('./charts/Charts').then((m) => ({ default: m.CreatedResolvedChart })));
const WorkloadChart = lazy(() => import('./charts/Charts').then((m) => ({ default: m.WorkloadChart })));

/** Changes search parameters of the page's URL (null or '' removes one); `replace` unless a new history entry. */
export type UpdateSearch = (changes: Record<string, string | null>, replace?: boolean) => void;

/** The range picker (Today, This Week, This Month), the technician filter and the tag filter (`?tag=`). */
export function SchedulerControls(props: {
  range: SchedulerRange;
  technicianId: string | undefined;
  staff: readonly { id: string; username: string }[];
  tag: string | undefined;
  tagNames: readonly string[];
  update: UpdateSearch;
}) {
  const { range, technicianId, staff, tag, tagNames, update } = props;
  return (
    <div className="sched-controls">
      <fieldset className="sched-range">
        <legend className="sr-only">Time range</legend>
        {SCHEDULER_RANGES.map((r) => (
          <label key={r} className={`sched-range-option${r === range ? ' active' : ''}`}>
            <input type="radio" name="sched-range" value={r} checked={r === range} onChange={() => update({ range: r })} />
            {rangeLabel(r)}
          </label>
        ))}
      </fieldset>
      <div className="sched-filter">
        <label htmlFor="sched-technician" className="sr-only">
          Technician
        </label>
        <select id="sched-technician" className="input" value={technicianId ?? ''} onChange={(e) => update({ technician: e.target.value || null })}>
          <option value="">{TEXT.allTechnicians}</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.username}
            </option>
          ))}
        </select>
      </div>
      <SchedulerTagFilter value={tag} names={tagNames} onChange={(t) => update({ tag: t })} />
    </div>
  );
}

/** How fresh the dashboard is ('Updated ...', or the device's copy 'as of ...'), with Refresh online. */
export function Freshness({ state, generatedAt, online }: { state: DashboardState; generatedAt: string; online: boolean }) {
  return (
    <p className={`sched-freshness${state.status === 'cached' ? ' sched-stale' : ''}`} role="status">
      {state.status === 'cached' ? `${online ? 'Saved on this device' : 'Offline'}: as of ${formatDateTime(generatedAt)}` : `Updated ${formatDateTime(generatedAt)}`}
      {state.refreshing && ' · refreshing...'}
      {online && (
        <button type="button" className="link-button sched-refresh" onClick={state.refetch} disabled={state.refreshing}>
          Refresh
        </button>
      )}
    </p>
  );
}

/** Nothing to show yet: the loading text, or why the dashboard is missing with 'Try again' online. */
export function DashboardMissing({ state, online }: { state: DashboardState; online: boolean }) {
  if (state.status !== 'error') return <Loading text={TEXT.loading} />;
  return (
    <div className="card" role="alert">
      <p>{online ? 'The dashboard could not be loaded.' : 'This dashboard has not been saved on this device yet. Connect to the internet to load it.'}</p>
      {online && (
        <button type="button" className="btn btn-outline btn-small" onClick={state.refetch}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * The summary tiles and the tabs: KPI Metrics (workload chart, one card per technician, tickets by
 * tag, SLA compliance, ticket export; 'Export CSV'), Kanban Board and Calendar View (with other features' calendar
 * extras first, lib/calendarSlot: the recurring visits of the week).
 */
export function DashboardTabs(props: {
  d: SchedulerDashboard;
  view: SchedulerView;
  rows: readonly TechnicianKpi[];
  ownId: string | undefined;
  marks: ReadonlyMap<string, MoveMark>;
  canMove: boolean;
  online: boolean;
  update: UpdateSearch;
  onMove(t: SchedulerTicket, to: TicketStatus): void;
  onOpen(f: SchedulerTicketFilter): void;
  onDetails(k: TechnicianKpi): void;
  onExport(): void;
}) {
  const { d, view, rows, ownId, marks, canMove, online, update, onMove, onOpen, onDetails, onExport } = props;
  return (
    <>
      <SummaryTiles summary={d.summary} onOpen={onOpen} />
      <div className="sched-tabs-row">
        <ViewTabs value={view} onChange={(v) => update({ tab: v === 'kpi' ? null : v })} />
        {view === 'kpi' && (
          <button type="button" className="btn btn-outline btn-small" onClick={onExport} disabled={rows.length === 0}>
            {TEXT.exportCsv}
          </button>
        )}
      </div>
      <div role="tabpanel" id={viewPanelId(view)} aria-labelledby={`sched-tab-${view}`} className="sched-panel">
        {view === 'kpi' && (
          <>
            <div className="sched-kpi-layout">
              <Suspense fallback={<div className="card sched-chart sched-chart-loading" />}>{rows.length > 0 && <WorkloadChart rows={rows} />}</Suspense>
              <KpiCards rows={rows} ownId={ownId} onOpen={onOpen} onDetails={onDetails} />
            </div>
            {/* A snapshot saved before issue 57 has no byTag. */}
            <TagBreakdown rows={(d.byTag as SchedulerDashboard['byTag'] | undefined) ?? []} onPick={(tag) => update({ tag })} />
            <SlaComplianceCard online={online} />
            <TicketExportCard online={online} />
          </>
        )}
        {view === 'kanban' && <KanbanBoard columns={d.kanban} marks={marks} canMove={canMove} onMove={onMove} onOpen={onOpen} />}
        {view === 'calendar' && (
          <div className="sched-calendar">
            <CalendarExtras />
            <Suspense fallback={<div className="card sched-chart sched-chart-loading" />}>
              <CreatedResolvedChart days={d.daily} />
            </Suspense>
            <Timeline tickets={d.timeline} />
          </div>
        )}
      </div>
    </>
  );
}
