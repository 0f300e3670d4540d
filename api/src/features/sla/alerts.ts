/**
 * The SLA alert sweep (docs/sla.md): finds running clocks past 80 % of a
 * target or past its due time and claims each (ticket, target, level) once in `sla_alerts`
 * (INSERT ... ON CONFLICT DO NOTHING RETURNING), enqueueing the alert jobs for the claimed rows in
 * the same transaction, with dedupe keys `<ticket>:<target>:<level>`. Safe in every API process at
 * once: a concurrent sweep inserts nothing and sends nothing. A clock that is paused (waiting on the
 * customer) or stopped (responded / resolved) alerts nothing, nor does one whose moment passed more
 * than a day ago (STALE_AFTER). Each claimed alert is also one `ticket.sla_alert` event, emitted in
 * the claim's transaction (so exactly once, whichever process claims it): the inbox feature gives it
 * to the staff who chose SLA alerts (inbox entry, personal e-mail/SMS/push by their choices; the
 * assignee's push, formerly written here, is one of those choices and on by default).
 */
import { sql } from 'drizzle-orm';
import { alertsBySms, type Severity } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { enqueueJobs, getNotificationEmails, getSupportSmsNumber, prepareJob, type PreparedJob } from '../../notify';
import { event, type DomainEvent, type EventBus } from '../../events';
import { slaAlertEmail, slaAlertSms, slaAlertText, type SlaAlertPayload } from './notifications';

/**
 * Alerts whose moment passed longer ago than this are never sent: after an upgrade (due times
 * backfilled for old open tickets) or a long outage, a flood of stale warnings helps nobody.
 */
const STALE_AFTER = '1 day';

/** Most alerts claimed per sweep (the next sweep takes the rest). */
export const SWEEP_LIMIT = 200;

interface Claimed {
  ticketId: string;
  alert: string;
  ticketNumber: string;
  severity: Severity;
  clientName: string;
  assignedTo: string | null;
  dueAt: Date | string;
}

/**
 * One sweep at `now` in its own transaction; the claimed alerts' events go through `events`.
 * Returns how many alerts it claimed (0 when another process claimed them first).
 */
export async function sweepSlaAlerts(db: Database, now: Date, events: EventBus): Promise<number> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const at = sql`${now.toISOString()}::timestamptz`;
    const claimed = await rowsOf<Claimed>(
      tx,
      sql`WITH due AS (
            SELECT t.id, a.alert, a.due_at FROM ticket_facts t
            CROSS JOIN LATERAL (VALUES
              ('response:warning', t.first_response_warn_at, t.first_response_due_at, t.first_response_at IS NULL),
              ('response:breach', t.first_response_due_at, t.first_response_due_at, t.first_response_at IS NULL),
              ('resolution:warning', t.resolution_warn_at, t.resolution_due_at, true),
              ('resolution:breach', t.resolution_due_at, t.resolution_due_at, true)) AS a(alert, fire_at, due_at, running)
            WHERE t.resolved_at IS NULL AND NOT t.waiting_on_customer AND t.status IN ('open', 'in_progress')
              AND (t.first_response_warn_at <= ${at} OR t.resolution_warn_at <= ${at})
              AND a.running AND a.fire_at <= ${at} AND a.fire_at > ${at} - ${STALE_AFTER}::interval
              AND NOT EXISTS (SELECT 1 FROM sla_alerts s WHERE s.ticket_id = t.id AND s.alert = a.alert)
            LIMIT ${SWEEP_LIMIT}
          ), ins AS (
            INSERT INTO sla_alerts (ticket_id, alert, created_at) SELECT id, alert, ${at} FROM due
            ON CONFLICT DO NOTHING RETURNING ticket_id, alert)
          SELECT ins.ticket_id AS "ticketId", ins.alert, t.ticket_number AS "ticketNumber", t.severity,
            t.client_name AS "clientName", t.assigned_to AS "assignedTo", due.due_at AS "dueAt"
          FROM ins JOIN due ON due.id = ins.ticket_id AND due.alert = ins.alert
          JOIN ticket_facts t ON t.id = ins.ticket_id`,
    );
    if (claimed.length === 0) return 0;
    const emails = await getNotificationEmails(tx);
    const sms = await getSupportSmsNumber(tx);
    const jobs: PreparedJob[] = [];
    const emitted: DomainEvent[] = [];
    for (const c of claimed) {
      const [target, level] = c.alert.split(':') as [SlaAlertPayload['target'], SlaAlertPayload['level']];
      const payload: SlaAlertPayload = {
        ticketId: c.ticketId,
        ticketNumber: c.ticketNumber,
        severity: c.severity,
        clientName: c.clientName,
        target,
        level,
        dueAt: new Date(c.dueAt).toISOString(),
      };
      const key = `${c.ticketId}:${c.alert}`;
      for (const to of emails) jobs.push(prepareJob(slaAlertEmail, { to, payload, dedupeKey: `${key}:${to}` }));
      if (sms && alertsBySms(c.severity, 'sla')) jobs.push(prepareJob(slaAlertSms, { to: sms, payload, dedupeKey: key }));
      const { ticketId, ticketNumber, severity, dueAt } = payload;
      emitted.push(event('ticket.sla_alert', { ticketId, ticketNumber, severity, assignedTo: c.assignedTo, target, level, dueAt, text: slaAlertText(payload) }, now, null));
    }
    await enqueueJobs(tx, jobs, now);
    await events.emit(tx, emitted);
    return claimed.length;
  });
}
