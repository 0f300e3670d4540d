import { IonBadge } from '@ionic/react';
import { formatFileSize, type ContentItem } from '@portal/shared';
import { formatDate } from '../../lib/format';

interface Props {
  items: readonly ContentItem[];
  onEdit(item: ContentItem): void;
  onDelete(item: ContentItem): void;
}

function StatusBadge({ item }: { item: ContentItem }) {
  return <IonBadge color={item.isActive ? 'success' : 'medium'}>{item.isActive ? 'Active' : 'Inactive'}</IonBadge>;
}

function fileText(item: ContentItem): string {
  if (!item.fileName) return 'No file';
  return item.fileSize === null ? `${item.fileName} (missing)` : `${item.fileName} (${formatFileSize(item.fileSize)})`;
}

function Actions({ item, onEdit, onDelete }: { item: ContentItem } & Pick<Props, 'onEdit' | 'onDelete'>) {
  return (
    <div className="content-actions">
      <button type="button" className="btn btn-outline btn-small" aria-label={`Edit ${item.title}`} onClick={() => onEdit(item)}>
        Edit
      </button>
      <button type="button" className="btn btn-outline btn-small" aria-label={`Delete ${item.title}`} onClick={() => onDelete(item)}>
        Delete
      </button>
    </div>
  );
}

/** Phones: one card per item. */
export function ContentCards({ items, onEdit, onDelete }: Props) {
  return (
    <ul className="content-cards" aria-label="Content items">
      {items.map((item) => (
        <li key={item.id} className="card content-card" data-testid={`content-${item.title}`}>
          <div className="content-card-head">
            <h3>{item.title}</h3>
            <StatusBadge item={item} />
          </div>
          {item.description && <p className="content-description">{item.description}</p>}
          <p className="muted content-meta">
            {[item.category, item.platform, item.version && `Version ${item.version}`].filter(Boolean).join(' · ')}
          </p>
          <p className="muted content-meta content-file-line">{fileText(item)}</p>
          <Actions item={item} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

/** From 992 px: a table. */
export function ContentTable({ items, onEdit, onDelete }: Props) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Content items">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Platform</th>
            <th scope="col">Version</th>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">Updated</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid={`content-${item.title}`}>
              <td>
                <strong>{item.title}</strong>
                {item.description && <div className="muted content-description">{item.description}</div>}
              </td>
              <td>{item.category}</td>
              <td className="nowrap">{item.platform ?? ''}</td>
              <td className="nowrap">{item.version ?? ''}</td>
              <td className="content-file-cell">{fileText(item)}</td>
              <td>
                <StatusBadge item={item} />
              </td>
              <td className="nowrap">
                <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
              </td>
              <td>
                <Actions item={item} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
