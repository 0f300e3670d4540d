/**
 * Tags SQL (docs/tags.md, migration 0046): the tags, the tickets' links, and the setting that lets
 * technicians create tags. Names are unique without regard to case (`tags_name_key` on lower(name)).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { tagKey, sortTags, type Tag } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { findSetting, upsertSetting } from '../../db/settings';

/** settings key: 'true' when technicians may create new tags (admins always may). */
export const TECHNICIANS_CREATE_KEY = 'tags_technicians_create';

export async function techniciansMayCreate(db: Database): Promise<boolean> {
  return (await findSetting(db, TECHNICIANS_CREATE_KEY))?.value === 'true';
}

export async function setTechniciansMayCreate(tx: Database, on: boolean, now: Date): Promise<void> {
  await upsertSetting(tx, { key: TECHNICIANS_CREATE_KEY, value: String(on), description: 'Technicians may create new tags' }, now);
}

type TagRow = { id: string; name: string; ticket_count: number | string };
const present = (r: TagRow): Tag => ({ id: r.id, name: r.name, ticketCount: Number(r.ticket_count) });

/** Every tag with its ticket count, by name. */
export async function listTags(db: Database): Promise<Tag[]> {
  const rows = await rowsOf<TagRow>(db, sql`
    select t.id, t.name, (select count(*) from ticket_tags l where l.tag_id = t.id) as ticket_count
    from tags t order by lower(t.name), t.name`);
  return rows.map(present);
}

export async function findTag(db: Database, id: string, lock = false): Promise<Tag | undefined> {
  const [row] = await rowsOf<TagRow>(db, sql`
    select t.id, t.name, (select count(*) from ticket_tags l where l.tag_id = t.id) as ticket_count
    from tags t where t.id = ${id} ${lock ? sql`for update of t` : sql``}`);
  return row ? present(row) : undefined;
}

/** Inserts a tag; undefined when the name is taken (any case). */
export async function insertTag(tx: Database, name: string): Promise<Tag | undefined> {
  const [row] = await rowsOf<{ id: string; name: string }>(tx, sql`insert into tags (name) values (${name}) on conflict do nothing returning id, name`);
  return row ? { id: row.id, name: row.name, ticketCount: 0 } : undefined;
}

/** Renames; false when the name is taken by another tag. */
export async function renameTagRow(tx: Database, id: string, name: string): Promise<boolean> {
  const taken = await rowsOf<{ id: string }>(tx, sql`select id from tags where lower(name) = ${tagKey(name)} and id <> ${id}`);
  if (taken.length) return false;
  await tx.execute(sql`update tags set name = ${name} where id = ${id}`);
  return true;
}

/** The tickets of tag `id`. */
export async function ticketsOfTag(db: Database, id: string): Promise<string[]> {
  return (await rowsOf<{ ticket_id: string }>(db, sql`select ticket_id from ticket_tags where tag_id = ${id} order by ticket_id`)).map((r) => r.ticket_id);
}

/**
 * Moves every link of tag `from` to tag `into` (a ticket that has both keeps one) and deletes
 * `from`, in one transaction. Returns the tickets that gained `into` and those that had both.
 */
export async function mergeTagRows(tx: Database, from: string, into: string): Promise<{ gained: string[]; hadBoth: string[] }> {
  const moved = await rowsOf<{ ticket_id: string }>(tx, sql`
    insert into ticket_tags (ticket_id, tag_id, created_at)
    select ticket_id, ${into}, created_at from ticket_tags where tag_id = ${from}
    on conflict do nothing returning ticket_id`);
  const all = await ticketsOfTag(tx, from);
  await tx.execute(sql`delete from tags where id = ${from}`); // its links go with it (on delete cascade)
  const gained = new Set(moved.map((r) => r.ticket_id));
  return { gained: [...gained], hadBoth: all.filter((id) => !gained.has(id)) };
}

export async function deleteTagRow(tx: Database, id: string): Promise<void> {
  await tx.execute(sql`delete from tags where id = ${id}`);
}

