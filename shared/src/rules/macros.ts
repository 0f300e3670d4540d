/**
 * Applying a macro (issue 51, docs/replies-and-macros.md): the phone turns the macro into the
 * Update Ticket panel's values ("Review, then Update Ticket"), the technician edits them, and the
 * panel sends ONE update (the usual PATCH, with `macroId` and the macro's `timeEntry`) through the
 * outbox and the merge rule. The server checks {@link macroResolutionProblem} on that update.
 */
import { TICKET_STATUS_LABELS, UNASSIGNED, type TicketStatus } from '../constants';
import { REPLY_TEXT, type Macro } from '../schemas/replies';
import type { TicketEditValues } from './tickets';

/**
 * The panel's values after applying `macro` to `values` (what is shown for review): status,
 * severity, assignee (`me` = `meId`) and resolution replaced by the macro's; its reply or note
 * added after any comment already typed (the text filled by `fill`, e.g. replyVariables'
 * renderReply with the ticket's context). Fields the macro does not set keep their values.
 */
export function applyMacroToValues(values: TicketEditValues, actions: Macro['actions'], fill: (text: string) => string, meId: string): TicketEditValues {
  const next: TicketEditValues = { ...values };
  if (actions.status) next.status = actions.status;
  if (actions.severity) next.severity = actions.severity;
  if (actions.assignee) next.assignedTo = actions.assignee === 'me' ? meId : actions.assignee === 'unassigned' ? UNASSIGNED : actions.assignee;
  if (actions.resolution) next.resolution = fill(actions.resolution);
  if (actions.comment) {
    const text = fill(actions.comment.text);
    next.comment = values.comment.trim() ? `${values.comment.trimEnd()}\n\n${text}` : text;
    next.reply = actions.comment.reply;
  }
  return next;
}

/** Statuses a ticket may only be left in with a resolution, when a macro puts it there. */
export const STATUSES_NEEDING_RESOLUTION: readonly TicketStatus[] = ['resolved', 'closed'];

/**
 * The rule a macro's update must keep (docs/replies-and-macros.md "Rules"): a macro that leaves a
 * ticket resolved or closed leaves it with a resolution (the macro's, the one typed in the panel,
 * or the one the ticket had). Returns the message, or null when the update may go.
 */
export function macroResolutionProblem(macroName: string, after: { status: TicketStatus; resolution: string | null | undefined }): string | null {
  if (!STATUSES_NEEDING_RESOLUTION.includes(after.status) || (after.resolution ?? '').trim() !== '') return null;
  return REPLY_TEXT.macroNeedsResolution(macroName, TICKET_STATUS_LABELS[after.status]);
}
