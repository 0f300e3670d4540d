import { useState } from 'react';
import { IonBadge } from '@ionic/react';
import type { ChecklistItem } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { ChecklistItemForm } from './ChecklistItemForm';

export type ShownItem = ChecklistItem & { pending?: boolean };

/**
 * One checklist item in the Update Ticket panel: its box (tick/untick), text, 'Required', 'Pending'
 * while unsent, who ticked it and when, and 'Edit' (text and Required, issue 52 item 1) that turns
 * the row into {@link ChecklistItemForm} until saved or cancelled. `n`: the item's place (1-based),
 * naming its Edit button ('Edit item 2': not the item's text, so finding the box by its text stays unique).
 */
export function ChecklistRow(props: { item: ShownItem; n: number; onTick(done: boolean): void; onEdit(value: { text: string; required: boolean }): void }) {
  const { item, n, onTick, onEdit } = props;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="checklist-item">
        <ChecklistItemForm
          id={`checklist-edit-${item.id}`}
          title={`Edit checklist item ${n}`}
          label="Item text"
          submitLabel="Save Item"
          initial={item}
          onSubmit={(v) => (setEditing(false), onEdit(v))}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className={`checklist-item${item.done ? ' checklist-item-done' : ''}`} data-checklist-item={item.text}>
      <label className="checklist-label">
        <input type="checkbox" checked={item.done} onChange={(e) => onTick(e.target.checked)} />
        <span className="checklist-text">{item.text}</span>
      </label>
      <span className="checklist-marks">
        {item.required && <IonBadge color="medium">Required</IonBadge>}
        {item.pending && (
          <IonBadge color="warning" title="Waiting to sync">
            Pending
          </IonBadge>
        )}
        <button type="button" className="btn btn-outline btn-small checklist-edit" aria-label={`Edit item ${n}`} title={`Edit "${item.text}"`} onClick={() => setEditing(true)}>
          Edit
        </button>
      </span>
      {item.done && item.doneAt && (
        <span className="muted checklist-by">
          Ticked by {item.doneBy ?? 'you'}, <time dateTime={item.doneAt}>{formatDateTime(item.doneAt)}</time>
        </span>
      )}
    </li>
  );
}
