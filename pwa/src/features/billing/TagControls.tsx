import type { TimeReportTagRow } from '@portal/shared';
import { hoursText } from './model';
import { TagSelect, useTagNames } from '../../lib/ui/TagSelect';

/** The 'Tag' filter of Time & Billing (issue 57 item 3): 'All tags' or one tag (GET /api/tags); nothing while there are no tags. */
export function BillingTagFilter({ value, onChange }: { value: string; onChange(tag: string): void }) {
  const names = useTagNames().data ?? [];
  if (names.length === 0 && !value) return null;
  return <TagSelect id="billing-tag-filter" className="billing-tag" value={value} names={names} onChange={onChange} />;
}

/**
 * The summary by tag (GET /api/time-report's `byTag`): entries, total, billable and not billable hours
 * per tag; a ticket with two tags counts under both, so the rows do not add up to the total (said below).
 */
export function TagTable({ rows }: { rows: TimeReportTagRow[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table billing-table" aria-label="Time by tag">
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Entries</th>
            <th scope="col">Total</th>
            <th scope="col">Billable</th>
            <th scope="col">Not billable</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.tag ?? ''}>
              <th scope="row">{r.tag ?? '(no tag)'}</th>
              <td>{r.entries}</td>
              <td>{hoursText(r.totalMinutes)}</td>
              <td>{hoursText(r.billableMinutes)}</td>
              <td>{hoursText(r.totalMinutes - r.billableMinutes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">An entry on a ticket with several tags counts under each of them.</p>
    </div>
  );
}
