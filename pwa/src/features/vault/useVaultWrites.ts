import type { VaultSecretField } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDeleteVaultEntry } from './api/useDeleteVaultEntry';
import { useSaveVaultEntry, type VaultSaveResult } from './api/useSaveVaultEntry';
import type { FormBase, VaultFormValues } from './formModel';
import { VAULT_TEXT } from './texts';

/** What the vault screen shows: nothing open, an entry's View, its form, or the Add Customer form. */
export type VaultMode = { kind: 'none' } | { kind: 'view'; id: string } | { kind: 'edit'; id: string; fromView: boolean } | { kind: 'new' };

/**
 * The vault screen's writes with their outcomes: create, update (back to the View when sent from it)
 * and delete, each ending in one toast; a sent save shows the server's toast, a queued one 'Saved on
 * This Device'; a 400 puts the server's field errors on the form.
 */
export function useVaultWrites(props: {
  author: { id: string; username: string } | null;
  openId: string | null;
  setMode(mode: VaultMode): void;
  setServerErrors(errors: Record<string, string[]> | undefined): void;
  setDeleteId(id: string | null): void;
  close(): void;
}) {
  const { author, openId, setMode, setServerErrors, setDeleteId, close } = props;
  const toast = useToast();
  const save = useSaveVaultEntry(author);
  const remove = useDeleteVaultEntry();

  const saveFailed = (error: Error) => {
    setServerErrors(isApiError(error, 400) ? error.fieldErrors : undefined);
    toast.show({ ...VAULT_TEXT.saveFailed, variant: 'destructive' });
  };

  /** Sent: the server's toast; queued offline: 'Saved on This Device' (sent when back online). */
  const saved = (result: VaultSaveResult, sentToast: { title: string; description: string }) =>
    toast.show(result.status === 'queued' ? { title: 'Saved on This Device', description: `${result.name} will be saved when you are back online.` } : sentToast);

  const onCreate = (values: VaultFormValues) =>
    save.mutate(
      { kind: 'create', values },
      {
        onSuccess: (result) => {
          saved(result, VAULT_TEXT.added);
          close();
        },
        onError: saveFailed,
      },
    );

  const onUpdate = (id: string, base: FormBase, fromView: boolean) => (values: VaultFormValues, cleared: ReadonlySet<VaultSecretField>) =>
    save.mutate(
      { kind: 'update', id, base, values, cleared },
      {
        onSuccess: (result) => {
          saved(result, VAULT_TEXT.updated);
          setServerErrors(undefined);
          setMode(result.status === 'sent' && fromView ? { kind: 'view', id } : { kind: 'none' });
        },
        onError: saveFailed,
      },
    );

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.show(VAULT_TEXT.deleted);
        setDeleteId(null);
        if (openId === id) close();
      },
      onError: () => toast.show({ ...VAULT_TEXT.deleteFailed, variant: 'destructive' }),
    });

  return { onCreate, onUpdate, onDelete, saving: save.isPending, deleting: remove.isPending };
}
