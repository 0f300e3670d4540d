import { useEffect, useState } from 'react';
import type { VaultBundleDetails } from '@portal/shared';
import { useOfflineVaultSession } from './session/OfflineVaultProvider';

/**
 * The site details of entry `entryId` (usernames, SSID, registrar, providers, static IP, notes) from
 * this device's encrypted copy while `enabled` (offline, the offline vault unlocked). Kept in this
 * component's memory only and dropped when it locks or `enabled` turns off.
 * @returns the details; null when the copy has none for this entry; undefined while reading or disabled.
 */
export function useOfflineDetails(entryId: string, enabled: boolean): VaultBundleDetails | null | undefined {
  const session = useOfflineVaultSession();
  const [details, setDetails] = useState<{ entryId: string; value: VaultBundleDetails | null } | undefined>();
  useEffect(() => {
    if (!enabled) {
      setDetails(undefined);
      return;
    }
    let live = true;
    session.details(entryId).then(
      (value) => live && setDetails({ entryId, value }),
      () => live && setDetails({ entryId, value: null }),
    );
    return () => {
      live = false;
    };
  }, [entryId, enabled, session]);
  return enabled && details?.entryId === entryId ? details.value : undefined;
}
