/**
 * The database part of a backup (docs/backup.md "Why a logical dump"): every table's rows as JSON,
 * read in ONE `REPEATABLE READ READ ONLY` transaction, so the archive is one consistent snapshot
 * while the app keeps writing (on PostgreSQL writers are not blocked; on PGlite, which runs one
 * statement at a time, writes wait until the dump's transaction ends). The same code serves both
 * engines, and a backup of one restores into the other.
 *
 * Restore runs the migrations of this version first (the backup must have the same list), then in
 * one transaction, with triggers and foreign-key checks off (`session_replication_role = replica`,
 * which needs a superuser role on PostgreSQL, as `pg_restore --disable-triggers` does): empties
 * every table, inserts the rows with `jsonb_populate_recordset`, and sets the sequences.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ArchiveError, ROWS_PER_RECORD, type ArchiveRecord, type SequenceRecord, type TableRecord } from './archive';

/** Schemas whose tables are backed up (drizzle's own schema holds only the migration list). */
const SCHEMAS = ['public'];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** Tags of this version's migrations, in order (api/drizzle/meta/_journal.json). */
export function migrationTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

interface TableInfo {
  schema: string;
  name: string;
  columns: string[];
}

async function tables(db: Database): Promise<TableInfo[]> {
  const rows = await rowsOf<{ schema: string; name: string; columns: string[] }>(
    db,
    sql`select n.nspname as schema, c.relname as name,
          array_agg(a.attname::text order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relkind = 'r' and n.nspname in (${sql.join(SCHEMAS.map((s) => sql`${s}`), sql`, `)})
        group by n.nspname, c.relname
        order by n.nspname, c.relname`,
  );
  return rows.map((r) => ({ ...r, columns: typeof r.columns === 'string' ? parsePgArray(r.columns) : r.columns }));
}

/** node-postgres returns `name[]`-like arrays as text when the type parser is unknown. */
function parsePgArray(text: string): string[] {
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
}

async function sequences(db: Database): Promise<SequenceRecord[]> {
  const seqs = await rowsOf<{ schema: string; name: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname in (${sql.join(SCHEMAS.map((s) => sql`${s}`), sql`, `)}) order by 1, 2`,
  );
  const out: SequenceRecord[] = [];
  for (const s of seqs) {
    const [v] = await rowsOf<{ last_value: string | number; is_called: boolean }>(db, sql.raw(`select last_value::text as last_value, is_called from ${qualified(s.schema, s.name)}`));
    out.push({ kind: 'sequence', schema: s.schema, name: s.name, lastValue: String(v!.last_value), isCalled: v!.is_called });
  }
  return out;
}

/**
 * Writes every table and sequence of one snapshot to `emit` (see module doc). Rows are read through
 * a cursor, {@link ROWS_PER_RECORD} at a time, so memory stays bounded.
 * @returns how many tables and rows were written.
 */
export async function dumpDatabase(db: Database, emit: (record: ArchiveRecord) => Promise<void>): Promise<{ tables: number; rows: number }> {
  let rowCount = 0;
  let tableCount = 0;
  await db.transaction(
    async (tx) => {
      for (const t of await tables(tx)) {
        tableCount++;
        await emit({ kind: 'table', schema: t.schema, name: t.name, columns: t.columns });
        const cursor = `backup_${tableCount}`;
        const cols = t.columns.map(ident).join(', ');
        await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for select to_jsonb(r) as j from (select ${cols} from only ${qualified(t.schema, t.name)}) r`));
        for (;;) {
          const batch = await rowsOf<{ j: unknown }>(tx, sql.raw(`fetch ${ROWS_PER_RECORD} from ${cursor}`));
          if (batch.length === 0) break;
          rowCount += batch.length;
          await emit({ kind: 'rows', rows: batch.map((b) => (typeof b.j === 'string' ? JSON.parse(b.j) : b.j)) });
        }
        await tx.execute(sql.raw(`close ${cursor}`));
      }
      for (const s of await sequences(tx)) await emit(s);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { tables: tableCount, rows: rowCount };
}

/** The database side of a restore, used inside one transaction by restore.ts. */
export interface TableLoader {
  /** Starts a table of the archive. @throws ArchiveError when this version has no such table or column. */
  table(record: TableRecord): Promise<void>;
  rows(rows: unknown[]): Promise<void>;
  sequence(record: SequenceRecord): Promise<void>;
}

/**
 * Prepares `tx` for loading: triggers and foreign keys off for the transaction, every table of this
 * version emptied (the migrations' own seed rows included), then returns the loader.
 * @throws Error with a clear message when the role may not switch triggers off (PostgreSQL non-superuser).
 */
export async function startLoading(tx: Database): Promise<TableLoader> {
  try {
    await tx.execute(sql`set local session_replication_role = replica`);
  } catch (err) {
    throw new Error(`Restore needs a database superuser (to load rows with triggers and foreign-key checks off, like pg_restore --disable-triggers): ${(err as Error).message}`, { cause: err });
  }
  const known = new Map((await tables(tx)).map((t) => [`${t.schema}.${t.name}`, t]));
  if (known.size > 0) await tx.execute(sql.raw(`truncate ${[...known.values()].map((t) => qualified(t.schema, t.name)).join(', ')}`));
  let current: TableRecord | null = null;
  return {
    async table(record) {
      const t = known.get(`${record.schema}.${record.name}`);
      if (!t) throw new ArchiveError(`The backup has a table ${record.schema}.${record.name} this version does not know.`);
      const missing = record.columns.filter((c) => !t.columns.includes(c));
      if (missing.length) throw new ArchiveError(`The backup's table ${record.name} has columns this version does not know: ${missing.join(', ')}.`);
      current = record;
    },
    async rows(rows) {
      if (!current) throw new ArchiveError('The backup has rows before any table.');
      const cols = current.columns.map(ident).join(', ');
      const target = qualified(current.schema, current.name);
      await tx.execute(sql`insert into ${sql.raw(target)} (${sql.raw(cols)}) select ${sql.raw(cols)} from jsonb_populate_recordset(null::${sql.raw(target)}, ${JSON.stringify(rows)}::jsonb)`);
    },
    async sequence(record) {
      await tx.execute(sql`select setval(${qualified(record.schema, record.name)}::regclass, ${record.lastValue}::bigint, ${record.isCalled})`);
    },
  };
}
