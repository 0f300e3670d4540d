import { useMemo, useState, type ReactNode } from 'react';
import { IonBadge } from '@ionic/react';
import { Link } from 'react-router-dom';
import { ASSET_STATUS_NAMES, ASSET_TYPE_NAMES, type Asset, type Client } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { NO_FILTERS, useAssetPages, useCachedAssets, warrantyCutoff, type AssetFilters } from './api/useAssets';
import { AssetFiltersBar } from './AssetFiltersBar';
import { LabelActions, useLabelSelection } from './AssetLabels';
import { matchesAssetSearch, type AssetView } from './offline';
import { ASSETS_TEXT as T } from './texts';

const PAGE = 50;
type Row = Asset & { waiting?: boolean };

/** The filters applied to this device's copy (offline), as the API applies them. */
export function matchesAssetFilters(a: Asset, f: AssetFilters, now = new Date()): boolean {
  if (f.clientId && a.clientId !== f.clientId) return false;
  if (f.type && a.type !== f.type) return false;
  if (f.status && a.status !== f.status) return false;
  if (f.warrantyEnding && !(a.warrantyEnd && a.warrantyEnd <= warrantyCutoff(now))) return false;
  return matchesAssetSearch(a, f.q);
}

function columns(clientName: (id: string) => string, box: (a: Row) => ReactNode): ListColumn<Row>[] {
  return [
    { id: 'pick', header: T.colPick, hideHeader: true, cell: box, className: 'nowrap' },
    { id: 'tag', header: T.colTag, cell: (a) => <Link to={`/assets?asset=${a.id}`}>{a.assetTag}</Link>, rowHeader: true, className: 'nowrap' },
    { id: 'name', header: T.colName, cell: (a) => <>{a.name} {a.waiting && <IonBadge color="warning">{T.waiting}</IonBadge>}</> },
    { id: 'type', header: T.colType, cell: (a) => ASSET_TYPE_NAMES[a.type] },
    { id: 'client', header: T.colClient, cell: (a) => clientName(a.clientId) },
    { id: 'status', header: T.colStatus, cell: (a) => ASSET_STATUS_NAMES[a.status] },
    { id: 'warranty', header: T.colWarranty, cell: (a) => (a.warrantyEnd ? formatDate(`${a.warrantyEnd}T12:00:00`) : '—'), className: 'nowrap' },
  ];
}

/**
 * The /assets list (issue 53): search and filters; online the server's keyset pages ('Show more'
 * asks the next page), offline this device's copy with the same filters. Cards on phones, a table
 * from 992 px. Each asset has a tick box: 'Print labels (N)' prints the ticked ones (AssetLabels.tsx).
 */
export function AssetList({ online, clients }: { online: boolean; clients: Client[] }) {
  const [filters, setFilters] = useState<AssetFilters>(NO_FILTERS);
  const [shown, setShown] = useState(PAGE);
  const server = useAssetPages(filters, online);
  const cached = useCachedAssets();
  const names = useMemo(() => new Map(clients.map((c) => [c.id, c.name])), [clients]);
  const labels = useLabelSelection();
  const cols = columns((id) => names.get(id) ?? '', labels.box);
  const useServer = online && !server.isError;
  const local = useMemo(() => (cached ?? []).filter((a: AssetView) => matchesAssetFilters(a, filters)), [cached, filters]);
  const rows: Row[] | undefined = useServer ? server.data?.pages.flatMap((p) => p.items) : cached && local.slice(0, shown);
  const more = useServer ? server.hasNextPage : local.length > shown;
  const ids = (rows ?? []).slice(0, 200).map((a) => a.id);
  return (
    <>
      <AssetFiltersBar filters={filters} clients={clients} onChange={(f) => { setFilters(f); setShown(PAGE); }} />
      <ResponsiveList
        rows={rows}
        rowKey={(a) => a.id}
        columns={cols}
        label={T.title}
        loadingText={T.loading}
        empty={!online && (cached ?? []).length === 0 ? T.notDownloaded : T.empty}
        cardLabel={(a) => `${a.assetTag} ${a.name}`}
        rowAttrs={(a) => ({ 'data-asset': a.id })}
        card={(a) => (
          <div className="asset-row-card">
            <div className="asset-row-name">
              {labels.box(a)} <Link to={`/assets?asset=${a.id}`}>{a.assetTag}</Link> {a.name} {a.waiting && <IonBadge color="warning">{T.waiting}</IonBadge>}
            </div>
            <div className="muted">
              {ASSET_TYPE_NAMES[a.type]} · {names.get(a.clientId) ?? ''} · {ASSET_STATUS_NAMES[a.status]}
            </div>
          </div>
        )}
      />
      <div className="assets-list-actions">
        {more && (
          <button type="button" className="btn btn-outline" disabled={server.isFetchingNextPage} onClick={() => (useServer ? void server.fetchNextPage() : setShown(shown + PAGE))}>
            {T.showMore}
          </button>
        )}
        {online && <LabelActions chosen={labels.chosen} shownIds={ids} clear={labels.clear} />}
      </div>
    </>
  );
}
