import { useState } from 'react';
import type { BillingEntry } from '@portal/shared';
import { failureText } from '../../lib/connection';
import { formatDateTime } from '../../lib/format';
import { useEditEntry } from './useBilling';

/** The refusal or failure of an edit, in the server's words when it gave any. */
const failText = (e: unknown) => failureText(e, 'The change could not be saved.');

/** Edit one open entry: minutes, billable, note; Save sends PATCH /api/time-entries/:id and shows the server's refusal (e.g. invoiced meanwhile). */
function EntryEditor({ entry, onDone }: { entry: BillingEntry; onDone(): void }) {
  const edit = useEditEntry();
  const [minutes, setMinutes] = useState(String(entry.minutes));
  const [billable, setBillable] = useState(entry.billable);
  const [note, setNote] = useState(entry.note ?? '');
  const save = () => edit.mutate({ id: entry.id, patch: { minutes: Number(minutes), billable, note: note || null } }, { onSuccess: onDone });
  return (
    <form className="billing-edit" aria-label={`Edit time entry of ${entry.ticketNumber}`} onSubmit={(e) => (e.preventDefault(), save())}>
      <label>
        Minutes <input className="input" type="number" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      </label>
      <label className="billing-check">
        <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} /> Billable
      </label>
      <label>
        Note <input className="input" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="billing-edit-actions">
        <button type="submit" className="btn btn-primary" disabled={edit.isPending}>
          Save
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
      {edit.isError && (
        <p role="alert" className="billing-error">
          {failText(edit.error)}
        </p>
      )}
    </form>
  );
}

/** The drill-down: a group's entries, oldest first; an invoiced one says when and by whom and cannot be edited. */
export function EntryList({ entries }: { entries: readonly BillingEntry[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <ol className="billing-entries">
      {entries.map((e) => (
        <li key={e.id} className="billing-entry">
          <div className="billing-entry-head">
            <strong>{e.ticketNumber}</strong>
            <span>{e.technician ?? '(deleted user)'}</span>
            <time dateTime={e.createdAt} className="muted">
              {formatDateTime(e.createdAt)}
            </time>
            <span>{e.minutes} min</span>
            <span className={e.billable ? 'billing-billable' : 'muted'}>{e.billable ? 'Billable' : 'Not billable'}</span>
          </div>
          {e.note && <p className="billing-note">{e.note}</p>}
          {e.invoicedAt ? (
            <p className="billing-locked">
              Invoiced {e.invoicedAt.slice(0, 10)}
              {e.invoicedBy ? ` by ${e.invoicedBy}` : ''}: locked
            </p>
          ) : editing === e.id ? null : (
            <button type="button" className="link-button" onClick={() => setEditing(e.id)}>
              Edit
            </button>
          )}
          {editing === e.id && <EntryEditor entry={e} onDone={() => setEditing(null)} />}
        </li>
      ))}
    </ol>
  );
}
