import { useState } from 'react';
import { checklistProgress, openRequiredItems, type PublicUser } from '@portal/shared';
import { useToast } from '../../../lib/toast';
import { getConnectivity, getOfflineDb } from '../../../offline';
import { enqueueChecklistAdd, enqueueChecklistEdit, enqueueChecklistTick, type DisplayTicket } from '../offline';
import { ChecklistItemForm } from './ChecklistItemForm';
import { ChecklistRow, type ShownItem } from './ChecklistRow';
import './checklist.css';

/**
 * The ticket's checklist in the Update Ticket panel (issue 52 item 1; docs/recurring-tickets.md):
 * progress ("3/7"), each item with its box, 'Required', who ticked it and when, and 'Edit'; under
 * them 'Add checklist item'. A tick, an added item and an edit are each queued through the outbox
 * (`ticket.checklistTick`, `ticket.checklistItem`, offline too) in the ticket's stream and show at
 * once, marked 'Pending' until the server has them. An item added offline gets its id on the device,
 * so it can be ticked at once. A ticket without a checklist shows the heading and the add button.
 */
export function ChecklistSection(props: { ticket: DisplayTicket; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const { ticket, user } = props;
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const items = (ticket.checklist ?? []) as ShownItem[];
  const open = openRequiredItems(items);
  const queue = async (write: () => Promise<unknown>, text: string) => {
    try {
      await write();
      if (getConnectivity() === 'offline') {
        toast.show({ title: 'Checklist Queued', description: `"${text}" will be saved when you are back online.` });
      }
    } catch {
      toast.show({ title: 'Error', description: 'Failed to save the checklist. Please try again.', variant: 'destructive' });
    }
  };
  const db = getOfflineDb;
  return (
    <section className="ticket-checklist" aria-labelledby={`checklist-${ticket.id}`}>
      <div className="ticket-checklist-head">
        <h3 id={`checklist-${ticket.id}`} className="panel-section-title">
          Checklist
        </h3>
        {items.length > 0 && (
          <span className="checklist-progress" aria-label={`${checklistProgress(items)} done`}>
            {checklistProgress(items)}
          </span>
        )}
      </div>
      {open > 0 && <p className="muted checklist-open">{open === 1 ? '1 required item is open' : `${open} required items are open`}</p>}
      {items.length > 0 && (
        <ul className="ticket-checklist-items">
          {items.map((item, i) => (
            <ChecklistRow
              key={item.id}
              item={item}
              n={i + 1}
              onTick={(done) => void queue(() => enqueueChecklistTick(db(), ticket, item, done, user), item.text)}
              onEdit={(v) => void queue(() => enqueueChecklistEdit(db(), ticket, item, v, user), v.text)}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <ChecklistItemForm
          id={`checklist-add-${ticket.id}`}
          title="Add to checklist"
          label="New checklist item"
          submitLabel="Add Item"
          onSubmit={(v) => (setAdding(false), void queue(() => enqueueChecklistAdd(db(), ticket, v, user), v.text))}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button type="button" className="btn btn-outline btn-small checklist-add" onClick={() => setAdding(true)}>
          Add checklist item
        </button>
      )}
    </section>
  );
}
