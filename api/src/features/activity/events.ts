/**
 * The admin activity log (docs/activity.md) as a subscriber (docs/events.md), registered in
 * api/src/event-subscribers.ts: `activity.log` writes one activity_log row per admin change event,
 * IN the change's transaction (a refused or rolled-back change logs nothing; a change cannot commit
 * without its row). Events without an actor (the command line, the customer) are not logged. What
 * is logged is {@link entryOf}: the area, the action and its target (a username, a setting key, an
 * e-mail address, a title, a file name), never a setting's value or a password.
 */
import type { ActivityArea } from '@portal/shared';
import { defineSubscriber, type DomainEvent, type EventName } from '../../events';
import { insertActivities } from './repository';

/** The events the log records. */
export const LOGGED_EVENTS = [
  'user.created',
  'user.updated',
  'user.deleting',
  'user.disabled',
  'user.enabled',
  'user.login_unlocked',
  'user.second_factor_reset',
  'settings.changed',
  'content.changed',
  'file.changed',
] as const satisfies readonly EventName[];

const SETTINGS_ACTIONS = {
  system: 'Changed setting',
  notification_emails: 'Added notification recipient',
  sla_policy: 'Changed the SLA policy',
  two_factor_policy: 'Changed the two-factor policy',
  backup_schedule: 'Changed the backup schedule',
} as const;

/** The log entry of an event (area, action, target), or null when the event is not logged. */
export function entryOf(e: DomainEvent): { area: ActivityArea; action: string; target: string | null } | null {
  switch (e.name) {
    case 'user.created':
      return { area: 'users', action: 'Created user', target: e.data.username };
    case 'user.updated':
      return { area: 'users', action: e.data.passwordReset ? 'Updated user and reset the password' : 'Updated user', target: e.data.username };
    case 'user.deleting':
      return { area: 'users', action: 'Deleted user', target: e.data.username };
    case 'user.disabled':
      return { area: 'users', action: 'Disabled user', target: e.data.username };
    case 'user.enabled':
      return { area: 'users', action: 'Enabled user', target: e.data.username };
    case 'user.login_unlocked':
      return { area: 'users', action: 'Unlocked sign-in', target: e.data.username };
    case 'user.second_factor_reset':
      return { area: 'users', action: 'Reset two-factor sign-in', target: e.data.username };
    case 'settings.changed': {
      const action = e.data.area === 'notification_emails' && e.data.action === 'removed' ? 'Removed notification recipient' : SETTINGS_ACTIONS[e.data.area];
      return { area: 'settings', action, target: e.data.key };
    }
    case 'content.changed':
      return { area: 'content', action: { created: 'Created content', updated: 'Updated content', deleted: 'Deleted content' }[e.data.action], target: e.data.title };
    case 'file.changed':
      return { area: 'files', action: { uploaded: 'Uploaded file', replaced: 'Replaced file', deleted: 'Deleted file' }[e.data.action], target: e.data.name };
    default:
      return null;
  }
}

const log = defineSubscriber({
  name: 'activity.log',
  events: LOGGED_EVENTS,
  phase: 'transaction',
  async handle(events, { tx }) {
    const rows = [];
    for (const e of events as DomainEvent[]) {
      const entry = e.actor ? entryOf(e) : null;
      if (entry && e.actor) rows.push({ ...entry, actorId: e.actor.id, actorName: e.actor.username, createdAt: e.at });
    }
    await insertActivities(tx, rows);
  },
});

/** The activity feature's subscribers. */
export const activitySubscribers = [log];
