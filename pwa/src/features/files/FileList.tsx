import type { FileEntry } from '@portal/shared';
import { formatFileSize } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { fileTypeName } from './fileTypeName';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';

interface Props {
  files: readonly FileEntry[];
  onDelete(file: FileEntry): void;
  deleting: string | null;
}

function DeleteButton({ file, onDelete, deleting }: { file: FileEntry } & Pick<Props, 'onDelete' | 'deleting'>) {
  const writeBlock = useWriteBlock();
  return (
    <button
      type="button"
      className="btn btn-outline btn-small"
      aria-label={`Delete ${file.name}`}
      {...writeProps(writeBlock, deleting === file.name)}
      onClick={() => onDelete(file)}
    >
      {deleting === file.name ? 'Deleting...' : 'Delete'}
    </button>
  );
}

const installerBadge = (file: FileEntry) => (file.isInstaller ? <span className="file-badge">Installer</span> : null);

/** Table columns from 992 px (SPEC.md 2: name, type, size, modified, isInstaller). */
function columns({ onDelete, deleting }: Pick<Props, 'onDelete' | 'deleting'>): ListColumn<FileEntry>[] {
  return [
    { id: 'name', header: 'Name', cell: (f) => f.name, className: 'file-name' },
    { id: 'type', header: 'Type', cell: (f) => <span title={f.type}>{fileTypeName(f.name)}</span>, className: 'file-type' },
    { id: 'size', header: 'Size', cell: (f) => formatFileSize(f.size), className: 'nowrap' },
    { id: 'modified', header: 'Modified', cell: (f) => <time dateTime={f.modified}>{formatDateTime(f.modified)}</time>, className: 'nowrap' },
    { id: 'installer', header: 'Installer', cell: (f) => (f.isInstaller ? 'Yes' : 'No') },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: (f) => <DeleteButton file={f} onDelete={onDelete} deleting={deleting} />, className: 'nowrap' },
  ];
}

/** Phones: the card of one file with name, type (in words: fileTypeName), size, modified and the installer badge. */
function FileCard({ file: f, onDelete, deleting }: { file: FileEntry } & Pick<Props, 'onDelete' | 'deleting'>) {
  return (
    <>
      <div className="file-card-head">
        <strong className="file-name">{f.name}</strong>
        {installerBadge(f)}
      </div>
      <p className="muted file-meta">
        {formatFileSize(f.size)} · {fileTypeName(f.name)}
      </p>
      <p className="muted file-meta">
        Modified <time dateTime={f.modified}>{formatDateTime(f.modified)}</time>
      </p>
      <DeleteButton file={f} onDelete={onDelete} deleting={deleting} />
    </>
  );
}

/**
 * The uploaded files (DESIGN.md 5a list): cards on phones, a table from 992 px, each with Delete;
 * `files` undefined while loading.
 */
export function FileList({ files, error, onDelete, deleting }: Omit<Props, 'files'> & { files: readonly FileEntry[] | undefined; error: Error | null }) {
  return (
    <ResponsiveList
      rows={files}
      rowKey={(f) => f.name}
      columns={columns({ onDelete, deleting })}
      card={(f) => <FileCard file={f} onDelete={onDelete} deleting={deleting} />}
      label="Uploaded files"
      empty="No files uploaded yet."
      loadingText="Loading files..."
      error={error}
      errorText="The files could not be loaded."
      rowAttrs={(f) => ({ 'data-testid': `file-${f.name}` })}
      classes={{ list: 'file-cards', card: 'card file-card', empty: 'card' }}
    />
  );
}
