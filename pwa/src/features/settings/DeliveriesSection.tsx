import { IonBadge } from '@ionic/react';
import type { NotificationDelivery } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { useDeliveries } from './api/useDeliveries';
import { CHANNEL_LABELS, DELIVERY_STATUS_LABELS, deliveryStatusColor } from './labels';
import { SETTINGS_TEXT } from './texts';

/**
 * The delivery log (issue 4, DESIGN.md 6 "Admins can see deliveries and failures"): the newest
 * e-mail, SMS and push jobs with channel, recipient, summary, status, attempts, last error and
 * time. Desktop: a table; phones: one card per job (the same facts, no sideways scrolling).
 * 'Refresh' reloads it; it also refreshes itself while a job is pending.
 */
export function DeliveriesSection() {
  const deliveries = useDeliveries();
  const isDesktop = useIsDesktop();
  const rows = deliveries.data ?? [];

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
      {deliveries.isPending ? (
        <Loading text="Loading deliveries..." />
      ) : deliveries.isError ? (
        <p className="form-error" role="alert">
          The delivery log could not be loaded. {deliveries.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted settings-empty">{SETTINGS_TEXT.noDeliveries}</p>
      ) : isDesktop ? (
        <DeliveryTable rows={rows} />
      ) : (
        <DeliveryCards rows={rows} />
      )}
    </section>
  );
}

function StatusBadge({ row }: { row: NotificationDelivery }) {
  return <IonBadge color={deliveryStatusColor(row.status)}>{DELIVERY_STATUS_LABELS[row.status]}</IonBadge>;
}

function DeliveryTable({ rows }: { rows: NotificationDelivery[] }) {
  return (
    <div className="delivery-table-wrap">
      <table className="delivery-table" aria-label="Recent deliveries">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Channel</th>
            <th scope="col">Recipient</th>
            <th scope="col">Summary</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last Error</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-status={row.status}>
              <td className="nowrap">
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </td>
              <td>{CHANNEL_LABELS[row.channel]}</td>
              <td className="recipient-cell">{row.recipient}</td>
              <td className="break">{row.summary}</td>
              <td>
                <StatusBadge row={row} />
              </td>
              <td className="num">{row.attempts}</td>
              <td className="break delivery-error-cell">{row.lastError ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryCards({ rows }: { rows: NotificationDelivery[] }) {
  return (
    <ul className="delivery-list" aria-label="Recent deliveries">
      {rows.map((row) => (
        <li key={row.id} className="delivery" data-status={row.status}>
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
        </li>
      ))}
    </ul>
  );
}
