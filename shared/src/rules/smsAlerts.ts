import type { Severity } from '../constants';

/**
 * What may text the support phone: a new ticket (SPEC.md "Server-side behaviour": high and urgent
 * tickets send an SMS to the support number; customers of those tickets get one too) or an SLA
 * warning or breach (docs/sla.md: only urgent tickets; the e-mails and the assignee's push cover the rest).
 */
export type SmsAlertReason = 'new_ticket' | 'sla';

/** Severities whose tickets alert by SMS, per reason: the one place this is decided. */
export const SMS_ALERT_SEVERITIES: Readonly<Record<SmsAlertReason, readonly Severity[]>> = {
  new_ticket: ['high', 'urgent'],
  sla: ['urgent'],
};

/** True when a ticket of `severity` texts the support phone for `reason` (default: a new ticket). */
export function alertsBySms(severity: Severity, reason: SmsAlertReason = 'new_ticket'): boolean {
  return SMS_ALERT_SEVERITIES[reason].includes(severity);
}
