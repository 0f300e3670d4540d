import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WARRANTY_ALERT_DAYS, type AssetDetail, type AssetPage, type AssetStatus, type AssetType, type Client } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { useOfflineQuery } from '../../../offline';
import { readAssetList, readAssetTickets, readAssetView } from '../offline';

/** The list's filters (the API's query of GET /api/assets). */
export interface AssetFilters {
  q: string;
  clientId: string;
  type: AssetType | '';
  status: AssetStatus | '';
  warrantyEnding: boolean;
}
export const NO_FILTERS: AssetFilters = { q: '', clientId: '', type: '', status: '', warrantyEnding: false };

/** `today + 30 days` as YYYY-MM-DD: the "Warranty ending" filter (`warrantyBefore`). */
export function warrantyCutoff(now = new Date()): string {
  return new Date(now.getTime() + WARRANTY_ALERT_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The query string of one page of GET /api/assets. */
export function assetListQuery(f: AssetFilters, after: string | null, now = new Date()): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.clientId) p.set('clientId', f.clientId);
  if (f.type) p.set('type', f.type);
  if (f.status) p.set('status', f.status);
  if (f.warrantyEnding) p.set('warrantyBefore', warrantyCutoff(now));
  if (after) p.set('after', after);
  p.set('limit', '50');
  return p.toString();
}

/** Keyset pages of the server's list (online). */
export function useAssetPages(filters: AssetFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['assets', filters],
    queryFn: ({ pageParam }) => apiGet<AssetPage>(`/api/assets?${assetListQuery(filters, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

/** The assets on this device (offline list), with unsent edits applied. */
export const useCachedAssets = () => useOfflineQuery(readAssetList);

/** The client cards on this device (the clients feature's records, read as data). */
export const useClientCards = () =>
  useOfflineQuery(async (db) => (await db.records.where('collection').equals('clients').toArray()).map((r) => r.data as Client).sort((a, b) => a.name.localeCompare(b.name)));

/**
 * One asset: the device's copy (edits applied; null when not held) and, online, the server's page
 * data (its tickets with time). `ref` is the id, or the tag with `byTag`.
 */
export function useAsset(ref: string, byTag: boolean, online: boolean) {
  const local = useOfflineQuery((db) => readAssetView(db, ref, byTag), [ref, byTag]);
  const server = useQuery({
    queryKey: ['asset', byTag ? 'tag' : 'id', ref],
    queryFn: () => apiGet<AssetDetail>(byTag ? `/api/assets/by-tag/${encodeURIComponent(ref)}` : `/api/assets/${ref}`),
    enabled: online,
  });
  const ticketIds = local?.ticketIds ?? server.data?.ticketIds ?? [];
  const cachedTickets = useOfflineQuery((db) => readAssetTickets(db, { ticketIds }), [ticketIds.join(',')]);
  return { local, server, cachedTickets };
}
