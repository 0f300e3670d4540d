/**
 * SMS and web-push texts (SPEC.md 7, issue 4). SMS stay near one or two segments (about 160-300
 * characters); push titles and bodies fit a phone's notification shade. The push `url` opens the
 * ticket in the staff PWA: `/technician?ticket=<id>`.
 */
import { ALERTING_SEVERITIES, SEVERITY_NAMES, type PushPayload } from '@portal/shared';
import type { Brand, JobPayload, SmsMessage } from '../types';
import { portalLink, shorten, ticketPath } from './layout';

/**
 * Renders the SMS of a job.
 * @throws Error for a payload kind that is not an SMS.
 */
export function renderSms(payload: JobPayload, to: string, brand: Brand): SmsMessage {
  switch (payload.kind) {
    case 'support_sms': {
      const t = payload.ticket;
      const who = t.businessName ? `${t.clientName} (${t.businessName})` : t.clientName;
      const body = `${brand.appName}: ${SEVERITY_NAMES[t.severity].toUpperCase()} ticket ${t.ticketNumber} from ${who}, ${t.customerPhone}: ${shorten(t.issue, 90)} ${portalLink(brand, ticketPath(t.id))}`;
      return { to, body };
    }
    case 'customer_sms': {
      const t = payload.ticket;
      const priority = ALERTING_SEVERITIES.includes(t.severity) ? ' We are treating it as high priority.' : '';
      const body = `${brand.appName}: we received your support request, ticket ${t.ticketNumber}.${priority} A technician will contact you soon. Urgent? Call ${brand.supportPhone}.`;
      return { to, body };
    }
    case 'test_sms':
      return { to, body: `${brand.appName}: this is a test SMS. Support SMS notifications are working.` };
    default:
      throw new Error(`No SMS template for ${payload.kind}`);
  }
}

/**
 * Renders the web push of a job (shared PushPayload; `tag` groups one ticket's notifications).
 * @throws Error for a payload kind that is not a push.
 */
export function renderPush(payload: JobPayload): PushPayload {
  switch (payload.kind) {
    case 'new_ticket_push': {
      const t = payload.ticket;
      const who = t.businessName ? `${t.clientName} (${t.businessName})` : t.clientName;
      return {
        title: `New ticket ${t.ticketNumber} (${SEVERITY_NAMES[t.severity]})`,
        body: `${who}: ${shorten(t.issue, 120)}`,
        url: ticketPath(t.id),
        tag: `ticket-${t.id}`,
      };
    }
    case 'assigned_push': {
      const t = payload.ticket;
      return {
        title: `Assigned to you: ${t.ticketNumber}`,
        body: `${payload.actorName} assigned you ${t.clientName}'s ticket: ${shorten(t.issue, 110)}`,
        url: ticketPath(t.id),
        tag: `ticket-${t.id}`,
      };
    }
    case 'bad_rating_push': {
      const sv = payload.survey;
      const words = sv.comments ?? sv.improvements;
      return {
        title: `Low rating ${sv.overallRating}/5 on ${sv.ticketNumber}`,
        body: `${sv.customerName ?? 'The customer'} rated your support ${sv.overallRating}/5${words ? `: ${shorten(words, 110)}` : '.'}`,
        url: ticketPath(sv.ticketId),
        tag: `survey-${sv.ticketId}`,
      };
    }
    default:
      throw new Error(`No push template for ${payload.kind}`);
  }
}
