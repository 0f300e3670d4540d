/** The "Notification preferences" screen's words (issue 57 point 5). */
import type { AlertChannel } from '@portal/shared';

export const PREFS_TEXT = {
  heading: 'Notification preferences',
  lead: 'Choose which alerts reach you, and how. Everything you choose also shows in your Inbox. Notification e-mails and the support SMS number set by an admin are not changed here.',
  event: 'Alert',
  channels: { email: 'E-mail', sms: 'SMS', push: 'Push' } satisfies Record<AlertChannel, string>,
  rows: { newTickets: 'New tickets', assigned: 'Tickets assigned to me', customerReplies: 'Customer replies on my tickets', sla: 'SLA warnings and breaches', mentions: 'Mentions in internal notes' },
  newTicketChoices: { all: 'All', urgent: 'Urgent only', none: 'None' },
  slaChoices: { mine: 'My tickets', all: 'All tickets', none: 'None' },
  quietHeading: 'Quiet hours',
  quietEnabled: 'No e-mail, SMS or push during quiet hours',
  from: 'From',
  to: 'To',
  timeZone: 'Time zone',
  urgentBreaks: 'Urgent tickets still reach me',
  save: 'Save preferences',
  saving: 'Saving...',
  saved: 'Preferences saved',
  failed: 'Could not save your preferences.',
  offline: 'Saving needs a connection.',
  loadFailed: 'Could not load your preferences. Check the connection and try again.',
  noContact: (what: string) => `Your account has no ${what}: those alerts cannot be sent.`,
};
