import { useEffect, useSyncExternalStore } from 'react';
import { useOfflineQuery } from '../../offline';
import { countBundleItems, readOfflineDevice, readWipeNotice, type OfflineVaultDevice, type VaultWipeReason } from './offline';
import { useOfflineVaultSession } from './session/OfflineVaultProvider';

/** What the screens need to know about this device's offline vault. */
export interface OfflineVaultState {
  /** undefined while reading; null when this device has no offline vault. */
  device: OfflineVaultDevice | null | undefined;
  unlocked: boolean;
  /** Entries whose secrets are on this device. */
  count: number;
  /** Why the copy was wiped, until dismissed. */
  wiped: { reason: VaultWipeReason; at: string } | null;
}

/** Live state of the offline vault (IndexedDB + the provider's session); locks when the copy disappears. */
export function useOfflineVault(): OfflineVaultState {
  const device = useOfflineQuery(readOfflineDevice);
  const wiped = useOfflineQuery(readWipeNotice);
  const count = useOfflineQuery(countBundleItems);
  const session = useOfflineVaultSession();
  const unlockedId = useSyncExternalStore(session.subscribe, session.unlockedDeviceId);
  useEffect(() => {
    if (device === null && unlockedId !== null) session.lock();
  }, [device, unlockedId, session]);
  return { device, unlocked: !!device && unlockedId === device.deviceId, count: count ?? 0, wiped: wiped ?? null };
}
