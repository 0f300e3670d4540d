import { formatDateTime } from '../lib/format';
import { useConnectivity } from './connectivity';
import { syncNow } from './engine';
import { useLastSync, useOutboxCounts, useSyncState } from './hooks';
import { NEVER_SYNCED_TEXT, OFFLINE_TEXT, ONLINE_TEXT, attentionText, othersText, waitingText } from './syncText';
import './sync-status.css';

/**
 * The always-visible sync bar (DESIGN.md 5, issue 3 flows 2-4): 'Online' / 'Offline', 'N updates
 * waiting to sync', conflicts and rejections needing attention, the last sync problem while online
 * (e.g. 'Sign in again to sync'), 'Last synced <time>' and a
 * 'Sync now' button. A polite live region, so changes are announced. Place it on any screen or in
 * the header; `compact` hides the button and the last-sync time.
 */
export function SyncStatus({ compact = false }: { compact?: boolean }) {
  const connectivity = useConnectivity();
  const counts = useOutboxCounts();
  const lastSync = useLastSync();
  const { running, lastError } = useSyncState();
  const offline = connectivity === 'offline';
  return (
    <section className={`sync-status${offline ? ' sync-status-offline' : ''}`} aria-label="Offline sync" aria-live="polite">
      <span className="sync-connectivity">
        <span className="sync-dot" aria-hidden="true" />
        {offline ? OFFLINE_TEXT : ONLINE_TEXT}
      </span>
      <span>{waitingText(counts.waiting)}</span>
      {running && <span className="sync-muted">Syncing...</span>}
      {!running && !offline && lastError && <span className="sync-attention">{lastError}</span>}
      {counts.attention > 0 && <span className="sync-attention">{attentionText(counts.attention)}</span>}
      {counts.others.map((o) => (
        <span key={o.userName} className="sync-muted">
          {othersText(o.userName, o.count)}
        </span>
      ))}
      {!compact && lastSync !== undefined && (
        <span className="sync-muted">{lastSync ? `Last synced ${formatDateTime(lastSync)}` : NEVER_SYNCED_TEXT}</span>
      )}
      {!compact && (
        <button type="button" className="btn btn-outline btn-small" disabled={offline || running} onClick={() => void syncNow()}>
          Sync now
        </button>
      )}
    </section>
  );
}
