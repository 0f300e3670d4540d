import type { BusinessHours } from '@portal/shared';
import { timeZoneNames } from './slaDraft';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
let zones: string[] | undefined;

/**
 * The SLA policy's calendar (issue 56 item 11): the time zone typed into a searchable list of the
 * IANA zones (a datalist: typing 'york' offers America/New_York), the business days as 44 px
 * tap targets, and the opening hours. Severities on 24x7 ignore the days and hours.
 */
export function SlaCalendar(props: { timeZone: string; onTimeZone(tz: string): void; hours: BusinessHours; onHours(h: BusinessHours): void }) {
  const { timeZone, onTimeZone, hours, onHours } = props;
  zones ??= timeZoneNames();
  return (
    <>
      <div className="sla-line">
        <label htmlFor="sla-time-zone">Time zone</label>
        <input id="sla-time-zone" className="input sla-zone" list="sla-time-zones" autoComplete="off" spellCheck={false} placeholder="Search, e.g. New York" value={timeZone} onChange={(e) => onTimeZone(e.target.value)} />
        <datalist id="sla-time-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <fieldset className="sla-days">
        <legend>Business days</legend>
        {DAYS.map((d, i) => (
          <label key={d} className="sla-day">
            <input type="checkbox" checked={hours.days.includes(i)} onChange={(e) => onHours({ ...hours, days: e.target.checked ? [...hours.days, i].sort() : hours.days.filter((x) => x !== i) })} /> {d}
          </label>
        ))}
      </fieldset>
      <div className="sla-line">
        <label className="sla-time">
          <span>Opens</span>
          <input className="input" type="time" value={hours.start} onChange={(e) => onHours({ ...hours, start: e.target.value })} />
        </label>
        <label className="sla-time">
          <span>Closes</span>
          <input className="input" type="time" value={hours.end} onChange={(e) => onHours({ ...hours, end: e.target.value })} />
        </label>
      </div>
    </>
  );
}
