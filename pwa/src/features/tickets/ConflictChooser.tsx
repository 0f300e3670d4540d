import { useState } from 'react';
import type { Technician, TicketMergeField } from '@portal/shared';
import { discard, getOfflineDb } from '../../offline';
import { resolveConflict, type ConflictChoice, type TicketUpdateItem } from './offline';
import { FIELD_LABELS, fieldValueText } from './labels';

/**
 * Conflict chooser (DESIGN.md 5): someone else changed the same field meanwhile
 * and the server answered 409. Per conflicting field the technician sees 'Your change: ...' and
 * 'Current value: ...' and picks one; 'Save Choice' re-queues the update on the server's current
 * version with their kept fields (or drops it when nothing is left). 'Discard Update' drops the
 * whole update. Nothing is overwritten without this choice.
 */
export function ConflictChooser({ item, technicians }: { item: TicketUpdateItem; technicians: readonly Technician[] | undefined }) {
  const [choices, setChoices] = useState<Partial<Record<TicketMergeField, ConflictChoice>>>({});
  const [busy, setBusy] = useState(false);
  const conflict = item.conflict;
  if (!conflict) return null;
  const complete = conflict.fields.every((f) => choices[f]);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="conflict" role="group" aria-label={`Conflict on ${item.label}`}>
      <p className="conflict-text">Someone else changed this ticket. Choose which values to keep.</p>
      {conflict.fields.map((f) => (
        <fieldset key={f} className="conflict-field">
          <legend>{FIELD_LABELS[f]}</legend>
          <label className="conflict-option">
            <input type="radio" name={`conflict-${item.seq}-${f}`} checked={choices[f] === 'mine'} onChange={() => setChoices((c) => ({ ...c, [f]: 'mine' }))} />
            <span>Your change: {fieldValueText(f, item.payload.patch[f] ?? null, technicians)}</span>
          </label>
          <label className="conflict-option">
            <input type="radio" name={`conflict-${item.seq}-${f}`} checked={choices[f] === 'server'} onChange={() => setChoices((c) => ({ ...c, [f]: 'server' }))} />
            <span>Current value: {fieldValueText(f, conflict.ticket[f] ?? null, technicians)}</span>
          </label>
        </fieldset>
      ))}
      <div className="form-actions">
        <button type="button" className="btn btn-primary btn-small" disabled={!complete || busy} onClick={() => void run(() => resolveConflict(getOfflineDb(), item.seq, choices))}>
          Save Choice
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => void run(() => discard(getOfflineDb(), item.seq))}>
          Discard Update
        </button>
      </div>
    </div>
  );
}
