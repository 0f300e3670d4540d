import { IonBadge } from '@ionic/react';
import { TICKET_STATUSES, TICKET_STATUS_LABELS, type SchedulerTicketFilter, type TechnicianKpi } from '@portal/shared';
import { TEXT, WORKLOAD_COLORS, WORKLOAD_LABELS, hoursText, minutesText, satisfactionText, surveysText } from './labels';

/**
 * The workload badge (SPEC.md 4: light / moderate / heavy from open plus in-progress tickets);
 * a button that lists those active tickets when `onOpen` is given.
 */
export function WorkloadBadge({ kpi, onOpen }: { kpi: TechnicianKpi; onOpen?: (f: SchedulerTicketFilter) => void }) {
  const label = `${WORKLOAD_LABELS[kpi.workload]} · ${kpi.activeTickets} active`;
  const badge = (
    <IonBadge color={WORKLOAD_COLORS[kpi.workload]} data-workload={kpi.workload}>
      {label}
    </IonBadge>
  );
  if (!onOpen) return badge;
  return (
    <button
      type="button"
      className="badge-button"
      aria-label={`Workload ${WORKLOAD_LABELS[kpi.workload]}: ${kpi.activeTickets} active tickets. Show them`}
      onClick={() => onOpen({ scope: 'active', technicianId: kpi.technicianId })}
    >
      {badge}
    </button>
  );
}

/** Counts per status of one technician; each count lists its tickets. */
export function StatusCounts({ kpi, onOpen }: { kpi: TechnicianKpi; onOpen(f: SchedulerTicketFilter): void }) {
  const id = kpi.technicianId;
  return (
    <dl className="kpi-counts">
      <div>
        <dt>Total</dt>
        <dd>
          <button type="button" className="count-button" data-count="total" aria-label={`Total: ${kpi.total}. Show ${kpi.username}'s tickets`} onClick={() => onOpen({ technicianId: id })}>
            {kpi.total}
          </button>
        </dd>
      </div>
      {TICKET_STATUSES.map((s) => (
        <div key={s}>
          <dt>{TICKET_STATUS_LABELS[s]}</dt>
          <dd>
            <button
              type="button"
              className="count-button"
              data-count={s}
              aria-label={`${TICKET_STATUS_LABELS[s]}: ${kpi.byStatus[s]}. Show ${kpi.username}'s ${TICKET_STATUS_LABELS[s].toLowerCase()} tickets`}
              onClick={() => onOpen({ technicianId: id, status: s })}
            >
              {kpi.byStatus[s]}
            </button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Average resolution, resolution rate, satisfaction with survey count, first response (SPEC.md 2). */
export function KpiFigures({ kpi }: { kpi: TechnicianKpi }) {
  return (
    <dl className="kpi-figures">
      <div>
        <dt>Avg Resolution</dt>
        <dd data-figure="avgResolution">{hoursText(kpi.avgResolutionHours)}</dd>
      </div>
      <div>
        <dt>Resolution Rate</dt>
        <dd data-figure="resolutionRate">{kpi.resolutionRate}%</dd>
      </div>
      <div>
        <dt>Satisfaction</dt>
        <dd data-figure="satisfaction">
          {satisfactionText(kpi.satisfactionPercent)} <span className="muted">({surveysText(kpi.surveyCount)})</span>
        </dd>
      </div>
      <div>
        <dt>First Response</dt>
        <dd data-figure="firstResponse">{minutesText(kpi.avgFirstResponseMinutes)}</dd>
      </div>
    </dl>
  );
}

/**
 * Tab 'KPI Metrics' (SPEC.md 2): one card per technician with counts per status, average
 * resolution time, resolution rate, satisfaction with survey count, first response time, a workload
 * badge and 'View Details'. `rows` come already ordered (the viewer's own card first).
 */
export function KpiCards(props: {
  rows: readonly TechnicianKpi[];
  ownId: string | undefined;
  onOpen(f: SchedulerTicketFilter): void;
  onDetails(kpi: TechnicianKpi): void;
}) {
  const { rows, ownId, onOpen, onDetails } = props;
  if (rows.length === 0) return <p className="card muted">No technicians yet.</p>;
  return (
    <ul className="kpi-grid">
      {rows.map((k) => (
        <li key={k.technicianId}>
          <article className="card kpi-card" aria-labelledby={`kpi-${k.technicianId}`} data-technician={k.username}>
            <header className="kpi-card-head">
              <h3 id={`kpi-${k.technicianId}`}>
                {k.username}
                {k.technicianId === ownId && <span className="muted kpi-you"> (you)</span>}
              </h3>
              <WorkloadBadge kpi={k} onOpen={onOpen} />
            </header>
            <StatusCounts kpi={k} onOpen={onOpen} />
            <KpiFigures kpi={k} />
            <button type="button" className="btn btn-outline btn-small" onClick={() => onDetails(k)} aria-label={`${TEXT.viewDetails} of ${k.username}`}>
              {TEXT.viewDetails}
            </button>
          </article>
        </li>
      ))}
    </ul>
  );
}
