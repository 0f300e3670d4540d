/** Offline vault presenters: device rows -> the shared VaultDevice (never the bundle key). */
import type { VaultDevice, VaultDeviceRevokeReason } from '@portal/shared';
import type { VaultDeviceListRow } from './repository';

export function presentVaultDevice(r: VaultDeviceListRow): VaultDevice {
  return {
    id: r.id,
    userId: r.userId,
    username: r.username,
    deviceName: r.deviceName,
    status: r.revokedAt ? 'revoked' : r.approvedAt ? 'active' : 'pending',
    grantedAt: r.grantedAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    approvedByName: r.approvedByName,
    delivered: { ...r.delivered, lastAt: r.delivered.lastAt?.toISOString() ?? null },
    lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    revokedReason: (r.revokedReason as VaultDeviceRevokeReason | null) ?? null,
    revokedByName: r.revokedByName,
  };
}
