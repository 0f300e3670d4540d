import { FormField } from '../../lib/ui/FormField';
import type { Frequency, RecurrenceDraft } from './builder';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NTH: [number, string][] = [[1, 'first'], [2, 'second'], [3, 'third'], [4, 'fourth'], [-1, 'last']];
const UNITS: Record<Frequency, string> = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' };

type Set = (patch: Partial<RecurrenceDraft>) => void;

/** Repeats (daily/weekly/monthly/yearly), every N, and the days it falls on. */
function Pattern({ d, set }: { d: RecurrenceDraft; set: Set }) {
  const byDay = d.frequency === 'monthly' || d.frequency === 'yearly';
  return (
    <>
      <div className="form-grid">
        <FormField id="rec-frequency" label="Repeats">
          <select id="rec-frequency" className="input" value={d.frequency} onChange={(e) => set({ frequency: e.target.value as Frequency })}>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </select>
        </FormField>
        <FormField id="rec-interval" label={`Every (${UNITS[d.frequency]})`}>
          <input id="rec-interval" className="input" inputMode="numeric" value={d.interval} onChange={(e) => set({ interval: e.target.value })} />
        </FormField>
      </div>
      {d.frequency === 'weekly' && (
        <fieldset className="rec-days">
          <legend className="form-label">On</legend>
          {DAYS.map((name, i) => (
            <label key={name} className="rec-day">
              <input type="checkbox" aria-label={DAY_NAMES[i]} checked={d.weekdays.includes(i)} onChange={(e) => set({ weekdays: e.target.checked ? [...d.weekdays, i] : d.weekdays.filter((w) => w !== i) })} />
              {name}
            </label>
          ))}
        </fieldset>
      )}
      {d.frequency === 'yearly' && (
        <FormField id="rec-month" label="Month">
          <select id="rec-month" className="input" value={d.month} onChange={(e) => set({ month: Number(e.target.value) })}>
            {MONTHS.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {byDay && (
        <div className="form-grid">
          <FormField id="rec-mode" label="On">
            <select id="rec-mode" className="input" value={d.monthlyMode} onChange={(e) => set({ monthlyMode: e.target.value as 'day' | 'nth' })}>
              <option value="day">Day of the month</option>
              <option value="nth">A weekday (e.g. the first Monday)</option>
            </select>
          </FormField>
          {d.monthlyMode === 'day' ? (
            <FormField id="rec-monthday" label="Day of month">
              <input id="rec-monthday" className="input" inputMode="numeric" value={d.monthDay} onChange={(e) => set({ monthDay: e.target.value })} />
            </FormField>
          ) : (
            <div className="rec-nth">
              <select aria-label="Which" className="input" value={d.nthN} onChange={(e) => set({ nthN: Number(e.target.value) })}>
                {NTH.map(([n, label]) => (
                  <option key={n} value={n}>
                    {label}
                  </option>
                ))}
              </select>
              <select aria-label="Weekday" className="input" value={d.nthWeekday} onChange={(e) => set({ nthWeekday: Number(e.target.value) })}>
                {DAY_NAMES.map((name, i) => (
                  <option key={name} value={i}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
    </>
  );
}

/** Start date, time, and the end: never, on a date, or after N occurrences. */
function Range({ d, set }: { d: RecurrenceDraft; set: Set }) {
  return (
    <>
      <div className="form-grid">
        <FormField id="rec-start" label="Starts on">
          <input id="rec-start" type="date" className="input" value={d.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        </FormField>
        <FormField id="rec-time" label="Due at">
          <input id="rec-time" type="time" className="input" value={d.time} onChange={(e) => set({ time: e.target.value })} />
        </FormField>
      </div>
      <div className="form-grid">
        <FormField id="rec-end" label="Ends">
          <select id="rec-end" className="input" value={d.end} onChange={(e) => set({ end: e.target.value as RecurrenceDraft['end'] })}>
            <option value="never">Never</option>
            <option value="date">On a date</option>
            <option value="count">After a number of occurrences</option>
          </select>
        </FormField>
        {d.end === 'date' && (
          <FormField id="rec-enddate" label="End date">
            <input id="rec-enddate" type="date" className="input" value={d.endDate} onChange={(e) => set({ endDate: e.target.value })} />
          </FormField>
        )}
        {d.end === 'count' && (
          <FormField id="rec-count" label="Occurrences">
            <input id="rec-count" className="input" inputMode="numeric" value={d.count} onChange={(e) => set({ count: e.target.value })} />
          </FormField>
        )}
      </div>
    </>
  );
}

/** The recurrence builder (issue 52 item 3): its controls edit a {@link RecurrenceDraft}. */
export function RecurrenceBuilder({ draft, onChange }: { draft: RecurrenceDraft; onChange(d: RecurrenceDraft): void }) {
  const set: Set = (patch) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="rec-builder">
      <legend className="rec-legend">Recurrence</legend>
      <Pattern d={draft} set={set} />
      <Range d={draft} set={set} />
    </fieldset>
  );
}
