/**
 * The plan of an asset CSV import (issue 53 item 5): parses the file (csv-parse), checks every row
 * with the create rules (shared assetCreateSchema; client by name, site by name within the client)
 * and matches it to an existing asset by tag (ignoring case), else by serial number (one asset with
 * it). Reads only: the preview (`?dryRun=1`) is this plan, and the import writes exactly it.
 */
import { parse } from 'csv-parse/sync';
import { ASSET_CSV_COLUMNS, ASSET_IMPORT_MAX_ROWS, ASSET_MSG, CLIENT_MSG, assetCreateSchema, type AssetCreate, type AssetCsvField, type AssetImportError, type AssetImportRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { clientIdsByName, getClientCard } from '../clients/port';
import { findAssetsByTagOrSerial, type AssetRow } from './repository';

/** One planned row: what to write (`input`) and on which asset (`existing`). */
export interface PlannedRow extends AssetImportRow {
  input: AssetCreate;
  existing: AssetRow | null;
}

/** The whole plan: the rows (only when there is no error) and every error. */
export interface ImportPlan {
  rows: PlannedRow[];
  errors: AssetImportError[];
}

const norm = (h: string) => h.toLowerCase().replace(/[\s_-]/g, '');
const HEADERS = new Map<string, { label: string; field: AssetCsvField }>(ASSET_CSV_COLUMNS.flatMap(([label, field]) => [[norm(label), { label, field }], [norm(field), { label, field }]]));
/** The export's guard against spreadsheet formulas (shared csvSafeCell) taken off again. */
const unguard = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** The records of `csv` with their line numbers, or one error (row 1) when it cannot be read. */
function readCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } | AssetImportError {
  try {
    const out = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    const [head, ...rest] = out;
    if (!head) return { row: 1, column: '', message: 'The file has no header row.' };
    return { header: head.record, records: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
  } catch (err) {
    return { row: Number((err as { lines?: number }).lines ?? 1), column: '', message: `The file is not valid CSV: ${(err as Error).message}` };
  }
}

/** Plans the import of `csv` (default client `clientId` for rows without a Client cell). */
export async function planImport(db: Database, csv: string, clientId: string | undefined): Promise<ImportPlan> {
  const read = readCsv(csv);
  if (!('header' in read)) return { rows: [], errors: [read] };
  const columns = read.header.map((h) => HEADERS.get(norm(h)) ?? null);
  const errors: AssetImportError[] = [];
  read.header.forEach((h, i) => {
    if (!columns[i]) errors.push({ row: 1, column: h, message: `Unknown column. Use: ${ASSET_CSV_COLUMNS.map((c) => c[0]).join(', ')}.` });
  });
  if (!columns.some((c) => c?.field === 'name')) errors.push({ row: 1, column: 'Name', message: 'The file needs a Name column.' });
  if (read.records.length > ASSET_IMPORT_MAX_ROWS) errors.push({ row: 1, column: '', message: `At most ${ASSET_IMPORT_MAX_ROWS} rows per import.` });
  if (errors.length) return { rows: [], errors };

  const raw = read.records.map(({ line, cells }) => {
    const values: Partial<Record<AssetCsvField, string>> = {};
    columns.forEach((c, i) => {
      if (c) values[c.field] = unguard((cells[i] ?? '').trim());
    });
    return { line, values };
  });
  const clientIds = await clientIdsByName(db, raw.flatMap((r) => (r.values.client ? [r.values.client] : [])));
  const existing = await findAssetsByTagOrSerial(db, raw.flatMap((r) => (r.values.assetTag ? [r.values.assetTag] : [])), raw.flatMap((r) => (r.values.serialNumber ? [r.values.serialNumber] : [])));
  const sitesOf = new Map<string, Map<string, string>>();
  const label = (f: AssetCsvField) => ASSET_CSV_COLUMNS.find((c) => c[1] === f)![0];
  const rows: PlannedRow[] = [];
  const seenTags = new Map<string, number>();
  for (const { line, values } of raw) {
    const fail = (field: AssetCsvField | '', message: string) => errors.push({ row: line, column: field ? label(field) : '', message });
    const match = findMatch(existing, values.assetTag, values.serialNumber);
    const client = values.client ? clientIds.get(values.client.toLowerCase()) : (match?.clientId ?? clientId);
    if (!client) {
      fail('client', values.client ? CLIENT_MSG.notFound : ASSET_MSG.clientRequired);
      continue;
    }
    let siteId: string | null | undefined;
    if (values.site !== undefined) siteId = values.site ? ((await siteIdsOf(db, sitesOf, client)).get(values.site.toLowerCase()) ?? undefined) : null;
    if (siteId === undefined && values.site) {
      fail('site', CLIENT_MSG.siteNotFound);
      continue;
    }
    const { client: _c, site: _s, ...fields } = values;
    const body: Record<string, unknown> = { ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v])), clientId: client, ...(siteId !== undefined ? { siteId } : {}) };
    if (body.assetTag === null) delete body.assetTag;
    if (match && !('type' in fields)) body.type = match.type;
    if (typeof body.type === 'string') body.type = body.type.toLowerCase().replace(/\s+/g, '_');
    if (typeof body.status === 'string') body.status = body.status.toLowerCase().replace(/\s+/g, '_');
    const parsed = assetCreateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = ASSET_CSV_COLUMNS.find((c) => c[1] === issue.path[0])?.[1] ?? (issue.path[0] === 'clientId' ? 'client' : issue.path[0] === 'siteId' ? 'site' : '');
        fail(field, issue.message);
      }
      continue;
    }
    const tag = parsed.data.assetTag?.toLowerCase();
    if (tag && seenTags.has(tag)) {
      fail('assetTag', `${ASSET_MSG.tagTaken} (row ${seenTags.get(tag)})`);
      continue;
    }
    if (tag) seenTags.set(tag, line);
    const taken = tag ? existing.find((a) => a.assetTag.toLowerCase() === tag) : undefined;
    if (taken && match && taken.id !== match.id) {
      fail('assetTag', ASSET_MSG.tagTaken);
      continue;
    }
    const changes = match ? changedFields(match, parsed.data, Object.keys(body)) : [];
    rows.push({ row: line, action: match ? (changes.length ? 'update' : 'unchanged') : 'create', assetTag: parsed.data.assetTag ?? match?.assetTag ?? null, name: parsed.data.name, assetId: match?.id ?? null, changes, input: parsed.data, existing: match });
  }
  return { rows: errors.length ? [] : rows, errors };
}

