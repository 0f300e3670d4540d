import { IonBadge } from '@ionic/react';
import type { Technician } from '@portal/shared';
import { formatDateTime, formatShortDateTime } from '../../lib/format';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import type { DisplayTicket } from './offline';
import { ContactLinks } from './ContactLinks';
import { SlaClock } from './SlaClock';
import { TicketBadges } from './TicketBadges';
import { assigneeName } from './labels';
import './tickets.css';
import { AttachmentCount } from './attachments/AttachmentCount';
import { ChecklistProgress } from './checklist/ChecklistProgress';
import { TagChips } from './tags/TagChips';
import { DuplicateBanner } from './merge/DuplicateBanner';

/**
 * One ticket in the list (SPEC.md 2): number, severity and status badges, client, business (if
 * any), customer e-mail, phone with the preferred contact method and Call / Text / E-mail links
 *, the issue, created and updated times. The whole card selects the ticket;
 * its tags as chips and "Possible duplicate of TKT-…" with one tap to merge, or "Merged into TKT-…" (issue 57); the number is also a real button for keyboard and screen-reader users. On phones the card is
 * compact (tickets.css, issue 56 item 5): e-mail beside the name, the phone under it with icon-only contact
 * buttons to the right of both lines, the issue's first line (the Update Ticket sheet shows all of it),
 * and Created / Updated / Assigned on one line with short times (TicketMeta). Values include updates
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
      <DuplicateBanner ticket={t} />
      <p className="ticket-client">
        <strong>{t.clientName}</strong>
        {t.businessName && <span className="muted"> · {t.businessName}</span>}
        <span className="muted ticket-email">{t.customerEmail}</span>
      </p>
      <ContactLinks ticket={t} compact />
      <p className="ticket-issue">{t.issue}</p>
      <AttachmentCount ticketId={t.id} />
      <ChecklistProgress ticket={t} />
      <TagChips tags={t.tags} />
      <TicketMeta ticket={t} technicians={technicians} />
    </article>
  );
}

/**
 * Created, Updated and Assigned of a card (SPEC.md 2: created and updated times). Desktop: SPEC.md 9's
 * full form ('Nov 29, 2026 at 5:14 AM'); phones: one line with the short form ('5:14 AM' today,
 * 'Nov 2, 5:14 AM' this year), the full form in each time's title.
 */
function TicketMeta({ ticket: t, technicians }: { ticket: DisplayTicket; technicians: readonly Technician[] | undefined }) {
  const short = !useIsDesktop();
  const when = (iso: string) => (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {short ? formatShortDateTime(iso) : formatDateTime(iso)}
    </time>
  );
  return (
    <dl className="ticket-meta">
      <div>
        <dt>Created</dt>
        <dd>{when(t.createdAt)}</dd>
      </div>
      <div>
        <dt>Updated</dt>
        <dd>{when(t.updatedAt)}</dd>
      </div>
      <div className="ticket-meta-assigned">
        <dt>Assigned</dt>
        <dd>{assigneeName(t.assignedTo, technicians)}</dd>
      </div>
    </dl>
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
