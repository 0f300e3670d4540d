import { useMemo, useState } from 'react';
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
import { useToast } from '../../lib/toast';
import { SyncStatus, useConnectivity } from '../../offline';
import { browserTimeZone, type DashboardParams } from './api/keys';
import { useMoveTicket } from './api/useMoveTicket';
import { useSchedulerDashboard } from './api/useSchedulerDashboard';
import { TEXT, VIEWS, filterTitle, type SchedulerView } from './labels';
import { kpiCsv, ownFirst, reflectMoves } from './model';
import { DashboardMissing, DashboardTabs, Freshness, SchedulerControls, type UpdateSearch } from './SchedulerParts';
import { TechnicianDetailView } from './TechnicianDetailView';
import { TicketListSheet } from './TicketListSheet';
import { tagOptions } from './SchedulerTags';
import { useTagNames } from '../../lib/ui/TagSelect';
import './scheduler.css';

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
 * in the URL (`?range=&technician=&tag=&tab=&detail=`), so Back and deep links work. The 'Tag' filter
 * (issue 57) narrows every figure to tickets having that tag; 'Tickets by tag' counts the range per tag. Every count opens
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
  const tag = search.get('tag') || undefined;
  const detailId = search.get('detail');
  const tz = useMemo(browserTimeZone, []);
  const params: DashboardParams = { range, tz, technicianId, tag };
  const listedTags = useTagNames(online).data;

  const state = useSchedulerDashboard(params);
  const { moves, move, canMove } = useMoveTicket(state.data?.generatedAt, state.refetch);
  const reflected = useMemo(() => (state.data ? reflectMoves(state.data, moves) : undefined), [state.data, moves]);
  const d = reflected?.dashboard;
  const rows = useMemo(() => ownFirst(d?.technicians ?? [], user?.id), [d, user?.id]);
  const [list, setList] = useState<SchedulerTicketFilter | null>(null);

  const update: UpdateSearch = (changes, replace = true) => {
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

  let body;
  if (!d) body = <DashboardMissing state={state} online={online} />;
  else if (detailId) {
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
      <DashboardTabs
        {...{ d, view, rows, canMove, online, update, onMove }}
        ownId={user?.id}
        marks={reflected!.marks}
        onOpen={setList}
        onDetails={openDetails}
        onExport={exportCsv}
      />
    );
  }

  return (
    <div className="page page-wide sched-page">
      <h1>{TEXT.title}</h1>
      <SyncStatus compact />
      <SchedulerControls
        range={range}
        technicianId={technicianId}
        staff={d?.staff ?? []}
        tag={tag}
        tagNames={tagOptions(listedTags ?? [], d?.byTag ?? [], tag)}
        update={update}
      />
      {d && <Freshness state={state} generatedAt={d.generatedAt} online={online} />}
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
