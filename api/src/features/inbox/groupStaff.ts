/**
 * Every staff member with their alert choices, read ONCE per group commit of new tickets and shared
 * by the subscribers that need them (issue 49's CPU per create, docs/benchmarks.md "Creates and
 * patches before and after domain events"): the inbox's `inbox.new_ticket_entries` and
 * `inbox.new_ticket_mail`, and the tickets feature's `tickets.new_ticket_alerts` (pushes follow
 * their owners' choices), which reads them in its recipients statement ({@link STAFF_PEOPLE_COLUMN}).
 * A group is keyed by its first event object: the bus hands the same event objects to every
 * subscriber of one emit (or one `write`), and the read is forgotten with them.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_ALERT_PREFERENCES, STAFF_ROLES } from '@portal/shared';
import type { Database } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';
import { staffPeople, storedPreferences, type StaffPerson } from './repository';

const ofGroup = new WeakMap<object, Promise<StaffPerson[]>>();

/**
 * The staff read of the group of `events` (non-empty; any subscriber's events of one emit): the one
 * under way or done, else one started now by `read` (default: its own statement on `db`).
 * Same rows as `staffPeople(db)`: enabled technicians and admins by username.
 */
export function staffOfGroup(events: readonly object[], db: Database, read: () => Promise<StaffPerson[]> = () => staffPeople(db)): Promise<StaffPerson[]> {
  const key = events[0]!;
  let people = ofGroup.get(key);
  if (!people) {
    people = read();
    ofGroup.set(key, people);
  }
  return people;
}

/** True when the group of `events` has its staff read under way or done. */
export const staffOfGroupRead = (events: readonly object[]): boolean => ofGroup.has(events[0]!);

/**
 * `staffPeople(db)` as ONE json column of another statement (a scalar subquery: a JSON array of
 * `{ id, username, email, phone, p }`, ordered by username); {@link staffPeopleOf} reads it back.
 */
export const STAFF_PEOPLE_COLUMN = sql`(select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'email', u.email, 'phone', u.phone, 'p', np.preferences) order by u.username), '[]'::json)
  from ${users} u left join ${notificationPreferences} np on np.user_id = u.id
  where u.role in (${sql.join(STAFF_ROLES.map((r) => sql`${r}`), sql`, `)}) and u.disabled_at is null)`;

/** The people of a {@link STAFF_PEOPLE_COLUMN} value (a JSON array, or its text from a driver that gives text). */
export function staffPeopleOf(value: unknown): StaffPerson[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as { id: string; username: string; email: string | null; phone: string | null; p: unknown }[];
  return rows.map(({ p, ...r }) => ({ id: r.id, username: r.username, email: r.email ?? null, phone: r.phone ?? null, preferences: p ? storedPreferences(p) : DEFAULT_ALERT_PREFERENCES }));
}
