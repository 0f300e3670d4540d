import type { Technician } from '@portal/shared';
import { assigneeValue, parseAssignee, type AssigneeFilter } from './search';

/**
 * 'Assignee' Anyone / Unassigned / each technician, with a 'Mine' toggle for the signed-in user
 * (pressed when the filter is theirs). Part of the ticket filters (TicketFilters).
 */
export function AssigneePicker(props: {
  assignee: AssigneeFilter;
  onAssignee(f: AssigneeFilter): void;
  technicians: readonly Technician[] | undefined;
  userId: string | undefined;
}) {
  const { assignee, onAssignee, technicians, userId } = props;
  const mine = Boolean(userId && assignee.kind === 'user' && assignee.id === userId);
  const knownUser = assignee.kind !== 'user' || technicians?.some((t) => t.id === assignee.id);
  return (
    <div className="ticket-assignee">
      <label htmlFor="ticket-assignee" className="ticket-assignee-label">
        Assignee
      </label>
      <select id="ticket-assignee" className="input" value={assigneeValue(assignee)} onChange={(e) => onAssignee(parseAssignee(e.target.value))}>
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
  );
}
