import { Link } from 'react-router-dom';
import { IonBadge } from '@ionic/react';
import {
  SEVERITY_NAMES,
  TICKET_STATUS_LABELS,
  type SchedulerTicketFilter,
  type SurveyStars,
  type TechnicianDetailTicket,
  type TicketUpdateEntry,
} from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { WorkHistoryList } from '../../lib/ui/WorkHistoryList';
import { useTechnicianDetail } from './api/useTechnicianDetail';
import type { DashboardParams } from './api/keys';
import { StatusCounts, WorkloadBadge } from './KpiCards';
import { TEXT, clientLabel, hoursText, satisfactionText, severityColor, stars, statusColor, surveysText } from './labels';

/** A 1-5 rating as stars with its spoken form. */
export function Stars({ rating }: { rating: number }) {
  const s = stars(rating);
  return (
    <span className="stars" role="img" aria-label={s.label}>
      {s.text}
    </span>
  );
}

const STAR_ROWS: { key: keyof SurveyStars; label: string }[] = [
  { key: 'overallRating', label: 'Overall' },
  { key: 'technicianRating', label: 'Technician' },
  { key: 'responseTimeRating', label: 'Response Time' },
  { key: 'resolutionRating', label: 'Resolution' },
];

/** 'Work History' of one ticket, newest first, with the shared list (reply / internal-note marks included). */
function History({ entries, ticketId }: { entries: readonly TicketUpdateEntry[]; ticketId: string }) {
  return (
    <section className="work-history" aria-labelledby={`history-${ticketId}`}>
      <h4 id={`history-${ticketId}`}>{TEXT.workHistory}</h4>
      <WorkHistoryList entries={entries} label={`${TEXT.workHistory}, newest first`} />
    </section>
  );
}

/** One assigned ticket: severity, status, client, created time, survey technician rating, issue, resolution, history. */
function AssignedTicket({ t }: { t: TechnicianDetailTicket }) {
  return (
    <li className="card detail-ticket" data-ticket={t.ticketNumber}>
      <header className="ticket-card-head">
        <h3 className="ticket-card-title">
          <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>
        </h3>
        <div className="badges">
          <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
          <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
        </div>
      </header>
      <p className="ticket-client">
        <strong>{clientLabel(t)}</strong>
        {t.businessName && <span className="muted"> · {t.businessName}</span>}
      </p>
      <p className="muted detail-meta">
        Created <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        {t.survey && (
          <>
            {' · '}Technician rating <Stars rating={t.survey.technicianRating} />
          </>
        )}
      </p>
      <p className="ticket-issue detail-issue">{t.issue}</p>
      {t.resolution && (
        <p className="detail-resolution">
          <strong>Resolution:</strong> {t.resolution}
        </p>
      )}
      <History entries={t.history} ticketId={t.id} />
    </li>
  );
}

/**
 * Technician detail (SPEC.md 2): back button, '{technician} - Performance Dashboard', workload
 * badge, tiles Total Tickets / Resolution Rate / Avg Resolution (hours) / Satisfaction (percent or
 * N/A, with survey count), counts per status (each lists its tickets), 'Assigned Tickets' newest
 * first with their 'Work History', and 'Customer Feedback' with four star rows per survey.
 * Needs the network; offline it says so instead of an error.
 */
