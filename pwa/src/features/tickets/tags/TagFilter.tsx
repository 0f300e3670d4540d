import { useOfflineQuery } from '../../../offline';
import { readTagList } from '../offline';

/**
 * The 'Tag' filter above the tickets (issue 57 point 3, docs/tags.md): 'All tags' or one tag from
 * the phone's copy of the tag list, so it is offered offline too. Nothing while there are no tags.
 */
export function TagFilter({ value, onChange }: { value: string; onChange(tag: string): void }) {
  const list = useOfflineQuery((db) => readTagList(db), []);
  const tags = list?.tags ?? [];
  if (tags.length === 0 && !value) return null;
  return (
    <div className="ticket-sort tag-filter">
      <label htmlFor="ticket-tag-filter">Tag</label>{' '}
      <select id="ticket-tag-filter" className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All tags</option>
        {value && !tags.some((t) => t.name === value) && <option value={value}>{value}</option>}
        {tags.map((t) => (
          <option key={t.id} value={t.name}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
