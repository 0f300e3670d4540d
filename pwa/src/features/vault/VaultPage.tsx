import { useMemo, useState } from 'react';
import { matchesVaultSearch, type VaultSecretField } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { SyncStatus, useConnectivity, useLastSync, useSyncState } from '../../offline';
import { useDeleteVaultEntry } from './api/useDeleteVaultEntry';
import { useSaveVaultEntry, type VaultSaveResult } from './api/useSaveVaultEntry';
import { useVaultEntry } from './api/useVaultEntry';
import { useVaultList } from './api/useVaultList';
import type { FormBase, VaultFormValues } from './formModel';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT } from './texts';
import { OfflineDevices } from './OfflineDevices';
import { OfflineVaultPanel } from './OfflineVaultPanel';
import { OfflineVaultProvider } from './session/OfflineVaultProvider';
import { useOfflineVault } from './useOfflineVault';
import { VaultDetail } from './VaultDetail';
import { VaultForm } from './VaultForm';
import { VaultList, vaultEmptyText } from './VaultList';
import './vault.css';

type Mode = { kind: 'none' } | { kind: 'view'; id: string } | { kind: 'edit'; id: string; fromView: boolean } | { kind: 'new' };

/**
 * /vault 'Customer Vault' (SPEC.md 2; staff, guarded in app/AppRoutes): search ('Search by business
 * name, contact name, or email...'), 'Add Customer', the list (business, contact, e-mail, phone)
 * with View / Edit / delete; cards on phones, a table from 992 px; the View and the form in a
 * full-screen sheet on phones and a dialog on desktops; delete asks 'Are you sure?'. Only admins see
 * delete (the API refuses technicians).
 *
 * Offline first (DESIGN.md 5): the list is the offline index in IndexedDB (never a
 * secret), so it renders and searches with no network (search: business, contact, e-mail, the same
 * rule as the API's `q`). Offline, the View shows the index fields and says which values need a
 * connection; Add and Edit go through the outbox WITHOUT secrets (inputs disabled with the reason)
 * and the entry shows 'Waiting to sync' until sent; a rejected one shows the server's message with
 * Discard. Online writes go straight to the API (they may carry secrets) and update the index.
 * The offline access card (turn on, unlock, lock, turn off; OfflineVaultPanel) and, for
 * admins, 'Offline devices' (the device list with Revoke). The page owns the offline-vault session
 * (OfflineVaultProvider): leaving the page locks it. Saving goes through `useSaveVaultEntry`, which
 * decides between sending and queueing.
 */
export default function VaultPage() {
  return (
    <OfflineVaultProvider>
      <VaultScreen />
    </OfflineVaultProvider>
  );
}

