/** SLA feature presenters: time-entry rows and the report -> shared API shapes (ISO 8601 times). */
import { stringify } from 'csv-stringify/sync';
import type { TimeEntry, TimeReport, TimeReportTagRow, VisitFiguresRow } from '@portal/shared';
import type { ReportRow, TimeEntryRow } from './timeEntriesRepository';

/** Row -> `TimeEntry`. */
export function presentTimeEntry(r: TimeEntryRow): TimeEntry {
  return {
    id: r.id,
    ticketId: r.ticketId,
    userId: r.userId,
    username: r.username,
    minutes: r.minutes,
    billable: r.billable,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The report of `rows` for the days `from`..`to` (YYYY-MM-DD, both included); `byTag` the same entries per tag, `tag` the filter applied. */
export function presentTimeReport(from: string, to: string, rows: ReportRow[], visits: VisitFiguresRow[] = [], byTag: TimeReportTagRow[] = [], tag: string | null = null): TimeReport {
  return {
    from,
    to,
    tag,
    rows,
    byTag,
    totalMinutes: rows.reduce((n, r) => n + r.totalMinutes, 0),
    billableMinutes: rows.reduce((n, r) => n + r.billableMinutes, 0),
    visits,
    visitCount: visits.reduce((n, r) => n + r.visits, 0),
    visitMinutes: visits.reduce((n, r) => n + r.visitMinutes, 0),
    partsTotal: Math.round(visits.reduce((n, r) => n + r.partsTotal, 0) * 100) / 100,
  };
}

/**
 * The report as CSV (RFC 4180 quoting by csv-stringify, CRLF, header row first): Client,
 * Technician, Entries, Total minutes, Billable minutes, Total hours, Billable hours. A cell that
 * starts with =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula.
 */
export function timeReportCsv(report: TimeReport): string {
  const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const hours = (m: number) => (m / 60).toFixed(2);
  return stringify(
    report.rows.map((r) => [safe(r.client), safe(r.technician ?? '(deleted user)'), r.entries, r.totalMinutes, r.billableMinutes, hours(r.totalMinutes), hours(r.billableMinutes)]),
    { header: true, columns: ['Client', 'Technician', 'Entries', 'Total minutes', 'Billable minutes', 'Total hours', 'Billable hours'], record_delimiter: 'windows' },
  );
}
