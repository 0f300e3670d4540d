/**
 * The SLA clock backfill of migration 0015 (api/drizzle/0015_sla.sql, from "-- Backfill" on) as
 * SQL statements. Benchmarks fill their tables with generate_series after migrating, so they run
 * these once their work history is in place: the statistics read `first_response_at` and
 * `resolved_at` (docs/sla.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/drizzle/0015_sla.sql');

/** The backfill statements, in order. */
export function slaBackfillStatements(): string[] {
  const text = fs.readFileSync(MIGRATION, 'utf8');
  return text
    .slice(text.indexOf('-- Backfill'))
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}
