/**
 * The inbox feature's port (api/README.md "Features and ports"): what other features may import.
 * - `staffOfGroup(events, db, read?)`, `staffOfGroupRead(events)`, `STAFF_PEOPLE_COLUMN`,
 *   `staffPeopleOf(value)`: every staff member with their choices, read once per group commit of new
 *   tickets and shared by its subscribers (groupStaff.ts); the tickets feature's alerts read it in
 *   their recipients statement.
 * - `alertPreferencesOf(db, userIds)`: the alert choices of these people (the defaults for those who
 *   never chose), for features that write personal alerts themselves (the tickets feature's pushes)
 *   and filter them with the shared rule `alertSendAt`;
 * - `purgeOldInboxItems(db, now)`: housekeeping, read entries older than 90 days deleted (main.ts).
 * - `wantedPushes(subs, prefs, alert, at)`: those devices whose owners want the alert by push, with
 *   the due time of a push their quiet hours hold.
 */
import { DEFAULT_ALERT_PREFERENCES, alertSendAt, type AlertPreferences, type PersonalAlert } from '@portal/shared';
import type { Database } from '../../db/client';
import { staffPeople } from './repository';

export { purgeOldInboxItems } from './cleanup';
export { STAFF_PEOPLE_COLUMN, staffOfGroup, staffOfGroupRead, staffPeopleOf } from './groupStaff';
export type { StaffPerson } from './repository';

/** Choices by user id; every id asked for is in the map (disabled or non-staff accounts get the defaults). */
export async function alertPreferencesOf(db: Database, userIds: readonly string[]): Promise<Map<string, AlertPreferences>> {
  const ids = [...new Set(userIds)];
  const found = new Map(ids.length ? (await staffPeople(db, { ids })).map((p) => [p.id, p.preferences]) : []);
  return new Map(ids.map((id) => [id, found.get(id) ?? DEFAULT_ALERT_PREFERENCES]));
}

/**
 * The devices of `subs` whose owners want `alert(owner id)` by push at `at` (the shared rule
 * `alertSendAt`; owners missing from `prefs` have the defaults), each with the `dueAt` to give its
 * job: absent when it goes at once, the end of the owner's quiet hours when they hold it.
 */
export function wantedPushes<S extends { userId: string }>(subs: readonly S[], prefs: Map<string, AlertPreferences>, alert: (userId: string) => PersonalAlert, at: Date): { to: S; dueAt?: Date }[] {
  return subs.flatMap((to) => {
    const send = alertSendAt(prefs.get(to.userId) ?? DEFAULT_ALERT_PREFERENCES, alert(to.userId), 'push', at);
    if (!send) return [];
    return [send.getTime() > at.getTime() ? { to, dueAt: send } : { to }];
  });
}