/** The tags of names `names` (any case) that exist. */
export async function tagsNamed(db: Database, names: string[]): Promise<{ id: string; name: string }[]> {
  if (!names.length) return [];
  const keys = names.map(tagKey);
  return rowsOf(db, sql`select id, name from tags where lower(name) in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
}

/** Links tags to a ticket; the names actually added. */
export async function linkTags(tx: Database, ticketId: string, tagIds: string[], now: Date): Promise<string[]> {
  if (!tagIds.length) return [];
  const rows = await rowsOf<{ name: string }>(tx, sql`
    with added as (insert into ticket_tags (ticket_id, tag_id, created_at)
      select ${ticketId}, unnest(${sql.raw('array[')}${sql.join(tagIds.map((id) => sql`${id}::uuid`), sql`, `)}${sql.raw(']')}), ${now.toISOString()}::timestamptz
      on conflict do nothing returning tag_id)
    select t.name from added join tags t on t.id = added.tag_id`);
  return sortTags(rows.map((r) => r.name));
}

/** Unlinks tags from a ticket; the names actually removed. */
export async function unlinkTags(tx: Database, ticketId: string, tagIds: string[]): Promise<string[]> {
  if (!tagIds.length) return [];
  const rows = await rowsOf<{ name: string }>(tx, sql`
    with gone as (delete from ticket_tags where ticket_id = ${ticketId} and tag_id in (${sql.join(tagIds.map((id) => sql`${id}::uuid`), sql`, `)}) returning tag_id)
    select t.name from gone join tags t on t.id = gone.tag_id`);
  return sortTags(rows.map((r) => r.name));
}

/** Map<ticketId, tag names sorted>; tickets without tags are absent. One query. */
export async function tagsOfTickets(db: Database, ticketIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ticketIds.length) return out;
  const rows = await rowsOf<{ ticket_id: string; name: string }>(db, sql`
    select l.ticket_id, t.name from ticket_tags l join tags t on t.id = l.tag_id
    where l.ticket_id in (${sql.join(ticketIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  for (const r of rows) out.set(r.ticket_id, [...(out.get(r.ticket_id) ?? []), r.name]);
  for (const [k, v] of out) out.set(k, sortTags(v));
  return out;
}

/**
 * SQL condition: the ticket has the tag `name` (ignoring case; a value or a prepared statement's
 * placeholder): the staff list's `?tag=` filter. The
 * subquery's aliases (tag_l, tag_n) are unlikely names so `ticketId` may name the caller's `t` or `l`.
 */
export function ticketTaggedSql(ticketId: SQL, name: string | Placeholder): SQL {
  return sql`exists (select 1 from ticket_tags tag_l join tags tag_n on tag_n.id = tag_l.tag_id where tag_l.ticket_id = ${ticketId} and lower(tag_n.name) = lower(${name}))`;
}

/**
 * A ticket's tags as a SQL subquery of rows `(name)`, for `left join lateral ... on true` (reports that
 * group by tag: a ticket with two tags gives two rows, one without tags one row of null).
 */
export function ticketTagRowsSql(ticketId: SQL): SQL {
  return sql`(select t.name from ticket_tags l join tags t on t.id = l.tag_id where l.ticket_id = ${ticketId})`;
}

/**
 * Every link of a ticket to a tag as a SQL subquery of rows `(ticket_id, name)`, to join to tickets
 * by id (reports per tag over many tickets: the KPI dashboard's `byTag` reads only tagged tickets).
 */
export function tagLinksSql(): SQL {
  return sql`(select l.ticket_id, t.name from ticket_tags l join tags t on t.id = l.tag_id)`;
}

/** A ticket's tag names as a SQL JSON array sorted by lower(name) (the staff list page's `tags`). */
export function tagsJsonSql(ticketId: SQL): SQL {
  return sql`(select coalesce(json_agg(t.name order by lower(t.name) collate "C", t.name collate "C"), '[]'::json) from ticket_tags l join tags t on t.id = l.tag_id where l.ticket_id = ${ticketId})`;
}
