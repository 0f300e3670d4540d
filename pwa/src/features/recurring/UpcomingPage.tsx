import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { EmptyState, LoadingSkeleton } from '../../lib/ui/States';
import { SyncStatus, getOfflineDb, useOfflineQuery } from '../../offline';
import { useChecklistTemplates, useSchedules } from './api/useRecurring';
import { formatInZone } from './builder';
import { readUpcomingData, storeSchedules, storeTemplates } from './offline';
import { RECURRING_TEXT } from './texts';
import { upcomingVisits, type UpcomingVisit } from './upcoming';
import './recurring.css';

const dayHeading = (v: UpcomingVisit) => new Intl.DateTimeFormat('en-US', { timeZone: v.timeZone, weekday: 'long', month: 'short', day: 'numeric' }).format(new Date(v.at));
const shortDate = (ms: number, tz: string) => new Intl.DateTimeFormat('en-US', { timeZone: tz, month: 'short', day: 'numeric' }).format(new Date(ms));

function VisitCard({ v, now }: { v: UpcomingVisit; now: number }) {
  return (
    <li className="card rec-visit" aria-label={`${v.title} ${v.date}`} data-visit={v.key}>
      <div className="rec-card-head">
        <strong>{v.title}</strong>
        <span className="muted nowrap">{formatInZone(v.at, v.timeZone).split(' at ')[1]}</span>
      </div>
      {v.clientName && <p className="rec-client">{v.clientName}</p>}
      {v.site && (
        <p className="muted">
          {v.site.name}
          {v.site.address ? `, ${v.site.address}` : ''}
          {v.site.accessNotes ? ` · ${v.site.accessNotes}` : ''}
        </p>
      )}
      <p className="muted rec-rule">{v.rule}</p>
      {v.opened ? (
        <p className="rec-opened">
          {RECURRING_TEXT.ticketOpened}
          {v.opened.ticketNumber ? `: ${v.opened.ticketNumber}${v.opened.status ? ` (${v.opened.status.replace('_', ' ')})` : ''}` : ''}
        </p>
      ) : (
        v.opensAt < v.at && v.opensAt > now && <p className="muted">{`${RECURRING_TEXT.opensOn} ${shortDate(v.opensAt, v.timeZone)}`}</p>
      )}
      {v.checklist.length > 0 && (
        <ul className="rec-checklist" aria-label={`Checklist of ${v.title}`}>
          {v.checklist.map((i, n) => (
            <li key={n}>
              <span aria-hidden="true">☐</span> {i.text}
              {i.required && <span className="rec-required"> (required)</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * /upcoming 'Upcoming' (issue 52 item 5): the technician's recurring visits of the next 7 days with
 * their client, site and checklist, from this device's copy (works offline; before the ticket
 * exists). Online, the lists fetched here refresh the copy at once.
 */
export default function UpcomingPage() {
  const user = useAuth().user;
  const [everyone, setEveryone] = useState(false);
  const schedules = useSchedules();
  const templates = useChecklistTemplates();
  useEffect(() => void (schedules.data && storeSchedules(getOfflineDb(), schedules.data)), [schedules.data]);
  useEffect(() => void (templates.data && storeTemplates(getOfflineDb(), templates.data)), [templates.data]);
  const data = useOfflineQuery(readUpcomingData);
  const now = Date.now();
  const visits = data && upcomingVisits(data, now, everyone ? null : (user?.id ?? null));
  const days = new Map<string, UpcomingVisit[]>();
  for (const v of visits ?? []) days.set(dayHeading(v), [...(days.get(dayHeading(v)) ?? []), v]);
  return (
    <div className="page rec-page">
      <div className="page-head">
        <h1>{RECURRING_TEXT.upcomingTitle}</h1>
        <div className="rec-toggle" role="group" aria-label="Whose visits">
          {[false, true].map((all) => (
            <button key={String(all)} type="button" className={`btn btn-small ${everyone === all ? 'btn-primary' : 'btn-outline'}`} aria-pressed={everyone === all} onClick={() => setEveryone(all)}>
              {all ? RECURRING_TEXT.everyone : RECURRING_TEXT.mine}
            </button>
          ))}
        </div>
      </div>
      <SyncStatus compact />
      <p className="muted">
        {RECURRING_TEXT.upcomingIntro} <Link to="/recurring">{RECURRING_TEXT.allSchedules}</Link>
      </p>
      {!visits ? (
        <LoadingSkeleton />
      ) : visits.length === 0 ? (
        <EmptyState>{RECURRING_TEXT.upcomingEmpty}</EmptyState>
      ) : (
        [...days].map(([day, list]) => (
          <section key={day} className="rec-day-group" aria-label={day}>
            <h2 className="rec-day-title">{day}</h2>
            <ul className="rec-visits">
              {list.map((v) => (
                <VisitCard key={v.key} v={v} now={now} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
