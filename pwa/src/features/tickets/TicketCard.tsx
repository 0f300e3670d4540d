import { IonBadge } from '@ionic/react';
import { SEVERITY_NAMES, TICKET_STATUS_LABELS, type Technician, type Ticket } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { assigneeName, severityColor, statusColor } from './labels';

/**
 * One ticket in the list (SPEC.md 2): number, severity and status badges, client, business (if
 * any), customer e-mail, the issue, created and updated times. The whole card selects the ticket;
 * the number is also a real button for keyboard and screen-reader users.
 */
export function TicketCard(props: {
  ticket: Ticket;
  technicians: readonly Technician[] | undefined;
  selected: boolean;
  onSelect(id: string): void;
}) {
  const { ticket: t, technicians, selected, onSelect } = props;
  return (
    <article
      className={`card ticket-card${selected ? ' ticket-card-selected' : ''}`}
      aria-labelledby={`ticket-${t.id}`}
      onClick={() => onSelect(t.id)}
    >
      <header className="ticket-card-head">
        <h3 className="ticket-card-title">
          <button
            id={`ticket-${t.id}`}
            type="button"
            className="link-button"
            aria-pressed={selected}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(t.id);
            }}
          >
            {t.ticketNumber}
          </button>
        </h3>
        <div className="badges">
          <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
          <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
        </div>
      </header>
      <p className="ticket-client">
        <strong>{t.clientName}</strong>
        {t.businessName && <span className="muted"> · {t.businessName}</span>}
      </p>
      <p className="muted ticket-email">{t.customerEmail}</p>
      <p className="ticket-issue">{t.issue}</p>
      <dl className="ticket-meta">
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(t.createdAt)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatDateTime(t.updatedAt)}</dd>
        </div>
        <div>
          <dt>Assigned</dt>
          <dd>{assigneeName(t.assignedTo, technicians)}</dd>
        </div>
      </dl>
    </article>
  );
}
