/** The inbox's and notification preferences' words (issue 57 point 5). */
import type { InboxKind } from '@portal/shared';

export const INBOX_PATH = '/inbox';
export const PREFERENCES_PATH = '/account/notifications';

export const INBOX_TEXT = {
  heading: 'Inbox',
  bellLabel: (n: number) => (n === 0 ? 'Inbox, no unread alerts' : `Inbox, ${n} unread`),
  empty: 'Nothing here yet. Alerts you chose show here.',
  markAll: 'Mark all read',
  unread: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  preferences: 'Notification preferences',
  kinds: { new_ticket: 'New ticket', assigned: 'Assigned to you', customer_reply: 'Customer reply', sla: 'SLA', mention: 'Mention' } satisfies Record<InboxKind, string>,
};
