import { ASSET_STATUSES, ASSET_STATUS_NAMES, ASSET_TYPES, ASSET_TYPE_NAMES, type Client } from '@portal/shared';
import type { AssetFilters } from './api/useAssets';
import { ASSETS_TEXT as T } from './texts';

/** Search and the client, type, status and "Warranty ending" filters above the list. */
export function AssetFiltersBar({ filters, clients, onChange }: { filters: AssetFilters; clients: Client[]; onChange(f: AssetFilters): void }) {
  return (
    <div className="assets-filters">
      <input type="search" className="input assets-search" aria-label={T.searchLabel} placeholder={T.searchPlaceholder} value={filters.q} onChange={(e) => onChange({ ...filters, q: e.target.value })} />
      <select className="input" aria-label={T.colClient} value={filters.clientId} onChange={(e) => onChange({ ...filters, clientId: e.target.value })}>
        <option value="">{T.allClients}</option>
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <select className="input" aria-label={T.colType} value={filters.type} onChange={(e) => onChange({ ...filters, type: e.target.value as AssetFilters['type'] })}>
        <option value="">{T.allTypes}</option>
        {ASSET_TYPES.map((t) => (
          <option key={t} value={t}>
            {ASSET_TYPE_NAMES[t]}
          </option>
        ))}
      </select>
      <select className="input" aria-label={T.colStatus} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as AssetFilters['status'] })}>
        <option value="">{T.allStatuses}</option>
        {ASSET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ASSET_STATUS_NAMES[s]}
          </option>
        ))}
      </select>
      <label className="assets-check">
        <input type="checkbox" checked={filters.warrantyEnding} onChange={(e) => onChange({ ...filters, warrantyEnding: e.target.checked })} /> {T.warrantyEnding}
      </label>
    </div>
  );
}
