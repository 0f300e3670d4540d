/**
 * GET /api/assets/export.csv (issue 53 item 5): the assets matching the list's filters as CSV with the
 * import's header (ASSET_CSV_COLUMNS), so an export imports back unchanged. RFC 4180 quoting
 * (csv-stringify), CRLF, a BOM so spreadsheets read accents; formula-like cells start with `'`
 * (shared csvSafeCell; the import takes it off again). Client and site are names.
 */
import { stringify } from 'csv-stringify/sync';
import { ASSET_CSV_COLUMNS, csvSafeCell } from '@portal/shared';
import type { Database } from '../../db/client';
import { linkNamesOf } from '../clients/port';
import { allAssets, type AssetFilter } from './repository';

/** The CSV text of every asset matching `filter`, in name order. */
export async function assetExportCsv(db: Database, filter: AssetFilter): Promise<string> {
  const records: string[][] = [];
  for await (const page of allAssets(db, filter)) {
    const names = await linkNamesOf(db, { clientIds: [...new Set(page.map((a) => a.clientId))], siteIds: page.flatMap((a) => (a.siteId ? [a.siteId] : [])), contactIds: [] });
    for (const a of page) {
      const value = { ...a, client: names.get(a.clientId) ?? '', site: a.siteId ? (names.get(a.siteId) ?? '') : '' } as unknown as Record<string, string | null>;
      records.push(ASSET_CSV_COLUMNS.map(([, field]) => csvSafeCell(value[field] ?? '')));
    }
  }
  return stringify([ASSET_CSV_COLUMNS.map(([label]) => label), ...records], { record_delimiter: 'windows', bom: true });
}
