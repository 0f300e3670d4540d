import { SEVERITY_NAMES, TICKET_STATUS_LABELS } from '../constants';
import type { Severity, TicketStatus } from '../constants';
import type { TicketUpdateEntry } from '../schemas/tickets';

/**
 * 'Changed from X to Y' of a work-history entry (SPEC.md 2 "Work History"): statuses and
 * severities as their labels ('High', 'Urgent'), assignments as the stored usernames ('Unassigned' for none), other values as stored
 * ('none' when empty). Null when the entry records no change of value (comments, creation).
 */
export function historyChangeText(entry: Pick<TicketUpdateEntry, 'updateType' | 'previousValue' | 'newValue'>): string | null {
  if (entry.updateType === 'comment' || entry.updateType === 'created') return null;
  if (entry.previousValue === null && entry.newValue === null) return null;
  // An e-mailed customer reply keeps which rule put it on this ticket (docs/inbound-mail.md "Reply or new ticket").
  if (entry.updateType === 'customer_reply') return entry.newValue ? `By e-mail, threaded by ${entry.newValue}` : null;
  // A checklist entry says what happened: 'Ticked "Check backups"'.
  if (entry.updateType === 'checklist') return entry.newValue;
  const show = (v: string | null): string => {
    if (entry.updateType === 'status_change' && v && v in TICKET_STATUS_LABELS) return TICKET_STATUS_LABELS[v as TicketStatus];
    if (entry.updateType === 'severity_change' && v && v in SEVERITY_NAMES) return SEVERITY_NAMES[v as Severity];
    if (entry.updateType === 'assignment') return v || 'Unassigned';
    return v || 'none';
  };
  return `Changed from ${show(entry.previousValue)} to ${show(entry.newValue)}`;
}
