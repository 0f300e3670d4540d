import type { VaultDevice } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { useApproveVaultDevice, useRevokeVaultDevice, useVaultDevices } from './api/useVaultDevices';
import { OFFLINE_VAULT_TEXT as T } from './texts';

const REASON: Record<NonNullable<VaultDevice['revokedReason']>, string> = {
  admin: 'revoked by an administrator',
  user: 'turned off by its user',
  password_change: 'ended by a password change',
  two_factor_reset: 'ended by a two-factor reset',
  expired: 'expired (no sync for too long)',
  role_changed: 'ended because its user is no longer staff',
  user_deleted: 'ended because its user was deleted',
  user_disabled: 'ended because its user was disabled',
};

/**
 * Admins: the devices with offline vault access: user, device name, granted, last sync,
 * what the feed sent it (each page is in the audit), 'Approve' for a grant waiting for an
 * administrator, and 'Revoke' (the device wipes its copy at its next sync). A revoked device says until when it had
 * access and that reveals it made offline after its last sync and never sent are not in the audit.
 */
export function OfflineDevices({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const toast = useToast();
  const devices = useVaultDevices(true);
  const revoke = useRevokeVaultDevice();
  const approve = useApproveVaultDevice();
  const onApprove = (d: VaultDevice) =>
    approve.mutate(d.id, {
      onSuccess: () => toast.show({ title: 'Approved', description: `${d.deviceName} (${d.username}) receives the vault at its next sync.` }),
      onError: () => toast.show({ title: 'Error', description: 'The device could not be approved. Please try again.', variant: 'destructive' }),
    });
  const onRevoke = (d: VaultDevice) =>
    revoke.mutate(d.id, {
      onSuccess: () => toast.show({ title: 'Revoked', description: `${d.deviceName} (${d.username}) will wipe its offline vault at its next sync.` }),
      onError: () => toast.show({ title: 'Error', description: 'The device could not be revoked. Please try again.', variant: 'destructive' }),
    });
  return (
    <div className="vault-detail">
      <h2 id={headingId}>{T.devices}</h2>
      <p className="muted vault-detail-sub">Devices that keep an encrypted copy of the vault for use without a connection.</p>
      {devices.isPending ? (
        <Loading text="Loading devices..." />
      ) : devices.isError ? (
        <p className="muted">The devices could not be loaded.</p>
      ) : devices.data.length === 0 ? (
        <p className="muted">No device keeps the vault offline.</p>
      ) : (
        <ul className="offline-devices" aria-label={T.devices}>
          {devices.data.map((d) => (
            <li key={d.id} aria-label={`${d.deviceName} of ${d.username}`}>
              <div className="device-head">
                <strong>
                  {d.deviceName} · {d.username}
                </strong>
                {d.status === 'pending' && (
                  <button type="button" className="btn btn-primary btn-small" aria-label={`Approve ${d.deviceName}`} disabled={approve.isPending} onClick={() => onApprove(d)}>
                    {T.approve}
                  </button>
                )}
                {d.revokedAt === null ? (
                  <button type="button" className="btn btn-outline btn-small btn-danger-outline" aria-label={`Revoke ${d.deviceName}`} disabled={revoke.isPending} onClick={() => onRevoke(d)}>
                    {T.revoke}
                  </button>
                ) : (
                  <span className="muted">Revoked</span>
                )}
              </div>
              <p className="muted">
                Granted {formatDateTime(d.grantedAt)} · {d.status === 'pending' ? 'waiting for approval' : `approved${d.approvedByName ? ` by ${d.approvedByName}` : ''}`} · last sync{' '}
                {d.lastSyncAt ? formatDateTime(d.lastSyncAt) : 'never'}
              </p>
              <p className="muted">
                Received {d.delivered.secrets} {d.delivered.secrets === 1 ? 'secret' : 'secrets'} of {d.delivered.entries} {d.delivered.entries === 1 ? 'customer' : 'customers'} in {d.delivered.pages}{' '}
                {d.delivered.pages === 1 ? 'sync' : 'syncs'}
                {d.delivered.lastAt ? `, last ${formatDateTime(d.delivered.lastAt)}` : ''}
              </p>
              {d.revokedAt && d.revokedReason && (
                <p>
                  Access ended {formatDateTime(d.revokedAt)}: {d.revokedReason === 'admin' ? `revoked by ${d.revokedByName ?? 'an administrator'}` : REASON[d.revokedReason]}. Reveals made on it offline after its last sync and not sent before
                  the wipe are not in the audit.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions vault-detail-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
