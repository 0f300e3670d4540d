import { IonBadge } from '@ionic/react';
import type { NotificationDelivery } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { useDeliveries } from './api/useDeliveries';
import { CHANNEL_LABELS, DELIVERY_STATUS_LABELS, deliveryStatusColor } from './labels';
import { SETTINGS_TEXT } from './texts';

/**
 * The delivery log (DESIGN.md 6 "Admins can see deliveries and failures"): the newest
 * e-mail, SMS and push jobs with channel, recipient, summary, status, attempts, last error and
 * time. Desktop: a table; phones: one card per job (the same facts, no sideways scrolling).
 * 'Refresh' reloads it; it also refreshes itself while a job is pending.
 */
export function DeliveriesSection() {
  const deliveries = useDeliveries();

  return (
    <section className="card settings-card" aria-labelledby="deliveries-heading">
      <div className="settings-card-head">
        <h2 id="deliveries-heading">Recent Deliveries</h2>
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {deliveries.isFetching && !deliveries.isPending ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <p className="muted settings-lead">The latest e-mails, text messages and push alerts, newest first, with the reason of any failure.</p>
      <ResponsiveList
        rows={deliveries.data}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        card={(row) => <DeliveryCard row={row} />}
        label="Recent deliveries"
        empty={SETTINGS_TEXT.noDeliveries}
        loadingText="Loading deliveries..."
        error={deliveries.data ? null : deliveries.error}
        errorText="The delivery log could not be loaded."
        rowAttrs={(row) => ({ 'data-status': row.status })}
        classes={{ wrap: 'delivery-table-wrap', table: 'delivery-table', list: 'delivery-list', card: 'delivery', empty: 'settings-empty' }}
      />
    </section>
  );
}

function StatusBadge({ row }: { row: NotificationDelivery }) {
  return <IonBadge color={deliveryStatusColor(row.status)}>{DELIVERY_STATUS_LABELS[row.status]}</IonBadge>;
}

const COLUMNS: ListColumn<NotificationDelivery>[] = [
  { id: 'time', header: 'Time', cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>, className: 'nowrap' },
  { id: 'channel', header: 'Channel', cell: (row) => CHANNEL_LABELS[row.channel] },
  { id: 'recipient', header: 'Recipient', cell: (row) => row.recipient, className: 'recipient-cell' },
  { id: 'summary', header: 'Summary', cell: (row) => row.summary, className: 'break' },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge row={row} /> },
  { id: 'attempts', header: 'Attempts', cell: (row) => row.attempts, className: 'num' },
  { id: 'error', header: 'Last Error', cell: (row) => row.lastError ?? '', className: 'break delivery-error-cell' },
];

/** Phones: one job's facts. */
function DeliveryCard({ row }: { row: NotificationDelivery }) {
  return (
    <>
      <div className="delivery-head">
        <strong>{CHANNEL_LABELS[row.channel]}</strong>
        <StatusBadge row={row} />
        <time className="muted" dateTime={row.createdAt}>
          {formatDateTime(row.createdAt)}
        </time>
      </div>
      <p className="delivery-summary">{row.summary}</p>
      <p className="muted delivery-recipient">{row.recipient}</p>
      <p className="muted delivery-attempts">
        {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      {row.lastError && <p className="delivery-error">Last error: {row.lastError}</p>}
    </>
  );
}
