import { useState, type ComponentType } from 'react';
import type { ReplyScope } from '@portal/shared';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Sheet } from '../../lib/ui/Sheet';
import { ConnectionProvider, writeProps, type ScreenConnection } from '../../lib/ui/ServerConnection';
import type { ItemKind } from './api/keys';
import { useDeleteReplyItem } from './api/useDeleteReplyItem';
import { useReplyItems } from './api/useReplyItems';
import { useSaveReplyItem } from './api/useSaveReplyItem';
import { ItemList, type ItemRow } from './ItemList';

/** What a form of one kind gets (ReplyForm, MacroForm, TemplateForm). */
export interface ItemFormProps<T> {
  item: T | null;
  scope: ReplyScope;
  pending: boolean;
  onSave(body: object): void;
  onCancel(): void;
}

/**
 * One kind's management (issue 51): the items of `scope` (shared on the admin screens, personal
 * under My Replies) with a search above them, 'Add' opening `Form` in a sheet, Edit, Delete with confirmation; one toast per
 * outcome with the server's message (e.g. an unknown variable). Writes are disabled offline with
 * the reason (`connection.writeBlock`): they are settings, online only. Without a server a list never
 * loaded says 'Not loaded yet: ...' like every such part (ResponsiveList under the ConnectionProvider).
 */
export function ItemsScreen<T extends { id: string; scope: ReplyScope }>(props: {
  kind: ItemKind;
  scope: ReplyScope;
  noun: string;
  empty: string;
  row(item: T): ItemRow;
  Form: ComponentType<ItemFormProps<T>>;
  connection: ScreenConnection;
}) {
  const { kind, scope, noun, empty, row, Form, connection } = props;
  const toast = useToast();
  const items = useReplyItems<T>(kind);
  const save = useSaveReplyItem<T>(kind);
  const remove = useDeleteReplyItem(kind);
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [query, setQuery] = useState('');
  const plural = noun === 'Reply' ? 'replies' : `${noun.toLowerCase()}s`;
  const mine = items.data?.filter((i) => i.scope === scope);
  const q = query.trim().toLowerCase();
  const shown = mine?.map(row).filter((r) => !q || r.title.toLowerCase().includes(q) || r.detail.toLowerCase().includes(q));
  const find = (id: string) => mine?.find((i) => i.id === id) ?? null;
  const fail = (err: Error) => toast.show({ title: 'Error', description: failureText(err), variant: 'destructive' });

  const onSave = (body: object) =>
    save.mutate(
      { id: editing?.item?.id, body },
      { onSuccess: (saved) => (setEditing(null), toast.show({ title: 'Saved', description: `${row(saved).title} was saved.` })), onError: fail },
    );
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => toast.show({ title: 'Deleted', description: `${row(deleting).title} was deleted.` }), onError: fail, onSettled: () => setDeleting(null) });
  };

  return (
    <ConnectionProvider connection={connection}>
      <div className="reply-items-head">
        <input type="search" className="input" aria-label={`Search ${plural}`} placeholder={`Search ${plural}`} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="button" className="btn btn-primary btn-small" {...writeProps(connection.writeBlock)} onClick={() => setEditing({ item: null })}>
          Add {noun}
        </button>
      </div>
      <ItemList rows={shown} label={plural} error={items.error} empty={q && mine?.length ? `Nothing matches "${query.trim()}".` : empty} writeBlock={connection.writeBlock} onEdit={(id) => setEditing({ item: find(id) })} onDelete={(id) => setDeleting(find(id))} onRetry={() => void items.refetch()} />
      <Sheet open={editing !== null} onClose={() => setEditing(null)} labelledBy={`${kind}-form-title`}>
        <h2 id={`${kind}-form-title`} className="sheet-title">
          {editing?.item ? `Edit ${noun}` : `Add ${noun}`}
        </h2>
        {editing && <Form item={editing.item} scope={scope} pending={save.isPending} onSave={onSave} onCancel={() => setEditing(null)} />}
      </Sheet>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${noun}?`}
        description={`This will permanently delete "${deleting ? row(deleting).title : ''}". Phones remove it at their next sync.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </ConnectionProvider>
  );
}