/** The asset a row updates: the one with its tag, else the only one with its serial number. */
function findMatch(existing: AssetRow[], tag: string | undefined, serial: string | undefined): AssetRow | null {
  if (tag) {
    const byTag = existing.find((a) => a.assetTag.toLowerCase() === tag.toLowerCase());
    if (byTag) return byTag;
  }
  if (!serial) return null;
  const bySerial = existing.filter((a) => a.serialNumber?.toLowerCase() === serial.toLowerCase());
  return bySerial.length === 1 ? bySerial[0]! : null;
}

/** Sites of `clientId` by lower-case name (cached per import). */
async function siteIdsOf(db: Database, cache: Map<string, Map<string, string>>, clientId: string): Promise<Map<string, string>> {
  let sites = cache.get(clientId);
  if (!sites) {
    const card = await getClientCard(db, clientId);
    sites = new Map((card?.sites ?? []).map((s) => [s.name.toLowerCase(), s.id]));
    cache.set(clientId, sites);
  }
  return sites;
}

/** The fields of `sent` (those the file has) whose value differs from the asset's (the tag and serial number that matched ignoring case do not). */
function changedFields(current: AssetRow, input: AssetCreate, sent: string[]): string[] {
  const cur = current as unknown as Record<string, unknown>;
  const next = input as unknown as Record<string, unknown>;
  const same = (f: string) => (f === 'assetTag' || f === 'serialNumber' ? String(next[f] ?? '').toLowerCase() === String(cur[f] ?? '').toLowerCase() : JSON.stringify(next[f] ?? null) === JSON.stringify(cur[f] ?? null));
  return sent.filter((f) => f in cur && !same(f));
}
