/** Offline vault presenters: device rows -> the shared VaultDevice (never the bundle key). */
import type { VaultDevice, VaultDeviceRevokeReason } from '@portal/shared';
import type { VaultDeviceListRow } from './repository';

export function presentVaultDevice(r: VaultDeviceListRow): VaultDevice {
  return {
    id: r.id,
    userId: r.userId,
    username: r.username,
    deviceName: r.deviceName,
    grantedAt: r.grantedAt.toISOString(),
    lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    revokedReason: (r.revokedReason as VaultDeviceRevokeReason | null) ?? null,
    revokedByName: r.revokedByName,
  };
}
