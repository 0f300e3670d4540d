import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { SyncStatus, getOfflineDb, requestSync, useConnectivity, useOfflineQuery, whenCacheOwnerSet } from '../../offline';
import { ConnectionNotice, useScreenConnection, writeProps } from '../../lib/ui/ServerConnection';
import { isDownloadsScreenQuery } from './api/keys';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { useDeleteTool } from './api/useDeleteTool';
import { useSupportTools } from './api/useSupportTools';
import { DeviceStorageCard } from './DeviceStorageCard';
import { HelpCard } from './HelpCard';
import { readSupportTools, storeSupportTools } from './offline';
import { ToolList } from './ToolList';
import { buildTools, type Tool } from './tools';
import { useKeptFiles } from './useKeptFiles';
import { useToolHandlers } from './useToolHandlers';
import { ErrorState } from '../../lib/ui/States';
import './downloads.css';

/**
 * /downloads (SPEC.md 2 "Downloads"; admin and technician, guarded in app/AppRoutes with
 * 'Admin or technician privileges required to access downloads'): section 'Tech Support Tools'
 * with the six built-in entries and the active 'Support Tools' content items, versions and
 * sizes; 'Download Started' / 'Download Failed: Failed to start download'; for admins 'Add Tool'
 * (opens the content form preset to Support Tools) and Delete on content items ('Category
 * Removed'); built-in entries offer no Delete, only SPEC.md 8's reason 'This item is not managed
 * through content management' (ToolActions.tsx); "Keep on this device" per tool with the space used; a help card. The managed tools come
 * from the server when it answers, else from the copy the offline engine keeps (./offline).
 */
export default function DownloadsPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const toast = useToast();
  const navigate = useNavigate();
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isDownloadsScreenQuery });
  // The server, not only the browser's flag: with the API down, downloads come from kept copies.
  const online = !connection.offline;
  const content = useSupportTools();
  const cached = useOfflineQuery(readSupportTools);
  const keptState = useKeptFiles();
  const deleteTool = useDeleteTool();
  const [confirming, setConfirming] = useState<Tool | null>(null);

  // Online: the server's list, also stored for offline use; without an answer: the stored copy.
  useEffect(() => {
    // After a first sign-in's clearing of the database (whenCacheOwnerSet, for this user even before
    // the engine has started), or it would delete this copy.
    const data = content.data;
    if (data) void whenCacheOwnerSet(user?.id).then(() => storeSupportTools(getOfflineDb(), data)).catch(() => undefined);
  }, [content.data, user?.id]);
  const items = content.data ?? cached;
  const tools = useMemo(() => buildTools(items ?? []), [items]);

  const handlers = useToolHandlers({ online, keptState, onConfirmDelete: setConfirming });

  const confirmDelete = () => {
    const tool = confirming;
    if (!tool?.contentId) return;
    deleteTool.mutate(tool.contentId, {
      onSuccess: () => {
        setConfirming(null);
        toast.show({ title: 'Category Removed', description: `${tool.title} was removed from downloads.` });
      },
      onError: () => {
        setConfirming(null);
        toast.show({ title: 'Error', description: 'Failed to delete content item', variant: 'destructive' });
      },
    });
  };

  const listProps = {
    tools,
    kept: keptState.kept,
    busy: keptState.busy,
    canKeep: keptState.supported,
    online,
    isAdmin,
    handlers,
  };

  return (
    <div className="page downloads-page">
      <h1>Downloads</h1>
      <section aria-labelledby="tools-heading" className="tools-section">
        <div className="section-head">
          <div>
            <h2 id="tools-heading">Tech Support Tools</h2>
            <p className="muted section-lead">Installers, scripts and guides for the field, with their versions and sizes.</p>
          </div>
          {isAdmin && (
            <button type="button" className="btn btn-primary" {...writeProps(connection.writeBlock)} onClick={() => navigate('/admin/content?new=tool')}>
              Add Tool
            </button>
          )}
        </div>
        <SyncStatus compact />
        <ConnectionNotice connection={connection} />
        {!online && (
          <p className="card offline-note" role="status">
            You are offline. Tools kept on this device can still be downloaded.
            {!content.data && items?.length ? ' The list is the one saved on this device.' : ''}
          </p>
        )}
        {content.isError && online && !items && <ErrorState text="The managed tools could not be loaded." error={content.error} />}
        {content.isPending && items === undefined && online ? <Loading text="Loading tools..." /> : null}
        <ToolList {...listProps} />
      </section>
      <div className="two-col downloads-cards">
        <DeviceStorageCard state={keptState} />
        <HelpCard />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Tool?"
        description={`This removes "${confirming?.title ?? ''}" from downloads. Its file stays in file management.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteTool.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
