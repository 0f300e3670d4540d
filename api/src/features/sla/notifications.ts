/**
 * SLA alerts (docs/sla.md): at 80 % of a target and at breach, an e-mail to each notification
 * recipient and, for urgent tickets, an SMS to the support number (alerts.ts). The staff's own
 * alerts go through the `ticket.sla_alert` event and the inbox feature's choices; `sla_alert_push`
 * is no longer written and stays registered so jobs queued by an older version are still sent.
 * Registered in api/src/notification-kinds.ts.
 */
import { SEVERITY_NAMES, staffTicketPath, type Severity } from '@portal/shared';
import { defineJobKind, emailContent, portalLink } from '../../notify';

/** The facts of an SLA alert. */
export interface SlaAlertPayload {
  ticketId: string;
  ticketNumber: string;
  severity: Severity;
  clientName: string;
  target: 'response' | 'resolution';
  level: 'warning' | 'breach';
  /** The target's due time (ISO 8601). */
  dueAt: string;
}

const targetName = (p: SlaAlertPayload) => (p.target === 'response' ? 'first response' : 'resolution');
/** "TKT-000123 (Urgent): first response due 2026-03-04 10:00 UTC" / "... breached its resolution target (due ...)". */
export function slaAlertText(p: SlaAlertPayload): string {
  const due = `${p.dueAt.slice(0, 16).replace('T', ' ')} UTC`;
  const head = `${p.ticketNumber} (${SEVERITY_NAMES[p.severity]}, ${p.clientName})`;
  return p.level === 'warning' ? `${head}: ${targetName(p)} due ${due}` : `${head} breached its ${targetName(p)} target (due ${due})`;
}
const title = (p: SlaAlertPayload) => (p.level === 'warning' ? `SLA warning: ${p.ticketNumber}` : `SLA breached: ${p.ticketNumber}`);

export const slaAlertEmail = defineJobKind<SlaAlertPayload, 'email'>({
  kind: 'sla_alert_email',
  channel: 'email',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p, { brand }) =>
    emailContent({ subject: title(p), title: title(p), blocks: [{ type: 'p', text: slaAlertText(p) }, { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(p.ticketId)) }] }, brand),
});

export const slaAlertSms = defineJobKind<SlaAlertPayload, 'sms'>({
  kind: 'sla_alert_sms',
  channel: 'sms',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p, { brand }) => ({ body: `${brand.appName}: ${title(p)}. ${slaAlertText(p)} ${portalLink(brand, staffTicketPath(p.ticketId))}` }),
});

export const slaAlertPush = defineJobKind<SlaAlertPayload, 'push'>({
  kind: 'sla_alert_push',
  channel: 'push',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p) => ({ title: title(p), body: slaAlertText(p), url: staffTicketPath(p.ticketId), tag: `sla-${p.ticketId}` }),
});

/** Every job kind of the SLA feature (api/src/notification-kinds.ts). */
export const slaKinds = [slaAlertEmail, slaAlertSms, slaAlertPush];
