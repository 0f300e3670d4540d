import type { ContentItem, ContentItemCreate, ContentType } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useCreateContent } from './api/useCreateContent';
import { useDeleteContent } from './api/useDeleteContent';
import { useUpdateContent } from './api/useUpdateContent';

/** The form open on the content screen: a new item (with preset values) or an item being edited. */
export type Editing = { mode: 'create'; preset: Partial<ContentItemCreate> } | { mode: 'edit'; item: ContentItem } | null;

/**
 * The content screen's writes and their toasts (SPEC.md 8): 'Content Created' / 'Failed to create
 * content item', 'Content Updated' / 'Failed to update content item', 'Content Deleted' / 'Failed to
 * delete content item'; a 400's field errors go under the form's fields; a saved item's tab opens.
 */
export function useContentWrites(props: {
  editing: Editing;
  setEditing(editing: Editing): void;
  setTab(tab: ContentType): void;
  confirming: ContentItem | null;
  setConfirming(item: ContentItem | null): void;
}) {
  const { editing, setEditing, setTab, confirming, setConfirming } = props;
  const toast = useToast();
  const create = useCreateContent();
  const update = useUpdateContent();
  const remove = useDeleteContent();

  const onSubmit = (values: ContentItemCreate, setServerErrors: (e: Record<string, string[]>) => void) => {
    const onError = (err: Error, text: string) => {
      if (isApiError(err, 400) && err.fieldErrors) setServerErrors(err.fieldErrors);
      toast.show({ title: 'Error', description: text, variant: 'destructive' });
    };
    if (editing?.mode === 'edit') {
      update.mutate(
        { id: editing.item.id, patch: values },
        {
          onSuccess: (saved) => {
            setEditing(null);
            setTab(saved.type);
            toast.show({ title: 'Content Updated', description: `${saved.title} was saved.` });
          },
          onError: (err) => onError(err, 'Failed to update content item'),
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (saved) => {
        setEditing(null);
        setTab(saved.type);
        toast.show({ title: 'Content Created', description: `${saved.title} was added.` });
      },
      onError: (err) => onError(err, 'Failed to create content item'),
    });
  };

  const confirmDelete = () => {
    const item = confirming;
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => toast.show({ title: 'Content Deleted', description: `${item.title} was deleted.` }),
      onError: () => toast.show({ title: 'Error', description: 'Failed to delete content item', variant: 'destructive' }),
      onSettled: () => setConfirming(null),
    });
  };

  return { onSubmit, confirmDelete, saving: create.isPending || update.isPending, deleting: remove.isPending };
}
