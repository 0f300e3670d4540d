import {
  SEVERITY_NAMES,
  TICKET_STATUS_LABELS,
  historyChangeText,
  severityBadgeTone,
  statusBadgeTone,
  type Technician,
  type Ticket,
  type Severity,
  type TicketMergeField,
  type TicketMergeValue,
  type TicketStatus,
  type TicketUpdateEntry,
} from '@portal/shared';

/** Ionic colour of a shared badge tone: destructive = danger, secondary = medium, default = primary. */
export function toneColor(tone: 'destructive' | 'secondary' | 'default'): 'danger' | 'medium' | 'primary' {
  return tone === 'destructive' ? 'danger' : tone === 'secondary' ? 'medium' : 'primary';
}
export const statusColor = (s: TicketStatus) => toneColor(statusBadgeTone(s));
export const severityColor = (s: Ticket['severity']) => toneColor(severityBadgeTone(s));

/** Tabs of the ticket screen: 'all' plus each status, in workflow order. */
export type TicketTab = 'all' | TicketStatus;

/** Empty-list text per tab (SPEC.md 2): 'No tickets found.' / 'No open tickets found.' ... */
export function emptyText(tab: TicketTab): string {
  return tab === 'all' ? 'No tickets found.' : `No ${TICKET_STATUS_LABELS[tab].toLowerCase()} tickets found.`;
}

/** Username of an assignee id; 'Unassigned' for none; the raw id when unknown. */
export function assigneeName(id: string | null | undefined, technicians: readonly Technician[] | undefined): string {
  if (!id) return 'Unassigned';
  return technicians?.find((t) => t.id === id)?.username ?? id;
}

/**
 * 'Changed from X to Y' for a work-history entry, with statuses as labels and assignees as
 * usernames; null when the entry records no change of value (comments, creation).
 */
export function changeText(entry: TicketUpdateEntry, technicians: readonly Technician[] | undefined): string | null {
  if (entry.updateType !== 'assignment') return historyChangeText(entry);
  const name = (v: string | null) => (v ? assigneeName(v, technicians) : null);
  return historyChangeText({ ...entry, previousValue: name(entry.previousValue), newValue: name(entry.newValue) });
}

/** Labels of the fields a ticket update changes, as in the 'Update Ticket' panel. */
export const FIELD_LABELS: Record<TicketMergeField, string> = { status: 'Status', severity: 'Severity', assignedTo: 'Assigned To', resolution: 'Resolution', waitingOnCustomer: 'Waiting on customer', clientId: 'Client', siteId: 'Site', contactId: 'Contact' };

/** A field value for people: status label, severity name, assignee username ('Unassigned'), resolution text ('none'), Yes/No. */
export function fieldValueText(field: TicketMergeField, value: TicketMergeValue, technicians: readonly Technician[] | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status') return value && value in TICKET_STATUS_LABELS ? TICKET_STATUS_LABELS[value as TicketStatus] : (value ?? 'none');
  if (field === 'severity') return value && value in SEVERITY_NAMES ? SEVERITY_NAMES[value as Severity] : (value ?? 'none');
  if (field === 'assignedTo') return assigneeName(value, technicians);
  return value || 'none';
}
