import { useQuery } from '@tanstack/react-query';
import type { SlaCompliance, TimeReport, VisitFiguresRow } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { useConnectivity } from '../../offline';
import { CLIENTS_TEXT as T } from './texts';

/** '3 h 20 min' / '45 min' / '0 min'. */
export function hoursText(m: number): string {
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}

/** 'met of counted (share)', or 'No targets due yet' when none was met or breached. */
export function shareText(met: number, breached: number): string {
  return met + breached === 0 ? T.noTargetsDue : `${met} of ${met + breached} met (${Math.round((100 * met) / (met + breached))}%)`;
}

/** '3 parts · 120.50' (the priced parts' value; '0' without parts). */
export function partsText(rows: readonly VisitFiguresRow[]): string {
  const lines = rows.reduce((n, r) => n + r.partLines, 0);
  const total = rows.reduce((n, r) => n + r.partsTotal, 0);
  return lines === 0 ? '0' : `${lines} part${lines === 1 ? '' : 's'}${total > 0 ? ` · ${total.toFixed(2)}` : ''}`;
}

/** This UTC month so far: first day .. today (YYYY-MM-DD). */
export function monthRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * 'This month' on the client card (issue 50 item 5): time recorded on the client's tickets this UTC
 * month (total, billable, not billable; GET /api/time-report?clientId=) and the SLA compliance of its
 * tickets created this month (GET /api/sla-compliance?clientId=), and its on-site visits this month
 * (visits, time on site, parts: the report's `visits`, issue 54). Server figures: online only; the
 * last figures read stay on screen offline while the page is open.
 */
export function MonthFigures({ clientId }: { clientId: string }) {
  const online = useConnectivity() === 'online';
  const { from, to } = monthRange();
  const qs = `from=${from}&to=${to}&clientId=${clientId}`;
  const time = useQuery<TimeReport>({ queryKey: ['time-report', qs], queryFn: ({ signal }) => apiGet<TimeReport>(`/api/time-report?${qs}`, { signal }), enabled: online });
  const sla = useQuery<SlaCompliance>({ queryKey: ['sla-compliance', qs], queryFn: ({ signal }) => apiGet<SlaCompliance>(`/api/sla-compliance?${qs}`, { signal }), enabled: online });
  const row = sla.data?.clients[0];
  const body =
    !time.data || !sla.data ? (
      <p className="muted">{!online ? T.figuresOffline : time.isError || sla.isError ? T.figuresFailed : T.figuresLoading}</p>
    ) : (
      <dl className="client-figures">
        <div>
          <dt>{T.timeRecorded}</dt>
          <dd>{hoursText(time.data.totalMinutes)}</dd>
        </div>
        <div>
          <dt>{T.billable}</dt>
          <dd>{hoursText(time.data.billableMinutes)}</dd>
        </div>
        <div>
          <dt>{T.notBillable}</dt>
          <dd>{hoursText(time.data.totalMinutes - time.data.billableMinutes)}</dd>
        </div>
        <div>
          <dt>{T.visitsMonth}</dt>
          <dd>{time.data.visitCount ?? 0}</dd>
        </div>
        <div>
          <dt>{T.visitTime}</dt>
          <dd>{hoursText(time.data.visitMinutes ?? 0)}</dd>
        </div>
        <div>
          <dt>{T.partsValue}</dt>
          <dd>{partsText(time.data.visits ?? [])}</dd>
        </div>
        <div>
          <dt>{T.firstResponse}</dt>
          <dd>{row ? shareText(row.responseMet, row.responseBreached) : T.noTickets}</dd>
        </div>
        <div>
          <dt>{T.resolution}</dt>
          <dd>{row ? shareText(row.resolutionMet, row.resolutionBreached) : T.noTickets}</dd>
        </div>
      </dl>
    );
  return (
    <section className="client-section" aria-labelledby="client-month">
      <h2 id="client-month">{T.thisMonth}</h2>
      {body}
    </section>
  );
}
