import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { FileEntry } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ConnectionNotice, ConnectionProvider, NotLoaded, useScreenConnection } from '../../lib/ui/ServerConnection';
import { isFilesScreenQuery } from './api/keys';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import { useDeleteFile } from './api/useDeleteFile';
import { useFiles } from './api/useFiles';
import { FileList } from './FileList';
import { UploadCard } from './UploadCard';
import './files.css';

/**
 * /admin/file-management 'File Management' (SPEC.md 2 "File management", 8; admin only, guarded in
 * app/AppRoutes): upload with a progress bar, the list of files (name, type, size in Bytes/KB/MB/GB,
 * modified, installer), delete after confirmation ('Delete Failed: Failed to delete file', with the
 * server's reason when content items still use the file), and 'Back to Admin'.
 */
export default function FileManagementPage() {
  const toast = useToast();
  const files = useFiles();
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isFilesScreenQuery });
  const remove = useDeleteFile();
  const [confirming, setConfirming] = useState<FileEntry | null>(null);

  const confirmDelete = () => {
    const file = confirming;
    if (!file) return;
    remove.mutate(file.name, {
      onSuccess: () => toast.show({ title: 'File Deleted', description: `${file.name} was deleted.` }),
      onError: (err) => {
        const reason = isApiError(err) && err.status === 409 ? err.serverMessage : undefined;
        toast.show({ title: 'Delete Failed', description: reason ? `Failed to delete file. ${reason}` : 'Failed to delete file', variant: 'destructive' });
      },
      onSettled: () => setConfirming(null),
    });
  };

  const list = files.data ?? [];
  const listProps = { onDelete: setConfirming, deleting: remove.isPending ? (remove.variables ?? null) : null };
  return (
    <ConnectionProvider connection={connection}>
    <div className="page files-page">
      <div className="page-head">
        <h1>File Management</h1>
        <Link to="/admin" className="btn btn-outline">
          Back to Admin
        </Link>
      </div>
      <SyncStatus compact />
      <ConnectionNotice connection={connection} />
      <UploadCard />
      <section aria-labelledby="files-heading" className="files-section">
        <h2 id="files-heading">Files{files.data ? ` (${list.length})` : ''}</h2>
        {files.data || !connection.offline ? (
          <FileList {...listProps} files={files.data ?? (files.isError ? [] : undefined)} error={files.data ? null : files.error} />
        ) : (
          <NotLoaded />
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete File?"
        description={`This will permanently delete ${confirming?.name ?? ''}. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </div>
    </ConnectionProvider>
  );
}
