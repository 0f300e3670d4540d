import { ticketChecklistProgress, type Ticket } from '@portal/shared';
import './checklist.css';

/**
 * "Checklist 3/7" on a ticket card (issue 52 item 1): from the ticket's checklist with this device's
 * unsent ticks, else from the list page's count (`checklistProgress`); nothing without a checklist.
 */
export function ChecklistProgress({ ticket }: { ticket: Pick<Ticket, 'checklist' | 'checklistProgress'> }) {
  const progress = ticketChecklistProgress(ticket);
  if (!progress) return null;
  return (
    <span className="card-checklist" title={`Checklist: ${progress} done`}>
      <span className="muted">Checklist</span> {progress}
    </span>
  );
}
