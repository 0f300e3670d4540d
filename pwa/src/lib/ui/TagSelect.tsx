import { useQuery } from '@tanstack/react-query';
import type { TagList } from '@portal/shared';
import { apiGet } from '../api';

/**
 * GET /api/tags' names for a report's 'Tag' picker (KPI dashboard, Time & Billing), one query for
 * both, kept a minute; `enabled` false (offline) leaves it idle, so the caller falls back to the
 * tags it already holds.
 */
export function useTagNames(enabled = true) {
  return useQuery({
    queryKey: ['tags', 'names'],
    queryFn: ({ signal }) => apiGet<TagList>('/api/tags', { signal }),
    select: (l) => l.tags.map((t) => t.name),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The 'Tag' picker of the reports (issue 57: KPI dashboard, Time & Billing): a labelled select of
 * 'All tags' (value '') and each tag name. The caller decides when to show it and what '' means.
 */
export function TagSelect({ id, className, value, names, onChange }: { id: string; className: string; value: string; names: readonly string[]; onChange(tag: string): void }) {
  return (
    <div className={className}>
      <label htmlFor={id}>Tag</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All tags</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
