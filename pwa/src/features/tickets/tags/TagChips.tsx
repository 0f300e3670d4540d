import './tags.css';

/**
 * A ticket's tags as chips (issue 57 point 3, docs/tags.md), on the list's cards and the Update
 * Ticket panel; values include tag changes still waiting to sync. `onRemove` adds a remove button
 * to each chip (the panel's picker). Nothing when the ticket has no tags.
 */
export function TagChips({ tags, onRemove }: { tags: readonly string[] | undefined; onRemove?: (name: string) => void }) {
  if (!tags?.length) return null;
  return (
    <ul className="tag-chips" aria-label="Tags">
      {tags.map((name) => (
        <li key={name} className="tag-chip">
          <span>{name}</span>
          {onRemove && (
            <button
              type="button"
              className="tag-chip-remove"
              aria-label={`Remove tag ${name}`}
              onClick={(e) => {
                e.stopPropagation();
                onRemove(name);
              }}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