function VaultScreen() {
  const toast = useToast();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const online = useConnectivity() === 'online';
  const list = useVaultList();
  const offlineVault = useOfflineVault();
  const [devicesOpen, setDevicesOpen] = useState(false);
  const lastSync = useLastSync();
  const { running } = useSyncState();
  const [query, setQuery] = useState('');
  // `/vault?entry=<id>` (the ticket panel's 'Vault entry' link) opens that entry.
  const [mode, setMode] = useState<Mode>(() => {
    const id = new URLSearchParams(window.location.search).get('entry');
    return id ? { kind: 'view', id } : { kind: 'none' };
  });
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]> | undefined>();

  const all = useMemo(() => list ?? [], [list]);
  const matches = useMemo(() => all.filter((e) => matchesVaultSearch(e, query)), [all, query]);
  const byId = (id: string | null) => all.find((e) => e.id === id) ?? null;

  const openId = mode.kind === 'view' || mode.kind === 'edit' ? mode.id : null;
  const openIndex = byId(openId);
  // Entries created offline exist only in the outbox: nothing to fetch yet.
  const entry = useVaultEntry(openId && openIndex?.queuedSeq === undefined ? openId : null, online);

  const author = user ? { id: user.id, username: user.username } : null;
  const save = useSaveVaultEntry(author);
  const remove = useDeleteVaultEntry();

  const close = () => {
    setMode({ kind: 'none' });
    setServerErrors(undefined);
  };

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

  const neverSynced = lastSync === null && all.length === 0;
  let body;
  if (list === undefined || lastSync === undefined || (neverSynced && (running || online))) body = <Loading text={VAULT_TEXT.loading} />;
  else if (neverSynced)
    body = (
      <div className="card" role="status">
        <p>The customer list has not been downloaded to this device yet. Connect to the internet and it will sync.</p>
      </div>
    );
  else
    body = (
      <VaultList
        key={query}
        matches={matches}
        emptyText={vaultEmptyText(all.length)}
        isAdmin={isAdmin}
        handlers={{
          onView: (id) => setMode({ kind: 'view', id }),
          onEdit: (id) => setMode({ kind: 'edit', id, fromView: false }),
          onDelete: setDeleteId,
        }}
      />
    );

  const editBase: FormBase | null = mode.kind === 'edit' && openIndex ? { index: openIndex, entry: entry.data } : null;
  const deleting = byId(deleteId);

  return (
    <div className="page vault-page">
      <div className="vault-head">
        <h1>{VAULT_TEXT.title}</h1>
        <div className="vault-actions">
          {isAdmin && online && (
            <button type="button" className="btn btn-outline" onClick={() => setDevicesOpen(true)}>
              {OFFLINE_VAULT_TEXT.devices}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setMode({ kind: 'new' })}>
            {VAULT_TEXT.add}
          </button>
        </div>
      </div>
      <SyncStatus />
      <OfflineVaultPanel vault={offlineVault} online={online} />
      <input
        type="search"
        className="input vault-search"
        aria-label="Search customers"
        placeholder={VAULT_TEXT.searchPlaceholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {!online && (
        <p className="vault-offline-note">
          {offlineVault.device ? OFFLINE_VAULT_TEXT.offlineListNotice : VAULT_TEXT.offlineNotice}
          {lastSync ? ` List as of ${formatDateTime(lastSync)}.` : ''}
        </p>
      )}
      {body}

      <Sheet open={mode.kind === 'view' && openIndex !== null} onClose={close} labelledBy="vault-view-heading" className="vault-dialog">
        {mode.kind === 'view' && openIndex && (
          <VaultDetail
            key={openIndex.id}
            index={openIndex}
            entry={entry.data}
            loading={online && openIndex.queuedSeq === undefined && entry.isPending}
            queued={openIndex.queuedSeq !== undefined}
            online={online}
            isAdmin={isAdmin}
            headingId="vault-view-heading"
            offlineVault={offlineVault}
            onEdit={() => setMode({ kind: 'edit', id: openIndex.id, fromView: true })}
            onClose={close}
          />
        )}
      </Sheet>

      <Sheet open={mode.kind === 'new' || mode.kind === 'edit'} onClose={close} labelledBy="vault-form-heading" className="vault-dialog">
        {mode.kind === 'new' && (
          <VaultForm online={online} headingId="vault-form-heading" pending={save.isPending} serverErrors={serverErrors} onSubmit={onCreate} onCancel={close} draftOwner={user?.id ?? null} />
        )}
        {mode.kind === 'edit' && editBase && (online ? editBase.entry !== undefined : true) ? (
          <VaultForm
            key={`${editBase.index.id}:${editBase.entry?.version ?? editBase.index.version}`}
            base={editBase}
            online={online}
            headingId="vault-form-heading"
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={onUpdate(editBase.index.id, editBase, mode.fromView)}
            onCancel={mode.fromView ? () => setMode({ kind: 'view', id: editBase.index.id }) : close}
            draftOwner={user?.id ?? null}
          />
        ) : (
          mode.kind === 'edit' && (
            <div>
              <h2 id="vault-form-heading">Edit</h2>
              <Loading text={VAULT_TEXT.loading} />
            </div>
          )
        )}
      </Sheet>

      <Sheet open={devicesOpen} onClose={() => setDevicesOpen(false)} labelledBy="vault-devices-heading" className="vault-dialog">
        {devicesOpen && <OfflineDevices headingId="vault-devices-heading" onClose={() => setDevicesOpen(false)} />}
      </Sheet>

      <Sheet open={deleting !== null} onClose={() => setDeleteId(null)} labelledBy="vault-delete-heading" className="vault-confirm" role="alertdialog">
        {deleting && (
          <div className="vault-confirm-body">
            <h2 id="vault-delete-heading">{VAULT_TEXT.deleteTitle}</h2>
            <p>{VAULT_TEXT.deleteText}</p>
            <p className="muted">{deleting.businessName}</p>
            <div className="form-actions">
              <button type="button" className="btn btn-outline" onClick={() => setDeleteId(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" disabled={remove.isPending || !online} onClick={() => onDelete(deleting.id)}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </button>
            </div>
            {!online && <p className="muted">Deleting needs a connection.</p>}
          </div>
        )}
      </Sheet>
    </div>
  );
}
