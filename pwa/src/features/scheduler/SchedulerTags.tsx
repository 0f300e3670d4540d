import type { SchedulerTagRow } from '@portal/shared';
import { TagSelect } from '../../lib/ui/TagSelect';

/**
 * The names the KPI dashboard's 'Tag' filter offers: every tag of GET /api/tags (online, kept for the
 * visit) together with the tags of the shown answer's `byTag` (so offline, from the saved snapshot,
 * the range's tags are still offered) and the chosen one; sorted ignoring case, each once.
 */
export function tagOptions(listed: readonly string[], byTag: readonly SchedulerTagRow[], chosen: string | undefined): string[] {
  const seen = new Map<string, string>();
  for (const n of [...listed, ...byTag.map((r) => r.tag), ...(chosen ? [chosen] : [])]) if (!seen.has(n.toLowerCase())) seen.set(n.toLowerCase(), n);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/**
 * 'Tag' filter of the KPI dashboard (issue 57 item 3, docs/tags.md "In the reports"): 'All tags' or
 * one tag; every figure then counts only tickets having it. Nothing while no tag exists or is chosen.
 */
export function SchedulerTagFilter({ value, names, onChange }: { value: string | undefined; names: readonly string[]; onChange(tag: string | null): void }) {
  if (names.length === 0) return null;
  return <TagSelect id="sched-tag" className="sched-filter sched-tag-filter" value={value ?? ''} names={names} onChange={(tag) => onChange(tag || null)} />;
}

/**
 * 'Tickets by tag' card on the KPI Metrics tab: per tag, tickets created in the range and how many
 * are resolved or closed (`byTag`); a ticket with several tags counts under each. A row's name picks
 * that tag as the filter. Nothing when no ticket of the range has a tag.
 */
export function TagBreakdown({ rows, onPick }: { rows: readonly SchedulerTagRow[]; onPick(tag: string): void }) {
  if (rows.length === 0) return null;
  return (
    <section className="card sched-tags" aria-labelledby="sched-tags-title">
      <h2 id="sched-tags-title">Tickets by tag</h2>
      <div className="table-wrap">
        <table className="data-table" aria-label="Tickets by tag">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Tickets</th>
              <th scope="col">Resolved or closed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.tag}>
                <th scope="row">
                  <button type="button" className="link-button" onClick={() => onPick(r.tag)}>
                    {r.tag}
                  </button>
                </th>
                <td>{r.total}</td>
                <td>{r.done}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">A ticket with several tags counts under each of them.</p>
    </section>
  );
}
