import { ALERT_CHANNELS, NEW_TICKET_CHOICES, SLA_CHOICES, type AlertChannel, type AlertPreferences, type ChannelPreferences, type QuietHours } from '@portal/shared';
import { PREFS_TEXT as T } from './prefsTexts';

type Change = (next: AlertPreferences) => void;

/** The per-channel choices: one row per event, one column per channel (e-mail, SMS, push). */
export function ChannelTable({ value, onChange }: { value: AlertPreferences; onChange: Change }) {
  const set = (ch: AlertChannel, patch: Partial<ChannelPreferences>) => onChange({ ...value, channels: { ...value.channels, [ch]: { ...value.channels[ch], ...patch } } });
  const flag = (key: 'assigned' | 'customerReplies' | 'mentions') => (
    <tr key={key}>
      <th scope="row">{T.rows[key]}</th>
      {ALERT_CHANNELS.map((ch) => (
        <td key={ch}>
          <input type="checkbox" aria-label={`${T.rows[key]}: ${T.channels[ch]}`} checked={value.channels[ch][key]} onChange={(e) => set(ch, { [key]: e.target.checked })} />
        </td>
      ))}
    </tr>
  );
  return (
    <table className="prefs-table">
      <thead>
        <tr>
          <th scope="col">{T.event}</th>
          {ALERT_CHANNELS.map((ch) => (
            <th key={ch} scope="col">
              {T.channels[ch]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{T.rows.newTickets}</th>
          {ALERT_CHANNELS.map((ch) => (
            <td key={ch}>
              <select aria-label={`${T.rows.newTickets}: ${T.channels[ch]}`} value={value.channels[ch].newTickets} onChange={(e) => set(ch, { newTickets: e.target.value as ChannelPreferences['newTickets'] })}>
                {NEW_TICKET_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {T.newTicketChoices[c]}
                  </option>
                ))}
              </select>
            </td>
          ))}
        </tr>
        {flag('assigned')}
        {flag('customerReplies')}
        <tr>
          <th scope="row">{T.rows.sla}</th>
          {ALERT_CHANNELS.map((ch) => (
            <td key={ch}>
              <select aria-label={`${T.rows.sla}: ${T.channels[ch]}`} value={value.channels[ch].sla} onChange={(e) => set(ch, { sla: e.target.value as ChannelPreferences['sla'] })}>
                {SLA_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {T.slaChoices[c]}
                  </option>
                ))}
              </select>
            </td>
          ))}
        </tr>
        {flag('mentions')}
      </tbody>
    </table>
  );
}

/** Quiet hours: on/off, from, to, time zone, and whether urgent tickets break through. */
export function QuietHoursFields({ value, onChange }: { value: AlertPreferences; onChange: Change }) {
  const q = value.quietHours;
  const set = (patch: Partial<QuietHours>) => onChange({ ...value, quietHours: { ...q, ...patch } });
  return (
    <fieldset className="prefs-quiet">
      <legend>{T.quietHeading}</legend>
      <label className="checkbox-row">
        <input type="checkbox" checked={q.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> {T.quietEnabled}
      </label>
      <label>
        {T.from}
        <input type="time" value={q.start} disabled={!q.enabled} onChange={(e) => set({ start: e.target.value })} />
      </label>
      <label>
        {T.to}
        <input type="time" value={q.end} disabled={!q.enabled} onChange={(e) => set({ end: e.target.value })} />
      </label>
      <label>
        {T.timeZone}
        <input type="text" value={q.timeZone} disabled={!q.enabled} onChange={(e) => set({ timeZone: e.target.value })} />
      </label>
      <label className="checkbox-row">
        <input type="checkbox" checked={q.urgentBreaksThrough} disabled={!q.enabled} onChange={(e) => set({ urgentBreaksThrough: e.target.checked })} /> {T.urgentBreaks}
      </label>
    </fieldset>
  );
}
