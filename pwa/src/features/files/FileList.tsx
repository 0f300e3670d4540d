import type { FileEntry } from '@portal/shared';
import { formatFileSize } from '@portal/shared';
import { formatDateTime } from '../../lib/format';

interface Props {
  files: readonly FileEntry[];
  onDelete(file: FileEntry): void;
  deleting: string | null;
}

function DeleteButton({ file, onDelete, deleting }: { file: FileEntry } & Pick<Props, 'onDelete' | 'deleting'>) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-small"
      aria-label={`Delete ${file.name}`}
      disabled={deleting === file.name}
      onClick={() => onDelete(file)}
    >
      {deleting === file.name ? 'Deleting...' : 'Delete'}
    </button>
  );
}

const installerBadge = (file: FileEntry) => (file.isInstaller ? <span className="file-badge">Installer</span> : null);

/** Phones: one card per file with name, type, size, modified and the installer badge. */
export function FileCards({ files, onDelete, deleting }: Props) {
  return (
    <ul className="file-cards" aria-label="Uploaded files">
      {files.map((f) => (
        <li key={f.name} className="card file-card" data-testid={`file-${f.name}`}>
          <div className="file-card-head">
            <strong className="file-name">{f.name}</strong>
            {installerBadge(f)}
          </div>
          <p className="muted file-meta">
            {formatFileSize(f.size)} · {f.type}
          </p>
          <p className="muted file-meta">
            Modified <time dateTime={f.modified}>{formatDateTime(f.modified)}</time>
          </p>
          <DeleteButton file={f} onDelete={onDelete} deleting={deleting} />
        </li>
      ))}
    </ul>
  );
}

/** From 992 px: a table of the same facts (SPEC.md 2: name, type, size, modified, isInstaller). */
export function FileTable({ files, onDelete, deleting }: Props) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Uploaded files">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Size</th>
            <th scope="col">Modified</th>
            <th scope="col">Installer</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.name} data-testid={`file-${f.name}`}>
              <td className="file-name">{f.name}</td>
              <td className="file-type">{f.type}</td>
              <td className="nowrap">{formatFileSize(f.size)}</td>
              <td className="nowrap">
                <time dateTime={f.modified}>{formatDateTime(f.modified)}</time>
              </td>
              <td>{f.isInstaller ? 'Yes' : 'No'}</td>
              <td className="nowrap">
                <DeleteButton file={f} onDelete={onDelete} deleting={deleting} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
