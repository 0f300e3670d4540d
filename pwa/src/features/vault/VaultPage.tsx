import { useMemo, useState } from 'react';
import { matchesVaultSearch } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { Sheet } from '../../lib/ui/Sheet';
import { SyncStatus, useConnectivity, useLastSync, useSyncState } from '../../offline';
import { useVaultEntry } from './api/useVaultEntry';
import { useVaultList } from './api/useVaultList';
import type { FormBase } from './formModel';
import { OFFLINE_VAULT_TEXT, VAULT_TEXT } from './texts';
import { OfflineDevices } from './OfflineDevices';
import { OfflineVaultPanel } from './OfflineVaultPanel';
import { OfflineVaultProvider } from './session/OfflineVaultProvider';
import { useOfflineVault } from './useOfflineVault';
import { VaultDetail } from './VaultDetail';
import { VaultBody, VaultDeleteSheet, VaultFormSheet } from './VaultPageParts';
import { useVaultWrites, type VaultMode } from './useVaultWrites';
import './vault.css';

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
  const [mode, setMode] = useState<VaultMode>(() => {
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

  const close = () => {
    setMode({ kind: 'none' });
    setServerErrors(undefined);
  };
  const author = user ? { id: user.id, username: user.username } : null;
  const writes = useVaultWrites({ author, openId, setMode, setServerErrors, setDeleteId, close });

  const editBase: FormBase | null = mode.kind === 'edit' && openIndex ? { index: openIndex, entry: entry.data } : null;

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
      <VaultBody
        {...{ list, all, matches, query, lastSync, running, online, isAdmin }}
        handlers={{
          onView: (id) => setMode({ kind: 'view', id }),
          onEdit: (id) => setMode({ kind: 'edit', id, fromView: false }),
          onDelete: setDeleteId,
        }}
      />

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

      <VaultFormSheet
        mode={mode.kind === 'new' || mode.kind === 'edit' ? mode.kind : 'other'}
        editBase={editBase}
        fromView={mode.kind === 'edit' && mode.fromView}
        online={online}
        pending={writes.saving}
        serverErrors={serverErrors}
        draftOwner={user?.id ?? null}
        onCreate={writes.onCreate}
        onUpdate={writes.onUpdate}
        onView={(id) => setMode({ kind: 'view', id })}
        onClose={close}
      />

      <Sheet open={devicesOpen} onClose={() => setDevicesOpen(false)} labelledBy="vault-devices-heading" className="vault-dialog">
        {devicesOpen && <OfflineDevices headingId="vault-devices-heading" onClose={() => setDevicesOpen(false)} />}
      </Sheet>

      <VaultDeleteSheet deleting={byId(deleteId)} pending={writes.deleting} online={online} onDelete={writes.onDelete} onClose={() => setDeleteId(null)} />
    </div>
  );
}
