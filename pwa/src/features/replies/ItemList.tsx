import { EmptyState, ErrorState, LoadingSkeleton } from '../../lib/ui/States';
import { writeProps } from '../../lib/ui/ServerConnection';

/** One row of a list: its id, title and a line saying what it holds. */
export interface ItemRow {
  id: string;
  title: string;
  detail: string;
}

/**
 * The list of canned replies, macros or templates (cards; Edit and Delete on each, disabled
 * offline with the reason). Loading: skeletons; none: `empty`.
 */
export function ItemList(props: {
  rows: readonly ItemRow[] | undefined;
  error: Error | null;
  empty: string;
  writeBlock: string | undefined;
  onEdit(id: string): void;
  onDelete(id: string): void;
  onRetry(): void;
}) {
  const { rows, error, empty, writeBlock, onEdit, onDelete, onRetry } = props;
  if (!rows && error) return <ErrorState text="Failed to load." error={error} onRetry={onRetry} />;
  if (!rows) return <LoadingSkeleton />;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="ui-list-cards reply-items">
      {rows.map((r) => (
        <li key={r.id} className="card reply-item">
          <div className="reply-item-text">
            <h3>{r.title}</h3>
            <p className="muted">{r.detail}</p>
          </div>
          <div className="reply-item-actions">
            <button type="button" className="btn btn-outline btn-small" {...writeProps(writeBlock)} onClick={() => onEdit(r.id)} aria-label={`Edit ${r.title}`}>
              Edit
            </button>
            <button type="button" className="btn btn-outline btn-small btn-danger-outline" {...writeProps(writeBlock)} onClick={() => onDelete(r.id)} aria-label={`Delete ${r.title}`}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
