/**
 * The inbox feature's SQL (issue 57 point 5, docs/notifications.md "Your alerts"): people's alert
 * choices (`notification_preferences`, absent = DEFAULT_ALERT_PREFERENCES) and their inbox entries
 * (`inbox_items`). Staff are read from the shared `users` table (usernames, e-mail, phone).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ALERT_PREFERENCES, STAFF_ROLES, alertPreferencesSchema, type AlertPreferences, type InboxItem, type InboxKind, type InboxPage, type InboxRead } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inboxItems, notificationPreferences, users } from '../../db/schema';

/** Stored choices read leniently: anything that no longer parses counts as the defaults. */
export function storedPreferences(value: unknown): AlertPreferences {
  const parsed = alertPreferencesSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ALERT_PREFERENCES;
}

/** A staff member as alerts need them: whom to write to and what they chose. */
export interface StaffPerson {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  preferences: AlertPreferences;
}

/** One person's choices (the defaults when they never chose). */
export async function readPreferences(db: Database, userId: string): Promise<AlertPreferences> {
  const [row] = await db.select({ p: notificationPreferences.preferences }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ? storedPreferences(row.p) : DEFAULT_ALERT_PREFERENCES;
}

/** Stores one person's choices (insert or replace). */
export async function savePreferences(tx: Database, userId: string, preferences: AlertPreferences, now: Date): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ userId, preferences, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { preferences, updatedAt: now } });
}

/**
 * Enabled technicians and admins with their choices, one statement: all of them (`who` absent),
 * those with these ids, or those with these usernames (lower-cased, as mentions are).
 */
export async function staffPeople(db: Database, who?: { ids?: string[]; usernames?: string[] }): Promise<StaffPerson[]> {
  const filters: SQL[] = [inArray(users.role, [...STAFF_ROLES]), isNull(users.disabledAt)];
  if (who?.ids) filters.push(who.ids.length ? inArray(users.id, who.ids) : sql`false`);
  if (who?.usernames) filters.push(who.usernames.length ? inArray(sql`lower(${users.username})`, who.usernames) : sql`false`);
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, phone: users.phone, p: notificationPreferences.preferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(...filters))
    .orderBy(users.username);
  return rows.map(({ p, ...r }) => ({ ...r, preferences: p ? storedPreferences(p) : DEFAULT_ALERT_PREFERENCES }));
}

/** An inbox entry to write. `text` and `ticketNumber` may hold a slot filled in by {@link inboxInsertPart}. */
export interface NewInboxItem {
  userId: string;
  ticketId: string;
  ticketNumber: string;
  kind: InboxKind;
  text: string;
  createdAt: Date;
}

function inboxInsert(items: NewInboxItem[], fill?: { numbers: SQL; slot: string }): SQL {
  const rows = items.map((i) => ({ user_id: i.userId, ticket_id: i.ticketId, ticket_number: i.ticketNumber, kind: i.kind, text: i.text, created_at: i.createdAt.toISOString() }));
  const number = fill ? sql`n.ticket_number` : sql`y.ticket_number`;
  const text = fill ? sql`replace(y.text, ${fill.slot}, n.ticket_number)` : sql`y.text`;
  const join = fill ? sql` join ${fill.numbers} n on n.id = y.ticket_id` : sql``;
  return sql`
    insert into inbox_items (user_id, ticket_id, ticket_number, kind, text, created_at)
    select y.user_id, y.ticket_id, ${number}, y.kind, ${text}, y.created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as y(user_id uuid, ticket_id uuid, ticket_number text, kind text, text text, created_at timestamptz)${join}`;
}

/** Writes inbox entries in one statement, in the caller's transaction. */
export async function insertInboxItems(tx: Database, items: NewInboxItem[]): Promise<void> {
  if (items.length) await tx.execute(inboxInsert(items));
}

/**
 * The same insert as a data-modifying CTE body of the group commit's tickets statement: the ticket
 * numbers come from `fill.numbers` (the statement's new rows) in place of `fill.slot`.
 */
export function inboxInsertPart(items: NewInboxItem[], fill: { numbers: SQL; slot: string }): SQL {
  return inboxInsert(items, fill);
}

interface ItemRow {
  id: string;
  seq: string | number;
  ticket_id: string;
  ticket_number: string;
  kind: InboxKind;
  text: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const present = (r: ItemRow): InboxItem => ({
  id: r.id,
  ticketId: r.ticket_id,
  ticketNumber: r.ticket_number,
  kind: r.kind,
  text: r.text,
  createdAt: iso(r.created_at),
  readAt: r.read_at === null ? null : iso(r.read_at),
  cursor: String(r.seq),
});

/**
 * A page of `userId`'s inbox (InboxPage), keyset on the (user_id, seq) index: entries whose change
 * position is above `since` (all when absent) and below `before` (when paging on), newest change
 * first, at most `limit`. `cursor` is the highest change position above `since` (the same on every
 * page of one pull: the next pull's `since`); `before` is where the next page starts when `more`.
 * `unread` counts from the partial index of unread entries.
 */
export async function inboxPage(db: Database, userId: string, q: { since?: string | undefined; before?: string | undefined; limit: number }): Promise<InboxPage> {
  const after = q.since ?? '0';
  const below = q.before === undefined ? sql`` : sql` and seq < ${q.before}::bigint`;
  const [items, [head]] = await Promise.all([
    rowsOf<ItemRow>(
      db,
      sql`select id, seq, ticket_id, ticket_number, kind, text, created_at, read_at from inbox_items
          where user_id = ${userId} and seq > ${after}::bigint${below} order by seq desc limit ${q.limit + 1}`,
    ),
    rowsOf<{ n: string | number; top: string | number | null }>(
      db,
      sql`select (select count(*) from inbox_items where user_id = ${userId} and read_at is null) as n,
                 (select max(seq) from inbox_items where user_id = ${userId} and seq > ${after}::bigint) as top`,
    ),
  ]);
  const more = items.length > q.limit;
  const page = items.slice(0, q.limit).map(present);
  return { items: page, unread: Number(head?.n ?? 0), cursor: head?.top == null ? after : String(head.top), more, ...(more ? { before: page[page.length - 1]!.cursor } : {}) };
}

/**
 * Marks `userId`'s entries read (the ids given, or all unread): each gets `read_at = now` and a new
 * change position; entries of other people and ones read already are left alone.
 * @returns the person's unread count afterwards.
 */
export async function markRead(tx: Database, userId: string, body: InboxRead, now: Date): Promise<number> {
  const which = 'all' in body ? sql`true` : inArray(inboxItems.id, body.ids);
  await tx
    .update(inboxItems)
    .set({ readAt: now, seq: sql`nextval('inbox_seq')` })
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt), which));
  const [row] = await rowsOf<{ n: string | number }>(tx, sql`select count(*) as n from inbox_items where user_id = ${userId} and read_at is null`);
  return Number(row?.n ?? 0);
}
