import { IonBadge } from '@ionic/react';
import { Link } from 'react-router-dom';
import { ASSET_STATUS_NAMES, ASSET_TYPE_NAMES, type Asset, type AssetTicket, type Client } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { AssetAttention } from './AssetAttention';
import { AssetHistory } from './AssetHistory';
import { AssetVault } from './AssetVault';
import { AssetVisit } from './AssetVisit';
import type { AssetView } from './offline';
import { ASSETS_TEXT as T, FIELD_NAMES } from './texts';

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00`) : null);
const hours = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/** The asset page's body: heading, actions, its details, its tickets (with time when online) and 'Log a visit', its vault entries, its history. */
export function AssetDetailView(props: { asset: Asset | AssetView; client: Client | undefined; tickets: AssetTicket[] | undefined; online: boolean; withTime: boolean }) {
  const { asset: a, client, tickets, online, withTime } = props;
  const site = client?.sites.find((s) => s.id === a.siteId);
  const contact = client?.contacts.find((c) => c.id === a.contactId);
  const rows: [string, string | null][] = [
    [FIELD_NAMES.type, ASSET_TYPE_NAMES[a.type]],
    [FIELD_NAMES.status, ASSET_STATUS_NAMES[a.status]],
    ['Client', client?.name ?? null],
    ['Site', site?.name ?? null],
    ['Contact', contact?.name ?? null],
    [FIELD_NAMES.make, a.make],
    [FIELD_NAMES.model, a.model],
    [FIELD_NAMES.serialNumber, a.serialNumber],
    [FIELD_NAMES.ipAddress, a.ipAddress],
    [FIELD_NAMES.macAddress, a.macAddress],
    [FIELD_NAMES.operatingSystem, a.operatingSystem],
    [FIELD_NAMES.purchaseDate, day(a.purchaseDate)],
    [FIELD_NAMES.warrantyEnd, day(a.warrantyEnd)],
    [FIELD_NAMES.notes, a.notes],
  ];
  const waiting = 'waiting' in a && a.waiting;
  return (
    <article className="asset-page" data-asset={a.id}>
      <h1>
        {a.assetTag || T.tagPending} · {a.name} {waiting && <IonBadge color="warning">{T.waiting}</IonBadge>}
      </h1>
      {'attention' in a && <AssetAttention items={a.attention} />}
      <div className="asset-actions">
        <Link className="btn btn-primary" to={`/assets?edit=${a.id}`}>
          {T.edit}
        </Link>
        <Link className="btn btn-outline" to={`/technician/new?asset=${a.id}`}>
          {T.newTicket}
        </Link>
        {online && a.assetTag && (
          <a className="btn btn-outline" href={`/api/assets/labels.pdf?ids=${a.id}`} download={`label-${a.assetTag}.pdf`}>
            {T.label}
          </a>
        )}
        {client && (
          <Link className="btn btn-outline" to={`/clients?client=${client.id}`}>
            Open client card
          </Link>
        )}
      </div>
      <section className="asset-section" aria-labelledby="asset-details">
        <h2 id="asset-details">{T.details}</h2>
        <dl className="asset-fields">
          {rows.filter(([, v]) => v).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="asset-section" aria-labelledby="asset-tickets">
        <h2 id="asset-tickets">{T.tickets}</h2>
        {!withTime && (tickets ?? []).length > 0 && <p className="muted">{T.ticketsOffline}</p>}
        {(tickets ?? []).length === 0 ? (
          <p className="muted">{T.ticketsEmpty}</p>
        ) : (
          <ul className="asset-tickets">
            {tickets!.map((t) => (
              <li key={t.id} className="client-item" data-ticket={t.id}>
                <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link> <span className="muted">{t.status.replace('_', ' ')}</span> · {formatDate(t.createdAt)}
                {withTime && <span className="muted"> · {hours(t.minutes)}</span>}
                <div className="client-issue">{t.issue.slice(0, 100)}</div>
              </li>
            ))}
          </ul>
        )}
        <AssetVisit tickets={tickets ?? []} />
      </section>
      <AssetVault ids={a.vaultEntryIds} />
      <AssetHistory items={a.history} offline={!withTime} />
    </article>
  );
}
