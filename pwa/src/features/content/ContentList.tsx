import { IonBadge } from '@ionic/react';
import { formatFileSize, type ContentItem } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { writeProps } from '../../lib/ui/ServerConnection';

interface Props {
  items: readonly ContentItem[];
  onEdit(item: ContentItem): void;
  onDelete(item: ContentItem): void;
  /** Why Edit and Delete are disabled (no connection), if they are. */
  writeBlock?: string;
}

function StatusBadge({ item }: { item: ContentItem }) {
  return <IonBadge color={item.isActive ? 'success' : 'medium'}>{item.isActive ? 'Active' : 'Inactive'}</IonBadge>;
}

function fileText(item: ContentItem): string {
  if (!item.fileName) return 'No file';
  return item.fileSize === null ? `${item.fileName} (missing)` : `${item.fileName} (${formatFileSize(item.fileSize)})`;
}

type ActionProps = Pick<Props, 'onEdit' | 'onDelete' | 'writeBlock'>;

function Actions({ item, onEdit, onDelete, writeBlock }: { item: ContentItem } & ActionProps) {
  return (
    <div className="content-actions">
      <button type="button" className="btn btn-outline btn-small" aria-label={`Edit ${item.title}`} {...writeProps(writeBlock)} onClick={() => onEdit(item)}>
        Edit
      </button>
      <button type="button" className="btn btn-outline btn-small" aria-label={`Delete ${item.title}`} {...writeProps(writeBlock)} onClick={() => onDelete(item)}>
        Delete
      </button>
    </div>
  );
}

/** Phones: the card of one item. */
function ContentCard({ item, ...actions }: { item: ContentItem } & ActionProps) {
  return (
    <>
      <div className="content-card-head">
        <h3>{item.title}</h3>
        <StatusBadge item={item} />
      </div>
      {item.description && <p className="content-description">{item.description}</p>}
      <p className="muted content-meta">
        {[item.category, item.platform, item.version && `Version ${item.version}`].filter(Boolean).join(' · ')}
      </p>
      <p className="muted content-meta content-file-line">{fileText(item)}</p>
      <Actions item={item} {...actions} />
    </>
  );
}

/** Table columns from 992 px. */
function columns(actions: ActionProps): ListColumn<ContentItem>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      cell: (item) => (
        <>
          <strong>{item.title}</strong>
          {item.description && <div className="muted content-description">{item.description}</div>}
        </>
      ),
    },
    { id: 'category', header: 'Category', cell: (item) => item.category },
    { id: 'platform', header: 'Platform', cell: (item) => item.platform ?? '', className: 'nowrap' },
    { id: 'version', header: 'Version', cell: (item) => item.version ?? '', className: 'nowrap' },
    { id: 'file', header: 'File', cell: fileText, className: 'content-file-cell' },
    { id: 'status', header: 'Status', cell: (item) => <StatusBadge item={item} /> },
    { id: 'updated', header: 'Updated', cell: (item) => <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>, className: 'nowrap' },
    { id: 'actions', header: 'Actions', cell: (item) => <Actions item={item} {...actions} /> },
  ];
}

/**
 * The items of one content type (DESIGN.md 5a list): cards on phones, a table from 992 px, with Edit
 * and Delete; `items` undefined while loading, `error` when the load failed, `empty` for none.
 */
export function ContentList({ items, empty, error, ...actions }: Omit<Props, 'items'> & { items: readonly ContentItem[] | undefined; empty: string; error: Error | null }) {
  return (
    <ResponsiveList
      rows={items}
      rowKey={(item) => item.id}
      columns={columns(actions)}
      card={(item) => <ContentCard item={item} {...actions} />}
      label="Content items"
      empty={empty}
      loadingText="Loading content..."
      error={error}
      errorText="The content could not be loaded."
      rowAttrs={(item) => ({ 'data-testid': `content-${item.title}` })}
      classes={{ list: 'content-cards', card: 'card content-card', empty: 'card' }}
    />
  );
}
