import { useOfflineQuery } from '../../offline';
import { formatInZone } from './builder';
import { readUpcomingData } from './offline';
import { RECURRING_TEXT } from './texts';
import { calendarDays, type CalendarDay } from './calendar';
import type { UpcomingVisit } from './upcoming';
import './calendar.css';

function VisitChip({ v }: { v: UpcomingVisit }) {
  return (
    <li className="cal-visit" data-visit={v.key} aria-label={`${RECURRING_TEXT.recurringMark}: ${v.title}`}>
      <span className="cal-visit-time">
        <span aria-hidden="true">↻ </span>
        {formatInZone(v.at, v.timeZone).split(' at ')[1]}
      </span>
      <strong className="cal-visit-title">{v.title}</strong>
      {v.clientName && <span className="cal-visit-client">{v.clientName}</span>}
      {v.opened?.ticketNumber && <span className="cal-visit-ticket">{v.opened.ticketNumber}</span>}
    </li>
  );
}

function DayColumn({ day }: { day: CalendarDay }) {
  return (
    <li className={`cal-day${day.visits.length === 0 ? ' cal-day-empty' : ''}`} aria-label={day.label}>
      <span className="cal-day-label">{day.label}</span>
      {day.visits.length === 0 ? (
        <span className="muted cal-none">{RECURRING_TEXT.calendarNone}</span>
      ) : (
        <ul className="cal-visits">
          {day.visits.map((v) => (
            <VisitChip key={v.key} v={v} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The recurring visits of the next 7 days on the scheduler's Calendar View (issue 52 item 5; given
 * to the scheduler through lib/calendarSlot): one column a day from 992 px, a row a day on phones,
 * each visit marked with ↻ and a dashed outline so it never reads as a ticket, with its ticket's
 * number once the server opened it. Everyone's visits, from this device's copy (works offline).
 */
export default function CalendarVisits() {
  const data = useOfflineQuery(readUpcomingData);
  if (!data || data.schedules.length === 0) return null;
  const days = calendarDays(data, Date.now());
  return (
    <section className="card cal-week-card" aria-labelledby="cal-week-heading">
      <h2 id="cal-week-heading">{RECURRING_TEXT.calendarTitle}</h2>
      <p className="muted cal-intro">{RECURRING_TEXT.calendarIntro}</p>
      <ol className="cal-week">
        {days.map((d) => (
          <DayColumn key={d.date} day={d} />
        ))}
      </ol>
    </section>
  );
}
