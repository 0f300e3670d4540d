import { ACTIVITY_AREA_LABELS, ACTIVITY_TEXT, type ActivityEntry } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../lib/connection';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { useActivity } from './useActivity';
import './activity.css';

const target = (e: ActivityEntry) => e.target ?? <span className="muted">—</span>;

const COLUMNS: ListColumn<ActivityEntry>[] = [
  { id: 'when', header: 'When', cell: (e) => formatDateTime(e.createdAt), className: 'nowrap' },
  { id: 'who', header: 'Who', cell: (e) => e.actorName, rowHeader: true },
  { id: 'area', header: 'Area', cell: (e) => ACTIVITY_AREA_LABELS[e.area] },
  { id: 'action', header: 'Action', cell: (e) => e.action },
  { id: 'target', header: 'What', cell: target, className: 'activity-target' },
];

/** Phones: one entry as a card. */
function ActivityCard({ e }: { e: ActivityEntry }) {
  return (
    <>
      <div className="activity-card-head">
        <strong>{e.action}</strong>
        <span className="muted">{ACTIVITY_AREA_LABELS[e.area]}</span>
      </div>
      {e.target && <p className="activity-target">{e.target}</p>}
      <p className="muted activity-meta">
        {e.actorName} · {formatDateTime(e.createdAt)}
      </p>
    </>
  );
}

/** The list's error in words a person reads (lib/connection: never the browser's raw message). */
const failure = (error: unknown) => ({ message: failureText(error) });

/**
 * /admin/activity 'Activity Log' (admin only; docs/activity.md): who changed what in users,
 * settings, content and files, and when, newest first: a table from 992 px, cards on phones
 * (ResponsiveList). 50 entries at a time; 'Load more' fetches the next keyset page.
 */
export default function ActivityLogPage() {
  const activity = useActivity();
  const rows = activity.data?.pages.flatMap((p) => p.items);
  return (
    <div className="page activity-page">
      <div className="page-head">
        <h1>{ACTIVITY_TEXT.title}</h1>
      </div>
      <p className="muted activity-lead">Changes made by admins to users, settings, content and files.</p>
      <ResponsiveList
        rows={activity.isError && !rows ? undefined : rows}
        rowKey={(e) => e.id}
        columns={COLUMNS}
        card={(e) => <ActivityCard e={e} />}
        cardLabel={(e) => `${e.action} ${e.target ?? ''}`.trim()}
        label={ACTIVITY_TEXT.title}
        ordered
        empty={ACTIVITY_TEXT.empty}
        loadingText={ACTIVITY_TEXT.loading}
        error={activity.isError && !rows ? failure(activity.error) : null}
        errorText={ACTIVITY_TEXT.loadFailed}
        onRetry={() => void activity.refetch()}
        classes={{ list: 'activity-cards', card: 'card activity-card' }}
      />
      {activity.hasNextPage && (
        <div className="activity-more">
          <button type="button" className="btn btn-outline" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            {activity.isFetchingNextPage ? ACTIVITY_TEXT.loadingMore : ACTIVITY_TEXT.more}
          </button>
        </div>
      )}
      {activity.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {ACTIVITY_TEXT.loadFailed} {failure(activity.error).message}
        </p>
      )}
    </div>
  );
}
