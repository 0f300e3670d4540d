import { useState } from 'react';
import type { ChecklistTemplate } from '@portal/shared';
import { failureText } from '../../../lib/connection';
import { useToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { Sheet } from '../../../lib/ui/Sheet';
import { ConnectionNotice, ConnectionProvider, queryRoots, useScreenConnection, writeProps } from '../../../lib/ui/ServerConnection';
import { SyncStatus, requestSync, useConnectivity } from '../../../offline';
import { TEMPLATES_URL } from '../api/keys';
import { useChecklistTemplates } from '../api/useRecurring';
import { useDeleteChecklistTemplate, useSaveChecklistTemplate } from '../api/useChecklistTemplateWrites';
import { ChecklistTemplateForm } from './ChecklistTemplateForm';
import { ChecklistTemplateList } from './ChecklistTemplateList';
import { CHECKLIST_TEMPLATES_TEXT as T } from './texts';
import '../recurring.css';

type Editing = { item: ChecklistTemplate | null } | null;

/**
 * /admin/checklists 'Checklist Templates' (admin; issue 52 item 2, docs/recurring-tickets.md):
 * named lists of items reused by recurring tickets (and picked in ticket templates and macros):
 * list, 'Add Checklist Template', Edit (name and items with Required) and Delete with confirmation.
 * Settings, online only: offline the writes are disabled with the reason.
 */
export default function ChecklistTemplatesPage() {
  const toast = useToast();
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: queryRoots(TEMPLATES_URL) });
  const templates = useChecklistTemplates();
  const save = useSaveChecklistTemplate();
  const remove = useDeleteChecklistTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const fail = (err: Error) => toast.show({ title: 'Error', description: failureText(err), variant: 'destructive' });
  const onSave = (body: object) =>
    save.mutate({ id: editing?.item?.id, body }, { onSuccess: (t) => (setEditing(null), toast.show({ title: T.saved, description: `${t.name} was saved.` })), onError: fail });
  const onDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.id, { onSuccess: () => toast.show({ title: T.deleted, description: `${name} was deleted.` }), onError: fail, onSettled: () => setDeleting(null) });
  };
  return (
    <ConnectionProvider connection={connection}>
      <div className="page cl-tpl-page">
        <div className="page-head">
          <h1>{T.title}</h1>
          <button type="button" className="btn btn-primary btn-small" {...writeProps(connection.writeBlock)} onClick={() => setEditing({ item: null })}>
            {T.add}
          </button>
        </div>
        <SyncStatus compact />
        <ConnectionNotice connection={connection} />
        {connection.offline && (
          <p className="card rec-online-only" role="note">
            {T.onlineOnly}
          </p>
        )}
        <p className="muted">{T.intro}</p>
        <ChecklistTemplateList rows={templates.data} error={templates.error} writeBlock={connection.writeBlock} onEdit={(item) => setEditing({ item })} onDelete={setDeleting} onRetry={() => void templates.refetch()} />
        <Sheet open={editing !== null} onClose={() => setEditing(null)} labelledBy="cl-tpl-form-title">
          <h2 id="cl-tpl-form-title" className="sheet-title">
            {editing?.item ? T.editTitle : T.newTitle}
          </h2>
          {editing && <ChecklistTemplateForm item={editing.item} pending={save.isPending} onSave={onSave} onCancel={() => setEditing(null)} />}
        </Sheet>
        <ConfirmDialog
          open={deleting !== null}
          title={T.deleteTitle}
          description={T.deleteText(deleting?.name ?? '')}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={onDelete}
          onCancel={() => setDeleting(null)}
        />
      </div>
    </ConnectionProvider>
  );
}
