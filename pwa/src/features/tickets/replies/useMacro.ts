import { useState } from 'react';
import { applyMacroToValues, type Macro, type TicketEditValues } from '@portal/shared';
import type { AppliedMacro } from '../offline';

/** Fields a macro may change in the form. */
const MACRO_FIELDS = ['status', 'severity', 'assignedTo', 'resolution', 'comment', 'reply'] as const;

/**
 * A macro applied in the Update Ticket form (issue 51, "Review, then Update Ticket"): `apply`
 * puts the macro's changes into the form (shared applyMacroToValues, its texts filled by `fill`,
 * `me` = `meId`) and remembers the values before it for `undo`; the form sends `applied` with
 * its one update and calls `done` once queued. Applying another macro replaces the first.
 */
export function useMacro(opts: {
  getValues(): TicketEditValues;
  setValue<K extends (typeof MACRO_FIELDS)[number]>(field: K, value: TicketEditValues[K], o: { shouldDirty: boolean }): void;
  fill(text: string): string;
  meId: string;
}) {
  const { getValues, setValue, fill, meId } = opts;
  const [state, setState] = useState<{ macro: AppliedMacro; before: TicketEditValues } | null>(null);
  const put = (values: TicketEditValues) => {
    for (const f of MACRO_FIELDS) setValue(f, values[f] as never, { shouldDirty: true });
  };
  return {
    applied: state?.macro ?? null,
    apply(macro: Macro) {
      const before = state?.before ?? getValues();
      put(applyMacroToValues(before, macro.actions, fill, meId));
      setState({ macro: { id: macro.id, name: macro.name, timeEntry: macro.actions.timeEntry, checklist: macro.actions.checklist }, before });
    },
    undo() {
      if (state) put(state.before);
      setState(null);
    },
    done: () => setState(null),
  };
}
