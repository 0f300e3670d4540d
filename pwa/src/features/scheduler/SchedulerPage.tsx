import { Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  SCHEDULER_RANGES,
  type SchedulerRange,
  type SchedulerTicket,
  type SchedulerTicketFilter,
  type TechnicianKpi,
  type TicketStatus,
} from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { saveBlob } from '../../lib/keptFiles';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { SyncStatus, useConnectivity } from '../../offline';
import { browserTimeZone, type DashboardParams } from './api/keys';
import { useMoveTicket } from './api/useMoveTicket';
import { useSchedulerDashboard } from './api/useSchedulerDashboard';
import { KanbanBoard } from './KanbanBoard';
import { KpiCards } from './KpiCards';
import { TEXT, VIEWS, filterTitle, rangeLabel, type SchedulerView } from './labels';
import { kpiCsv, ownFirst, reflectMoves } from './model';
import { SummaryTiles } from './SummaryTiles';
import { SlaComplianceCard } from './SlaComplianceCard';
import { TicketExportCard } from './TicketExportCard';
import { TechnicianDetailView } from './TechnicianDetailView';
import { TicketListSheet } from './TicketListSheet';
import { Timeline } from './Timeline';
import { ViewTabs, viewPanelId } from './ViewTabs';
import './scheduler.css';

/** Chart.js loads only with this route, and only when a chart is on screen. */
const CreatedResolvedChart = lazy(() => import('./charts/Charts').then((m) => ({ default: m.CreatedResolvedChart })));
const WorkloadChart = lazy(() => import('./charts/Charts').then((m) => ({ default: m.WorkloadChart })));

const DEFAULT_RANGE: SchedulerRange = 'week';

const isRange = (v: string | null): v is SchedulerRange => (SCHEDULER_RANGES as readonly string[]).includes(v ?? '');
const isView = (v: string | null): v is SchedulerView => (VIEWS as readonly string[]).includes(v ?? '');

/** Saves `text` as a CSV file (the export). */
const download = (text: string, fileName: string) => saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);

/**
 * /scheduler 'Scheduler and KPI Dashboard' (SPEC.md 2). Range picker (Today, This Week,
 * This Month in the browser's time zone), technician filter, the seven summary tiles and the tabs
 * KPI Metrics (workload chart and one card per technician, the viewer's own first; CSV export),
 * Kanban Board (moves go through the ticket outbox) and Calendar View (created-vs-resolved chart and
 * 'Ticket Timeline'); 'View Details' opens the technician detail. Range, filter, tab and detail live
 * in the URL (`?range=&technician=&tab=&detail=`), so Back and deep links work. Every count opens
 * the list of its tickets in a sheet.
 */
export default function SchedulerPage() {
  const { user } = useAuth();
  const toast = useToast();
  const online = useConnectivity() === 'online';
  const [search, setSearch] = useSearchParams();
  const range: SchedulerRange = isRange(search.get('range')) ? (search.get('range') as SchedulerRange) : DEFAULT_RANGE;
  const view: SchedulerView = isView(search.get('tab')) ? (search.get('tab') as SchedulerView) : 'kpi';
  const technicianId = search.get('technician') || undefined;
  const detailId = search.get('detail');
  const tz = useMemo(browserTimeZone, []);
  const params: DashboardParams = { range, tz, technicianId };

  const state = useSchedulerDashboard(params);
  const { moves, move, canMove } = useMoveTicket(state.data?.generatedAt, state.refetch);
  const reflected = useMemo(() => (state.data ? reflectMoves(state.data, moves) : undefined), [state.data, moves]);
  const d = reflected?.dashboard;
  const rows = useMemo(() => ownFirst(d?.technicians ?? [], user?.id), [d, user?.id]);
  const [list, setList] = useState<SchedulerTicketFilter | null>(null);

  const update = (changes: Record<string, string | null>, replace = true) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace });
  };

  const staffName = (id: string | undefined) => (id ? d?.staff.find((s) => s.id === id)?.username : undefined);
  const openDetails = (k: TechnicianKpi) => update({ detail: k.technicianId }, false);
  const onMove = (t: SchedulerTicket, to: TicketStatus) => {
    void move(t, to).catch((e: unknown) =>
      toast.show({ title: 'Failed to update ticket. Please try again.', description: e instanceof Error ? e.message : String(e), variant: 'destructive' }),
    );
  };
  const exportCsv = () => {
    const day = new Date().toISOString().slice(0, 10);
    download(kpiCsv(rows), `kpi-${range}-${day}.csv`);
  };

  const controls = (
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
          {(d?.staff ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.username}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  const freshness = d && (
    <p className={`sched-freshness${state.status === 'cached' ? ' sched-stale' : ''}`} role="status">
      {state.status === 'cached'
        ? `${online ? 'Saved on this device' : 'Offline'}: as of ${formatDateTime(d.generatedAt)}`
        : `Updated ${formatDateTime(d.generatedAt)}`}
      {state.refreshing && ' · refreshing...'}
      {online && (
        <button type="button" className="link-button sched-refresh" onClick={state.refetch} disabled={state.refreshing}>
          Refresh
        </button>
      )}
    </p>
  );

  let body;
  if (!d) {
    body =
      state.status === 'error' ? (
        <div className="card" role="alert">
          <p>{online ? 'The dashboard could not be loaded.' : 'This dashboard has not been saved on this device yet. Connect to the internet to load it.'}</p>
          {online && (
            <button type="button" className="btn btn-outline btn-small" onClick={state.refetch}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <Loading text={TEXT.loading} />
      );
  } else if (detailId) {
    body = (
      <TechnicianDetailView
        id={detailId}
        name={staffName(detailId)}
        params={{ range, tz }}
        online={online}
        onBack={() => update({ detail: null })}
        onOpen={setList}
      />
    );
  } else {
    body = (
      <>
        <SummaryTiles summary={d.summary} onOpen={setList} />
        <div className="sched-tabs-row">
          <ViewTabs value={view} onChange={(v) => update({ tab: v === 'kpi' ? null : v })} />
          {view === 'kpi' && (
            <button type="button" className="btn btn-outline btn-small" onClick={exportCsv} disabled={rows.length === 0}>
              {TEXT.exportCsv}
            </button>
          )}
        </div>
        <div role="tabpanel" id={viewPanelId(view)} aria-labelledby={`sched-tab-${view}`} className="sched-panel">
          {view === 'kpi' && (
            <>
              <div className="sched-kpi-layout">
                <Suspense fallback={<div className="card sched-chart sched-chart-loading" />}>
                  {rows.length > 0 && <WorkloadChart rows={rows} />}
                </Suspense>
                <KpiCards rows={rows} ownId={user?.id} onOpen={setList} onDetails={openDetails} />
              </div>
              <SlaComplianceCard online={online} />
              <TicketExportCard online={online} />
            </>
          )}
          {view === 'kanban' && (
            <KanbanBoard columns={d.kanban} marks={reflected!.marks} canMove={canMove} onMove={onMove} onOpen={setList} />
          )}
          {view === 'calendar' && (
            <div className="sched-calendar">
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

  return (
    <div className="page page-wide sched-page">
      <h1>{TEXT.title}</h1>
      <SyncStatus compact />
      {controls}
      {freshness}
      {body}
      <TicketListSheet
        params={params}
        filter={list}
        title={list ? filterTitle(list, range, staffName(list.technicianId ?? technicianId)) : ''}
        online={online}
        onClose={() => setList(null)}
      />
    </div>
  );
}
