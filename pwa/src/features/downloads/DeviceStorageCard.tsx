import { formatFileSize } from '@portal/shared';
import type { KeptFilesState } from './useKeptFiles';

/**
 * "On this device": how many tools are kept and their size, what the whole app stores
 * on the device out of what the browser allows, and whether the storage is persistent.
 */
export function DeviceStorageCard({ state }: { state: KeptFilesState }) {
  const { supported, kept, storage } = state;
  if (!supported) {
    return (
      <section className="card device-card" aria-labelledby="device-heading">
        <h2 id="device-heading">On this device</h2>
        <p className="muted">This browser cannot keep files for offline use.</p>
      </section>
    );
  }
  const files = kept ? [...kept.values()] : [];
  const keptBytes = files.reduce((n, f) => n + f.size, 0);
  return (
    <section className="card device-card" aria-labelledby="device-heading">
      <h2 id="device-heading">On this device</h2>
      <p data-testid="kept-summary">
        {files.length === 0
          ? 'No tools kept yet. Use "Keep on this device" to download a tool without signal.'
          : `${files.length} ${files.length === 1 ? 'tool' : 'tools'} kept for offline use (${formatFileSize(keptBytes)}).`}
      </p>
      {storage?.usage != null && (
        <p className="muted" data-testid="storage-used">
          Space used by this app: {formatFileSize(storage.usage)}
          {storage.quota != null ? ` of ${formatFileSize(storage.quota)} available` : ''}.
        </p>
      )}
      {files.length > 0 && (
        <p className="muted">
          {storage?.persisted
            ? 'Storage is persistent: the browser will not clear kept tools on its own.'
            : 'The browser may clear kept tools if the device runs low on space.'}
        </p>
      )}
    </section>
  );
}
