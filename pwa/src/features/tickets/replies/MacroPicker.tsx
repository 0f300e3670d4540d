import type { Macro } from '@portal/shared';
import type { AppliedMacro } from '../offline';

/** "30 billable minutes" / "15 minutes (not billable)". */
export function timeEntryText(t: { minutes: number; billable: boolean }): string {
  return `${t.minutes} ${t.billable ? 'billable ' : ''}minute${t.minutes === 1 ? '' : 's'}${t.billable ? '' : ' (not billable)'}`;
}

/**
 * 'Apply macro' at the top of Update Ticket (issue 51): the macros kept on the device (offline
 * too). Choosing one fills the form below; nothing is sent until Update Ticket. Once applied, the
 * notice says so ("Review, then Update Ticket"), with the time entry it adds and 'Undo macro'.
 */
export function MacroPicker(props: { macros: readonly Macro[]; applied: AppliedMacro | null; onApply(macro: Macro): void; onUndo(): void }) {
  const { macros, applied, onApply, onUndo } = props;
  return (
    <div className="macro-picker">
      {macros.length > 0 && (
        <select
          className="input"
          aria-label="Apply macro"
          value=""
          onChange={(e) => {
            const macro = macros.find((m) => m.id === e.target.value);
            if (macro) onApply(macro);
          }}
        >
          <option value="">Apply macro…</option>
          {macros.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      )}
      {applied && (
        <div className="macro-review" role="status">
          <p>
            <strong>{applied.name}</strong> applied. Review, then Update Ticket.
            {applied.timeEntry && ` Adds ${timeEntryText(applied.timeEntry)}.`}
            {applied.checklist?.length ? ` Adds ${applied.checklist.length === 1 ? '1 checklist item' : `${applied.checklist.length} checklist items`}.` : null}
          </p>
          <button type="button" className="btn btn-outline btn-small" onClick={onUndo}>
            Undo macro
          </button>
        </div>
      )}
    </div>
  );
}
