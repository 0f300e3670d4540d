import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_TABS,
  SUPPORT_TOOLS_CATEGORY,
  type ContentItem,
  type ContentType,
} from '@portal/shared';
import { ConnectionNotice, ConnectionProvider, NotLoaded, useScreenConnection, writeProps } from '../../lib/ui/ServerConnection';
import { isContentScreenQuery } from './api/keys';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Sheet } from '../../lib/ui/Sheet';
import { TabPanel, Tabs } from '../../lib/ui/Tabs';
import { useContentItems } from './api/useContentItems';
import { useContentWrites, type Editing } from './useContentWrites';
import { ContentList } from './ContentList';
import { ContentForm } from './ContentForm';
import './content.css';

const EMPTY: Record<ContentType, string> = {
  document: 'No documents yet.',
  guide: 'No guides yet.',
  installer: 'No installers yet.',
};

/**
 * /admin/content 'Content Management' (SPEC.md 2, 3, 8, 9; admin only, guarded in app/AppRoutes):
 * tabs Documents, Guides and Installers with counts; each lists its items (cards on phones, a
 * table from 992 px) with Edit and Delete; 'Add Content' opens the form in a sheet. Toasts:
 * 'Content Created' / 'Failed to create content item', 'Content Updated' / 'Failed to update
 * content item', 'Content Deleted' / 'Failed to delete content item'. `?new=tool` (the 'Add Tool'
 * button of /downloads) opens the form preset to an installer in 'Support Tools'.
 */
export default function ContentPage() {
  const items = useContentItems();
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isContentScreenQuery });
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<ContentType>(() => (params.get('new') === 'tool' ? 'installer' : 'document'));
  const [editing, setEditing] = useState<Editing>(() =>
    params.get('new') === 'tool' ? { mode: 'create', preset: { type: 'installer', category: SUPPORT_TOOLS_CATEGORY } } : null,
  );
  const [confirming, setConfirming] = useState<ContentItem | null>(null);

  useEffect(() => {
    if (params.has('new')) setParams({}, { replace: true });
  }, [params, setParams]);

  const list = useMemo(() => items.data ?? [], [items.data]);
  const counts = useMemo(() => {
    const c = { document: 0, guide: 0, installer: 0 } as Record<ContentType, number>;
    for (const i of list) c[i.type] += 1;
    return c;
  }, [list]);
  const visible = list.filter((i) => i.type === tab);

  const { onSubmit, confirmDelete, saving, deleting } = useContentWrites({ editing, setEditing, setTab, confirming, setConfirming });

  const formTitle = editing?.mode === 'edit' ? 'Edit Content' : 'Add Content';
  const listProps = { onEdit: (item: ContentItem) => setEditing({ mode: 'edit', item }), onDelete: setConfirming, writeBlock: connection.writeBlock };
  // Without data (not loaded yet, or no answer) the tabs carry no counts: '(0)' would be a false empty state.
  const loaded = items.data !== undefined;
  return (
    <ConnectionProvider connection={connection}>
    <div className="page content-page">
      <div className="page-head">
        <h1>Content Management</h1>
        <button type="button" className="btn btn-primary" {...writeProps(connection.writeBlock)} onClick={() => setEditing({ mode: 'create', preset: { type: tab } })}>
          Add Content
        </button>
      </div>
      <SyncStatus compact />
      <ConnectionNotice connection={connection} />
      <Tabs
        tabs={CONTENT_TYPES.map((t) => ({ id: t, label: loaded ? `${CONTENT_TYPE_TABS[t]} (${counts[t]})` : CONTENT_TYPE_TABS[t] }))}
        value={tab}
        onChange={setTab}
        label="Content types"
        tabId={(t) => `content-tab-${t}`}
        panelId={() => 'content-tabpanel'}
      />
      <TabPanel id="content-tabpanel" labelledBy={`content-tab-${tab}`}>
        {loaded || !connection.offline ? (
          <ContentList {...listProps} items={loaded ? visible : items.isError ? [] : undefined} error={loaded ? null : items.error} empty={EMPTY[tab]} />
        ) : (
          <NotLoaded />
        )}
      </TabPanel>

      <Sheet open={editing !== null} onClose={() => setEditing(null)} labelledBy="content-form-title">
        <h2 id="content-form-title" className="sheet-title">
          {formTitle}
        </h2>
        {editing && (
          <ContentForm
            key={editing.mode === 'edit' ? editing.item.id : 'new'}
            item={editing.mode === 'edit' ? editing.item : null}
            preset={editing.mode === 'create' ? editing.preset : undefined}
            pending={saving}
            onSubmit={onSubmit}
            onCancel={() => setEditing(null)}
          />
        )}
      </Sheet>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Content?"
        description={`This will permanently delete "${confirming?.title ?? ''}". Its file stays in file management.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </div>
    </ConnectionProvider>
  );
}
