import { refreshOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { formatDateTime, formatShortDateTime } from '../lib/format';
import { Icon } from '../lib/ui/Icon';
import { useConnectivity } from './connectivity';
import { syncNow } from './engine';
import { useLastSync, useOutboxCounts, useSyncState, type AttentionItem } from './hooks';
import { NEVER_SYNCED_TEXT, OFFLINE_TEXT, ONLINE_TEXT, attentionItemText, attentionText, othersText, queueText } from './syncText';
import './sync-status.css';

/**
 * The always-visible sync bar (DESIGN.md 5): 'Online' / 'Offline', 'N updates
 * waiting to sync', conflicts and rejections needing attention, the last sync problem while online
 * (e.g. 'Sign in again to sync'), 'Last synced <time>' and a
 * 'Sync now' button. Honest: 'All updates synced' only when nothing waits AND nothing
 * needs attention AND no sync runs (then 'Syncing...' alone); each update that needs attention is a link to the screen that resolves it (its
 * kind's `link`, e.g. the ticket), labelled with the item ('Review TKT-000123'). A polite live region, so changes are announced. Place it on any screen or in
 * the header; `compact` hides the button and the last-sync time. `strip` (the phone ticket list, issue 56
 * item 5) is one line: no box, 'Last synced 5:14 AM' in the short form (the full time in its title),
 * 'Syncing...' in its place while a sync runs, and 'Sync now' a 44 px icon button with that name.
 * Its icon is lib/ui/Icon, not Ionic's IonIcon: this module is part of the offline engine's one chunk,
 * which the public pages load (the support form's queue, the status and survey pages), and an
 * IonIcon here made every public page download and evaluate Ionic React (docs/benchmarks.md
 * "Lighthouse against a floor").
 */
export function SyncStatus({ compact = false, strip = false }: { compact?: boolean; strip?: boolean }) {
  const connectivity = useConnectivity();
  const counts = useOutboxCounts();
  const lastSync = useLastSync();
  const { running, lastError } = useSyncState();
  const offline = connectivity === 'offline';
  // 'All updates synced' is not shown next to 'Syncing...' (a pull is running): the two read as a contradiction.
  const queue = running && counts.waiting === 0 && counts.attention === 0 ? null : queueText(counts.waiting, counts.attention);
  return (
    <section className={`sync-status${offline ? ' sync-status-offline' : ''}${strip ? ' sync-status-strip' : ''}`} aria-label="Offline sync" aria-live="polite">
      <span className="sync-info">
        <span className="sync-connectivity">
          <span className="sync-dot" aria-hidden="true" />
          {offline ? OFFLINE_TEXT : ONLINE_TEXT}
        </span>
        {queue && <span>{queue}</span>}
        {running && <span className="sync-muted">Syncing...</span>}
        {!running && !offline && lastError && <span className="sync-attention">{lastError}</span>}
        {counts.attention > 0 && <AttentionLinks count={counts.attention} items={counts.attentionItems} />}
        {counts.others.map((o) => (
          <span key={o.userName} className="sync-muted">
            {othersText(o.userName, o.count)}
          </span>
        ))}
        {!compact && !(strip && running) && lastSync !== undefined && (
          <span className="sync-muted sync-last" title={strip && lastSync ? formatDateTime(lastSync) : undefined}>
            {lastSync ? `Last synced ${strip ? formatShortDateTime(lastSync) : formatDateTime(lastSync)}` : NEVER_SYNCED_TEXT}
          </span>
        )}
      </span>
      {!compact && (
        <button
          type="button"
          className={`btn btn-outline btn-small${strip ? ' sync-now-icon' : ''}`}
          aria-label={strip ? 'Sync now' : undefined}
          title={strip ? 'Sync now' : undefined}
          disabled={offline || running}
          onClick={() => void syncNow()}
        >
          {strip ? <Icon icon={refreshOutline} /> : 'Sync now'}
        </button>
      )}
    </section>
  );
}

/** How many attention links the bar shows before '+N more'. */
const MAX_ATTENTION_LINKS = 3;

/** 'N updates need attention' and a link per item ('Review TKT-000123'), or plain text without a link. */
function AttentionLinks({ count, items }: { count: number; items: readonly AttentionItem[] }) {
  const shown = items.slice(0, MAX_ATTENTION_LINKS);
  return (
    <span className="sync-attention">
      <span>{attentionText(count)}</span>
      {shown.map((i) =>
        i.link ? (
          <Link key={i.seq} to={i.link} className="sync-attention-link">
            {attentionItemText(i.label)}
          </Link>
        ) : (
          <span key={i.seq} className="sync-attention-item">
            {i.label}
          </span>
        ),
      )}
      {items.length > shown.length && <span>+{items.length - shown.length} more</span>}
    </span>
  );
}
