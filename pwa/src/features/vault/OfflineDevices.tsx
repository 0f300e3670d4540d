import type { VaultDevice } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { useRevokeVaultDevice, useVaultDevices } from './api/useVaultDevices';
import { OFFLINE_VAULT_TEXT as T } from './texts';

const REASON: Record<NonNullable<VaultDevice['revokedReason']>, string> = {
  admin: 'revoked by an administrator',
  user: 'turned off by its user',
  password_change: 'ended by a password change',
  expired: 'expired (no sync for too long)',
};

/**
 * Admins: the devices with offline vault access (issue 14): user, device name, granted, last sync,
 * and 'Revoke' (the device wipes its copy at its next sync). A revoked device says until when it had
 * access and that reveals it made offline after its last sync and never sent are not in the audit.
 */
export function OfflineDevices({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const toast = useToast();
  const devices = useVaultDevices(true);
  const revoke = useRevokeVaultDevice();
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
                {d.revokedAt === null ? (
                  <button type="button" className="btn btn-outline btn-small btn-danger-outline" aria-label={`Revoke ${d.deviceName}`} disabled={revoke.isPending} onClick={() => onRevoke(d)}>
                    {T.revoke}
                  </button>
                ) : (
                  <span className="muted">Revoked</span>
                )}
              </div>
              <p className="muted">
                Granted {formatDateTime(d.grantedAt)} · last sync {d.lastSyncAt ? formatDateTime(d.lastSyncAt) : 'never'}
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
