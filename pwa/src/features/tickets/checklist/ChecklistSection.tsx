import { IonBadge } from '@ionic/react';
import { checklistProgress, openRequiredItems, type ChecklistItem, type PublicUser } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { getConnectivity, getOfflineDb } from '../../../offline';
import { enqueueChecklistTick, type DisplayTicket } from '../offline';
import './checklist.css';

type ShownItem = ChecklistItem & { pending?: boolean };

/**
 * The ticket's checklist in the Update Ticket panel (issue 52 item 1; docs/recurring-tickets.md):
 * progress ("3/7"), each item with its box, 'Required', and who ticked it and when. A tap queues
 * a tick or untick through the outbox (`ticket.checklistTick`, offline too) and shows at once,
 * marked 'Pending' until the server has it. Nothing shows for a ticket without a checklist.
 */
export function ChecklistSection(props: { ticket: DisplayTicket; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const { ticket, user } = props;
  const toast = useToast();
  const items = (ticket.checklist ?? []) as ShownItem[];
  if (items.length === 0) return null;
  const open = openRequiredItems(items);
  const tick = async (item: ShownItem, done: boolean) => {
    try {
      await enqueueChecklistTick(getOfflineDb(), ticket, item, done, user);
      if (getConnectivity() === 'offline') {
        toast.show({ title: 'Checklist Queued', description: `"${item.text}" will be saved when you are back online.` });
      }
    } catch {
      toast.show({ title: 'Error', description: 'Failed to save the checklist. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <section className="ticket-checklist" aria-labelledby={`checklist-${ticket.id}`}>
      <div className="ticket-checklist-head">
        <h3 id={`checklist-${ticket.id}`} className="panel-section-title">
          Checklist
        </h3>
        <span className="checklist-progress" aria-label={`${checklistProgress(items)} done`}>
          {checklistProgress(items)}
        </span>
      </div>
      {open > 0 && <p className="muted checklist-open">{open === 1 ? '1 required item is open' : `${open} required items are open`}</p>}
      <ul className="ticket-checklist-items">
        {items.map((item) => (
          <ChecklistRow key={item.id} item={item} onTick={(done) => void tick(item, done)} />
        ))}
      </ul>
    </section>
  );
}

function ChecklistRow({ item, onTick }: { item: ShownItem; onTick(done: boolean): void }) {
  return (
    <li className={`checklist-item${item.done ? ' checklist-item-done' : ''}`}>
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
      </span>
      {item.done && item.doneAt && (
        <span className="muted checklist-by">
          Ticked by {item.doneBy ?? 'you'}, <time dateTime={item.doneAt}>{formatDateTime(item.doneAt)}</time>
        </span>
      )}
    </li>
  );
}
