/**
 * Asset CSV import and export (issue 53 item 5, docs/assets.md): the columns (export header = import
 * header), the import request and its preview. Each row is checked with the same rules as
 * POST /api/assets (assetCreateSchema).
 */
import { z } from 'zod';
import { safeText } from './text';
import type { Asset } from './assets';

/** CSV header -> Asset field, in export order. Import matches headers ignoring case and spacing. */
export const ASSET_CSV_COLUMNS = [
  ['Asset Tag', 'assetTag'],
  ['Name', 'name'],
  ['Type', 'type'],
  ['Client', 'client'],
  ['Site', 'site'],
  ['Status', 'status'],
  ['Make', 'make'],
  ['Model', 'model'],
  ['Serial Number', 'serialNumber'],
  ['IP Address', 'ipAddress'],
  ['MAC Address', 'macAddress'],
  ['Operating System', 'operatingSystem'],
  ['Purchase Date', 'purchaseDate'],
  ['Warranty End', 'warrantyEnd'],
  ['Notes', 'notes'],
] as const;
export type AssetCsvField = (typeof ASSET_CSV_COLUMNS)[number][1];

/** Most data rows one import takes. */
export const ASSET_IMPORT_MAX_ROWS = 2_000;

/** POST /api/assets/import body: the CSV text; `clientId` is the client of rows without a Client cell. */
export const assetImportSchema = z.object({
  csv: safeText().min(1, 'Choose a CSV file.').max(250_000, 'The CSV file is too large (at most 250 KB).'),
  clientId: z.uuid('clientId must be a client id').optional(),
});
export type AssetImportInput = z.infer<typeof assetImportSchema>;
export const assetImportQuerySchema = z.object({ dryRun: z.enum(['1', 'true', '0', 'false']).optional() });

/** One problem of one row: `row` is the line number in the file (the header is row 1), `column` its header. */
export interface AssetImportError {
  row: number;
  column: string;
  message: string;
}

/** What the import does (did) with one row: create, update (matched by tag, else serial) or nothing. */
export interface AssetImportRow {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  assetTag: string | null;
  name: string;
  /** The existing asset an update or unchanged row matched. */
  assetId: string | null;
  /** Fields an update changes. */
  changes: string[];
}

/**
 * The answer of POST /api/assets/import: with `?dryRun=1` the preview (nothing written); without, what
 * was written. With any error nothing is written (400 with this body, `errors` non-empty).
 */
export interface AssetImportResult {
  dryRun: boolean;
  rows: AssetImportRow[];
  errors: AssetImportError[];
  created: number;
  updated: number;
  unchanged: number;
  /** The assets created or updated (not on a dry run). */
  assets?: Asset[];
}
