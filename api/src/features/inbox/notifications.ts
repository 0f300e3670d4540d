/**
 * The inbox feature's job kinds (docs/notifications.md "Your alerts"): a personal alert to one staff
 * member by the channels they chose (e-mail to their account's address, SMS to their account's
 * phone, push to their devices for mentions). The same words as their inbox entry. Registered in
 * api/src/notification-kinds.ts; who gets them is alerts.ts, by the shared rule `wantsAlert`.
 */
import { staffTicketPath, type InboxKind } from '@portal/shared';
import { defineJobKind, emailContent, portalLink, shorten } from '../../notify';

/** Facts of a personal alert: the ticket, what happened and the inbox entry's text. */
export interface PersonalAlertPayload {
  ticketId: string;
  ticketNumber: string;
  event: InboxKind;
  text: string;
}

const TITLES: Record<InboxKind, string> = {
  new_ticket: 'New ticket',
  assigned: 'Assigned to you',
  customer_reply: 'Customer reply',
  sla: 'SLA alert',
  mention: 'You were mentioned',
};
const title = (p: PersonalAlertPayload) => `${TITLES[p.event]}: ${p.ticketNumber}`;

export const personalAlertEmail = defineJobKind<PersonalAlertPayload, 'email'>({
  kind: 'personal_alert_email',
  channel: 'email',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p, { brand }) =>
    emailContent(
      {
        subject: title(p),
        title: title(p),
        blocks: [
          { type: 'p', text: shorten(p.text, 2000) },
          { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(p.ticketId)) },
          { type: 'p', text: 'You get this because of your notification preferences (user settings).' },
        ],
      },
      brand,
    ),
});

export const personalAlertSms = defineJobKind<PersonalAlertPayload, 'sms'>({
  kind: 'personal_alert_sms',
  channel: 'sms',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p, { brand }) => ({ body: `${brand.appName}: ${shorten(p.text, 300)} ${portalLink(brand, staffTicketPath(p.ticketId))}` }),
});

export const personalAlertPush = defineJobKind<PersonalAlertPayload, 'push'>({
  kind: 'personal_alert_push',
  channel: 'push',
  ticketId: (p) => p.ticketId,
  summary: (p) => title(p),
  render: (p) => ({ title: title(p), body: shorten(p.text, 180), url: staffTicketPath(p.ticketId), tag: `ticket-${p.ticketId}` }),
});

/** Every job kind of the inbox feature (api/src/notification-kinds.ts). */
export const inboxKinds = [personalAlertEmail, personalAlertSms, personalAlertPush];
