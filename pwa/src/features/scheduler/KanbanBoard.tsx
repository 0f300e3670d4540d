import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { IonBadge } from '@ionic/react';
import {
  SEVERITY_NAMES,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type KanbanColumn,
  type SchedulerTicket,
  type SchedulerTicketFilter,
  type TicketStatus,
} from '@portal/shared';
import { clientLabel, emptyColumnText, severityColor } from './labels';
import type { MoveMark } from './model';

const DRAG_TYPE = 'application/x-portal-ticket';

const MARK_TEXT: Record<MoveMark, string> = { pending: 'Pending', conflict: 'Conflict', failed: 'Failed' };

/**
 * One kanban card (SPEC.md 2): ticket number, client, severity and assignee. Draggable with a
 * mouse; the 'Move to' menu is the keyboard, touch and screen-reader way to change its column.
 * A card moved but not yet synced carries 'Pending' ('Conflict' / 'Failed' with a link to the
 * ticket screen, where the Update Ticket panel resolves it).
 */
function KanbanCard(props: { ticket: SchedulerTicket; mark: MoveMark | undefined; canMove: boolean; onMove(t: SchedulerTicket, to: TicketStatus): void }) {
  const { ticket: t, mark, canMove, onMove } = props;
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, t.id);
    e.dataTransfer.setData('text/plain', t.ticketNumber);
    e.dataTransfer.effectAllowed = 'move';
  };
  const selectId = `move-${t.id}`;
  return (
    <li className={`kanban-card${mark ? ` kanban-card-${mark}` : ''}`} draggable={canMove} onDragStart={canMove ? onDragStart : undefined} data-ticket={t.ticketNumber}>
      <div className="kanban-card-head">
        <Link to={`/technician?ticket=${t.id}`} className="kanban-number">
          {t.ticketNumber}
        </Link>
        <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
      </div>
      <p className="kanban-client">{clientLabel(t)}</p>
      <p className="muted kanban-assignee">
        {t.assigneeName ?? 'Unassigned'}
        {t.checklistProgress && t.checklistProgress.total > 0 && (
          <span className="kanban-checklist" title={`Checklist: ${t.checklistProgress.done}/${t.checklistProgress.total} done`}>
            {' · '}Checklist {t.checklistProgress.done}/{t.checklistProgress.total}
          </span>
        )}
      </p>
      {mark && (
        <p className="kanban-mark">
          <IonBadge color={mark === 'pending' ? 'warning' : 'danger'}>{MARK_TEXT[mark]}</IonBadge>
          {mark !== 'pending' && (
            <Link to={`/technician?ticket=${t.id}`} className="kanban-resolve">
              Open ticket to resolve
            </Link>
          )}
        </p>
      )}
      {canMove && (
        <>
          <label htmlFor={selectId} className="sr-only">
            Move {t.ticketNumber} to
          </label>
          <select
            id={selectId}
            className="input kanban-move"
            value=""
            onChange={(e) => {
              const to = e.target.value as TicketStatus;
              if (to) onMove(t, to);
            }}
          >
            <option value="">Move to…</option>
            {TICKET_STATUSES.filter((s) => s !== t.status).map((s) => (
              <option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </>
      )}
    </li>
  );
}

/**
 * Tab 'Kanban Board' (SPEC.md 2): four columns (open, in progress, resolved, closed) with count
 * badges, filtered like the rest of the screen. Phones: one column per screen width, swiped
 * sideways (scroll snap); desktop: the four side by side. Dropping a card on a column or choosing
 * it in the card's 'Move to' menu calls `onMove` (a status update through the outbox). A column
 * shows its 50 newest cards; its count badge lists them all.
 */
export function KanbanBoard(props: {
  columns: readonly KanbanColumn[];
  marks: ReadonlyMap<string, MoveMark>;
  canMove: boolean;
  onMove(t: SchedulerTicket, to: TicketStatus): void;
  onOpen(f: SchedulerTicketFilter): void;
}) {
  const { columns, marks, canMove, onMove, onOpen } = props;
  const [over, setOver] = useState<TicketStatus | null>(null);
  const columnRefs = useRef(new Map<TicketStatus, HTMLElement>());
  const byId = new Map(columns.flatMap((c) => c.tickets.map((t) => [t.id, t] as const)));

  const onDrop = (e: DragEvent, status: TicketStatus) => {
    e.preventDefault();
    setOver(null);
    const ticket = byId.get(e.dataTransfer.getData(DRAG_TYPE));
    if (ticket && ticket.status !== status) onMove(ticket, status);
  };

  return (
    <>
      {/* Phones: one column per screen width; these jump to a column (swiping works too). */}
      <nav className="kanban-jump" aria-label="Kanban columns">
        {columns.map((c) => (
          <button
            key={c.status}
            type="button"
            className="kanban-jump-button"
            onClick={() => columnRefs.current.get(c.status)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })}
          >
            {TICKET_STATUS_LABELS[c.status]} <span className="muted">{c.count}</span>
          </button>
        ))}
      </nav>
      <div className="kanban" aria-label="Kanban Board">
        {columns.map((c) => (
          <section
            key={c.status}
            ref={(el) => {
              if (el) columnRefs.current.set(c.status, el);
              else columnRefs.current.delete(c.status);
            }}
            className={`kanban-column${over === c.status ? ' kanban-over' : ''}`}
            aria-labelledby={`kanban-${c.status}`}
            data-column={c.status}
            onDragOver={
              canMove
                ? (e) => {
                    if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    setOver(c.status);
                  }
                : undefined
            }
            onDragLeave={() => setOver((o) => (o === c.status ? null : o))}
            onDrop={canMove ? (e) => onDrop(e, c.status) : undefined}
          >
            <header className="kanban-column-head">
              <h3 id={`kanban-${c.status}`}>{TICKET_STATUS_LABELS[c.status]}</h3>
              <button
                type="button"
                className="badge-button"
                aria-label={`${TICKET_STATUS_LABELS[c.status]}: ${c.count} tickets. Show all`}
                onClick={() => onOpen({ status: c.status })}
              >
                <IonBadge color="medium" data-count>
                  {c.count}
                </IonBadge>
              </button>
            </header>
            {c.tickets.length === 0 ? (
              <p className="muted kanban-empty">{emptyColumnText(c.status)}</p>
            ) : (
              <ul className="kanban-cards">
                {c.tickets.map((t) => (
                  <KanbanCard key={t.id} ticket={t} mark={marks.get(t.id)} canMove={canMove} onMove={onMove} />
                ))}
              </ul>
            )}
            {c.count > c.tickets.length && (
              <button type="button" className="btn btn-outline btn-small btn-block" onClick={() => onOpen({ status: c.status })}>
                Show all {c.count}
              </button>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
