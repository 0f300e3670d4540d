import { useState } from 'react';
import type { AssetTicket } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { getConnectivity, getOfflineDb } from '../../offline';
import { enqueueAssetVisit, visitEntry } from './offline';
import { ASSETS_TEXT as T } from './texts';

const isOpen = (t: AssetTicket) => t.status !== 'closed' && t.status !== 'resolved';

/**
 * 'Log a visit' on the asset page: minutes (and billable, a note) on one of the asset's tickets (its
 * newest open one first), queued as the tickets' time-entry outbox item (sent once, also offline).
 * Without a ticket it points to 'New ticket for this asset'.
 */
export function AssetVisit({ tickets }: { tickets: AssetTicket[] }) {
  const ordered = [...tickets].sort((a, b) => Number(isOpen(b)) - Number(isOpen(a)));
  const [open, setOpen] = useState(false);
  const [ticketId, setTicketId] = useState('');
  const [minutes, setMinutes] = useState('');
  const [billable, setBillable] = useState(true);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { user } = useAuth();
  const toast = useToast();
  const ticket = ordered.find((t) => t.id === ticketId) ?? ordered[0];
  if (!open)
    return (
      <button type="button" className="btn btn-outline asset-visit-open" onClick={() => setOpen(true)}>
        {T.logVisit}
      </button>
    );
  const submit = async () => {
    const got = visitEntry({ minutes, billable, note });
    if ('error' in got) return setError(got.error);
    if (!ticket) return;
    await enqueueAssetVisit(getOfflineDb(), ticket, got.entry, user);
    const offline = getConnectivity() === 'offline';
    toast.show({ title: 'Time Queued', description: T.visitQueued(got.entry.minutes, ticket.ticketNumber, offline) });
    setOpen(false);
    setMinutes('');
    setNote('');
    setError(null);
  };
  return (
    <form className="asset-visit card" aria-label={T.logVisit} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2>{T.logVisit}</h2>
      {!ticket ? (
        <p className="muted">{T.visitNoTicket}</p>
      ) : (
        <>
          <label className="form-label" htmlFor="visit-ticket">{T.visitTicket}</label>
          <select id="visit-ticket" className="input" value={ticket.id} onChange={(e) => setTicketId(e.target.value)}>
            {ordered.map((t) => <option key={t.id} value={t.id}>{`${t.ticketNumber} · ${t.issue.slice(0, 60)}`}</option>)}
          </select>
          <label className="form-label" htmlFor="visit-minutes">{T.visitMinutes}</label>
          <input id="visit-minutes" className="input" type="number" inputMode="numeric" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          <label className="assets-check">
            <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} /> Billable
          </label>
          <label className="form-label" htmlFor="visit-note">{T.visitNote}</label>
          <input id="visit-note" className="input" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
          {error && <p className="field-error" role="alert">{error}</p>}
        </>
      )}
      <div className="form-actions">
        {ticket && <button type="submit" className="btn btn-primary">{T.visitSave}</button>}
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>{T.cancel}</button>
      </div>
    </form>
  );
}
