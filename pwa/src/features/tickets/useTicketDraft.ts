import type { UseFormSetValue } from 'react-hook-form';
import type { Ticket, TicketEditValues } from '@portal/shared';
import { useDraft, type DraftControl } from '../../lib/drafts/useDraft';
import type { DraftValues } from '../../lib/drafts/store';

/** Fields of the Update Ticket form that a draft keeps when the technician changed them. */
const CHANGEABLE = ['status', 'severity', 'assignedTo', 'resolution', 'waitingOnCustomer'] as const satisfies readonly (keyof TicketEditValues)[];

/**
 * The Update Ticket form's draft (lib/drafts, key `ticket:<id>`, per signed-in user): the comment,
 * the reply choice and each field the technician changed from the ticket's value (`base`); nothing
 * when nothing was typed or changed. A restored draft sets those fields as the technician's own
 * changes, so a sync still follows the fields they did not touch.
 */
export function useTicketDraft(input: {
  ticket: Ticket;
  owner: string | null;
  values: TicketEditValues;
  base: TicketEditValues;
  setValue: UseFormSetValue<TicketEditValues>;
}): DraftControl {
  const { ticket, owner, values, base, setValue } = input;
  const kept: DraftValues = {};
  if (values.comment) kept.comment = values.comment;
  if (values.reply === true) kept.reply = true;
  for (const f of CHANGEABLE) if (values[f] !== base[f] && values[f] !== undefined) kept[f] = values[f] as string | boolean;
  return useDraft({
    key: `ticket:${ticket.id}`,
    owner,
    values: kept,
    empty: Object.keys(kept).length === 0,
    onRestore: (draft) => {
      for (const [k, v] of Object.entries(draft)) {
        if (k === 'comment' || k === 'reply' || (CHANGEABLE as readonly string[]).includes(k)) setValue(k as keyof TicketEditValues, v as never, { shouldDirty: true });
      }
    },
  });
}