export function TechnicianDetailView(props: {
  id: string;
  name: string | undefined;
  params: Omit<DashboardParams, 'technicianId'>;
  online: boolean;
  onBack(): void;
  onOpen(f: SchedulerTicketFilter): void;
}) {
  const { id, name, params, online, onBack, onOpen } = props;
  const q = useTechnicianDetail(online ? id : null, params);
  const first = q.data?.pages[0];
  const tickets = q.data?.pages.flatMap((p) => p.tickets) ?? [];
  const kpi = first?.kpi;
  const title = `${kpi?.username ?? name ?? ''} - Performance Dashboard`;
  return (
    <section className="sched-detail" aria-labelledby="detail-heading">
      <button type="button" className="btn btn-outline btn-small" onClick={onBack}>
        ← {TEXT.back}
      </button>
      <div className="detail-title">
        <h2 id="detail-heading">{title}</h2>
        {kpi && <WorkloadBadge kpi={kpi} onOpen={onOpen} />}
      </div>
      {!online ? (
        <p className="muted" role="status">
          {TEXT.needsNetwork}
        </p>
      ) : q.isPending ? (
        <Loading text={TEXT.loading} />
      ) : q.isError || !kpi ? (
        <p role="alert">Could not load this technician. Check the connection and try again.</p>
      ) : (
        <>
          <ul className="sched-tiles detail-tiles" aria-label="Performance">
            <li>
              <button type="button" className="sched-tile" data-tile="total" onClick={() => onOpen({ technicianId: id })} aria-label={`Total Tickets: ${kpi.total}. Show them`}>
                <span className="sched-tile-value">{kpi.total}</span>
                <span className="sched-tile-label">Total Tickets</span>
              </button>
            </li>
            <li>
              <div className="sched-tile" data-tile="resolutionRate">
                <span className="sched-tile-value">{kpi.resolutionRate}%</span>
                <span className="sched-tile-label">Resolution Rate</span>
              </div>
            </li>
            <li>
              <div className="sched-tile" data-tile="avgResolution">
                <span className="sched-tile-value">{kpi.avgResolutionHours ?? TEXT.notAvailable}</span>
                <span className="sched-tile-label">Avg Resolution (hours)</span>
              </div>
            </li>
            <li>
              <div className="sched-tile" data-tile="satisfaction">
                <span className="sched-tile-value">{satisfactionText(kpi.satisfactionPercent)}</span>
                <span className="sched-tile-label">Satisfaction ({surveysText(kpi.surveyCount)})</span>
              </div>
            </li>
          </ul>
          <div className="card">
            <StatusCounts kpi={kpi} onOpen={onOpen} />
            <p className="muted detail-note">
              Average resolution {hoursText(kpi.avgResolutionHours)}; first response {kpi.avgFirstResponseMinutes === null ? TEXT.notAvailable : `${kpi.avgFirstResponseMinutes} min`}.
            </p>
          </div>
          <div className="detail-columns">
            <section aria-labelledby="assigned-heading">
              <h3 id="assigned-heading">{TEXT.assignedTickets}</h3>
              {tickets.length === 0 ? (
                <p className="muted empty">{TEXT.noTicketsAssigned}</p>
              ) : (
                <ol className="detail-tickets">
                  {tickets.map((t) => (
                    <AssignedTicket key={t.id} t={t} />
                  ))}
                </ol>
              )}
              {q.hasNextPage && (
                <button type="button" className="btn btn-outline btn-block" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                  {q.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </button>
              )}
            </section>
            <section aria-labelledby="feedback-heading">
              <h3 id="feedback-heading">{TEXT.customerFeedback}</h3>
              {first.feedback.length === 0 ? (
                <p className="muted">No survey responses in this period.</p>
              ) : (
                <ul className="feedback-list">
                  {first.feedback.map((f) => (
                    <li key={f.id} className="card feedback-item" data-survey={f.ticketNumber}>
                      <div className="history-head">
                        <strong>{f.customerName ?? 'Customer'}</strong>
                        <span className="muted">
                          {f.ticketNumber} · <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
                        </span>
                      </div>
                      <dl className="star-rows">
                        {STAR_ROWS.map((r) => (
                          <div key={r.key}>
                            <dt>{r.label}</dt>
                            <dd>
                              <Stars rating={f[r.key]} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                      {f.comments && <p className="history-comment">“{f.comments}”</p>}
                      {f.improvements && <p className="muted history-comment">Improve: {f.improvements}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </section>
  );
}
