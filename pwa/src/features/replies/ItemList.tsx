import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { writeProps } from '../../lib/ui/ServerConnection';

/** One row of a list: its id, title and a line saying what it holds. */
export interface ItemRow {
  id: string;
  title: string;
  detail: string;
}

/**
 * The list of canned replies, macros or templates (DESIGN.md 5a: cards on phones, a table from
 * 992 px); Edit and Delete on each, disabled offline with the reason. Loading: skeletons; none: `empty`.
 */
export function ItemList(props: {
  rows: readonly ItemRow[] | undefined;
  label: string;
  error: Error | null;
  empty: string;
  writeBlock: string | undefined;
  onEdit(id: string): void;
  onDelete(id: string): void;
  onRetry(): void;
}) {
  const { rows, label, error, empty, writeBlock, onEdit, onDelete, onRetry } = props;
  const actions = (r: ItemRow) => (
    <div className="reply-item-actions">
      <button type="button" className="btn btn-outline btn-small" {...writeProps(writeBlock)} onClick={() => onEdit(r.id)} aria-label={`Edit ${r.title}`}>
        Edit
      </button>
      <button type="button" className="btn btn-outline btn-small btn-danger-outline" {...writeProps(writeBlock)} onClick={() => onDelete(r.id)} aria-label={`Delete ${r.title}`}>
        Delete
      </button>
    </div>
  );
  const columns: ListColumn<ItemRow>[] = [
    { id: 'title', header: 'Name', cell: (r) => r.title, rowHeader: true },
    { id: 'detail', header: 'What it holds', cell: (r) => <span className="reply-item-detail">{r.detail}</span> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions, className: 'nowrap' },
  ];
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      label={label}
      empty={empty}
      error={rows ? null : error}
      errorText="The list could not be loaded."
      onRetry={onRetry}
      cardLabel={(r) => r.title}
      classes={{ card: 'card reply-item' }}
      card={(r) => (
        <>
          <div className="reply-item-text">
            <h3>{r.title}</h3>
            <p className="muted">{r.detail}</p>
          </div>
          {actions(r)}
        </>
      )}
    />
  );
}
