import { IonBadge } from '@ionic/react';
import type { Technician } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import type { DisplayTicket } from './offline';
import { ContactLinks } from './ContactLinks';
import { SlaClock } from './SlaClock';
import { TicketBadges } from './TicketBadges';
import { assigneeName } from './labels';
import './tickets.css';
import { AttachmentCount } from './attachments/AttachmentCount';

/**
 * One ticket in the list (SPEC.md 2): number, severity and status badges, client, business (if
 * any), customer e-mail, phone with the preferred contact method and Call / Text / E-mail links
 *, the issue, created and updated times. The whole card selects the ticket;
 * the number is also a real button for keyboard and screen-reader users. On phones the card is
 * compact (tickets.css, issue 56 item 5): e-mail beside the name, icon-only contact buttons beside the
 * phone, the issue's first line (the Update Ticket sheet shows all of it). Values include updates
 * still waiting to sync, marked 'Pending' (or 'Conflict' / 'Failed' when the server refused one).
 */
export function TicketCard(props: {
  ticket: DisplayTicket;
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
        <TicketBadges ticket={t} />
        <SyncMarks sync={t.sync} />
      </header>
      <SlaClock ticket={t} />
      <p className="ticket-client">
        <strong>{t.clientName}</strong>
        {t.businessName && <span className="muted"> · {t.businessName}</span>}
        <span className="muted ticket-email">{t.customerEmail}</span>
      </p>
      <ContactLinks ticket={t} compact />
      <p className="ticket-issue">{t.issue}</p>
      <AttachmentCount ticketId={t.id} />
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

/** 'Pending' / 'Conflict' / 'Failed' badges of a ticket with unsent updates (DESIGN.md 5). */
export function SyncMarks({ sync }: { sync: DisplayTicket['sync'] }) {
  if (sync.pending + sync.conflict + sync.failed === 0) return null;
  return (
    <div className="sync-marks">
      {sync.pending > 0 && (
        <IonBadge color="warning" title={`${sync.pending} waiting to sync`}>
          Pending
        </IonBadge>
      )}
      {sync.conflict > 0 && <IonBadge color="danger">Conflict</IonBadge>}
      {sync.failed > 0 && <IonBadge color="danger">Failed</IonBadge>}
    </div>
  );
}
