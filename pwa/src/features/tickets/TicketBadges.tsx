import { IonBadge } from '@ionic/react';
import { CUSTOMER_REPLIED_TEXT, SEVERITY_NAMES, TICKET_STATUS_LABELS, type Ticket } from '@portal/shared';
import { severityColor, statusColor } from './labels';

/**
 * A ticket's severity and status badges (and 'Customer replied' when set), as the list's cards and
 * the Update Ticket panel (the phone sheet too) show them; values include unsent updates.
 */
export function TicketBadges({ ticket: t }: { ticket: Pick<Ticket, 'severity' | 'status'> & { customerRepliedAt?: string | null } }) {
  return (
    <div className="badges">
      <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
      <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
      {t.customerRepliedAt && <IonBadge color="tertiary">{CUSTOMER_REPLIED_TEXT}</IonBadge>}
    </div>
  );
}
