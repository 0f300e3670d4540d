import { SEVERITY_NAMES, TICKET_STATUS_LABELS, type Macro, type MacroAssignee, type Severity, type TicketStatus } from '@portal/shared';

/** What the macro form's inputs hold ('' = the macro does not change that field). */
export interface MacroFormValues {
  name: string;
  commentText: string;
  commentKind: 'reply' | 'note';
  status: TicketStatus | '';
  resolution: string;
  assignee: MacroAssignee | '';
  severity: Severity | '';
  minutes: string;
  billable: boolean;
}

/** The form's values of `macro` (a new one: nothing set, a billable time entry when minutes are typed). */
export function macroFormValues(macro: Macro | null): MacroFormValues {
  const a = macro?.actions ?? {};
  return {
    name: macro?.name ?? '',
    commentText: a.comment?.text ?? '',
    commentKind: a.comment && !a.comment.reply ? 'note' : 'reply',
    status: a.status ?? '',
    resolution: a.resolution ?? '',
    assignee: a.assignee ?? '',
    severity: a.severity ?? '',
    minutes: a.timeEntry ? String(a.timeEntry.minutes) : '',
    billable: a.timeEntry?.billable ?? true,
  };
}

/** The `actions` object of the values (only what is set), for macroActionsSchema. */
export function macroActions(v: MacroFormValues): Record<string, unknown> {
  const actions: Record<string, unknown> = {};
  if (v.commentText.trim()) actions.comment = { text: v.commentText, reply: v.commentKind === 'reply' };
  if (v.status) actions.status = v.status;
  if (v.resolution.trim()) actions.resolution = v.resolution;
  if (v.assignee) actions.assignee = v.assignee;
  if (v.severity) actions.severity = v.severity;
  if (v.minutes.trim()) actions.timeEntry = { minutes: Number(v.minutes), billable: v.billable };
  return actions;
}

/** One line saying what a macro does ("Reply · Resolved · 30 billable min"). */
export function macroSummary(macro: Macro): string {
  const a = macro.actions;
  const parts: string[] = [];
  if (a.comment) parts.push(a.comment.reply ? 'Reply to customer' : 'Internal note');
  if (a.status) parts.push(`Status: ${TICKET_STATUS_LABELS[a.status]}`); // as the pickers say it: 'In Progress'
  if (a.resolution) parts.push('Resolution');
  if (a.assignee) parts.push(a.assignee === 'me' ? 'Assign to me' : a.assignee === 'unassigned' ? 'Unassign' : 'Assign');
  if (a.severity) parts.push(`Severity: ${SEVERITY_NAMES[a.severity]}`);
  if (a.timeEntry) parts.push(`${a.timeEntry.minutes} ${a.timeEntry.billable ? 'billable ' : ''}min`);
  if (a.checklist?.length) parts.push(`Checklist: ${a.checklist.length} ${a.checklist.length === 1 ? 'item' : 'items'}`);
  return parts.join(' · ');
}
