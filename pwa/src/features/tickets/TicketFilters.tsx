import type { Technician } from '@portal/shared';
import { assigneeValue, parseAssignee, type AssigneeFilter } from './search';

/**
 * Search box and assignee filter above the ticket tabs: 'Search tickets' over number,
 * client, business, e-mail, phone and issue; 'Assignee' Anyone / Unassigned / each technician,
 * with a 'Mine' toggle for the signed-in user (pressed when the filter is theirs). Online the
 * server applies them (several words and phone numbers search the device); offline they
 * work on the cached tickets. `resultText` is announced politely ('12 of 240 tickets').
 */
export function TicketFilters(props: {
  query: string;
  onQuery(q: string): void;
  assignee: AssigneeFilter;
  onAssignee(f: AssigneeFilter): void;
  technicians: readonly Technician[] | undefined;
  userId: string | undefined;
  resultText: string;
}) {
  const { query, onQuery, assignee, onAssignee, technicians, userId, resultText } = props;
  const mine = Boolean(userId && assignee.kind === 'user' && assignee.id === userId);
  const knownUser = assignee.kind !== 'user' || technicians?.some((t) => t.id === assignee.id);
  return (
    <div className="ticket-filters" role="search" aria-label="Find tickets">
      <div className="ticket-search">
        <label htmlFor="ticket-search" className="visually-hidden">
          Search tickets
        </label>
        <input
          id="ticket-search"
          type="search"
          className="input"
          placeholder="Search number, name, e-mail, phone, issue"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      <div className="ticket-assignee">
        <label htmlFor="ticket-assignee" className="ticket-assignee-label">
          Assignee
        </label>
        <select
          id="ticket-assignee"
          className="input"
          value={assigneeValue(assignee)}
          onChange={(e) => onAssignee(parseAssignee(e.target.value))}
        >
          <option value="any">Anyone</option>
          <option value="unassigned">Unassigned</option>
          {!knownUser && assignee.kind === 'user' && <option value={assigneeValue(assignee)}>{mine ? 'Me' : assignee.id}</option>}
          {technicians?.map((t) => (
            <option key={t.id} value={`user:${t.id}`}>
              {t.username}
              {t.id === userId ? ' (me)' : ''}
            </option>
          ))}
        </select>
        {userId && (
          <button
            type="button"
            className={`btn btn-small ${mine ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={mine}
            onClick={() => onAssignee(mine ? { kind: 'any' } : { kind: 'user', id: userId })}
          >
            Mine
          </button>
        )}
      </div>
      <p className="muted ticket-results" aria-live="polite">
        {resultText}
      </p>
    </div>
  );
}
