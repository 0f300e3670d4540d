import { Link } from 'react-router-dom';
import type { Client } from '@portal/shared';
import { Loading } from '../../lib/ui/Loading';
import { useAsset } from './api/useAssets';
import { AssetDetailView } from './AssetDetailView';
import { AssetForm } from './AssetForm';
import { ASSETS_TEXT as T } from './texts';

/**
 * One asset (by id, or by tag for `/a/<tag>`): this device's copy first (works offline, shows unsent
 * edits and conflicts), the server's page data online (tickets with time). `edit` shows the form.
 */
export function AssetScreen({ assetRef, byTag = false, online, clients, edit = false }: { assetRef: string; byTag?: boolean; online: boolean; clients: Client[]; edit?: boolean }) {
  const { local, server, cachedTickets } = useAsset(assetRef, byTag, online);
  // The device's copy (its unsent edits applied) with the server's history when online.
  const asset = local ? { ...local, history: server.data?.history ?? local.history } : (server.data ?? null);
  const back = (
    <Link className="btn btn-outline btn-small" to="/assets">
      {T.back}
    </Link>
  );
  if (!asset) {
    if (local === undefined || (online && server.isPending)) return <Loading text={T.loading} />;
    return (
      <div className="card" role="status">
        {back}
        <p>{online ? T.notFoundOnline : T.notFound}</p>
      </div>
    );
  }
  const client = clients.find((c) => c.id === asset.clientId);
  if (edit) return <AssetForm key={asset.id} asset={asset} clients={clients} />;
  const withTime = Boolean(server.data);
  return (
    <>
      {back}
      <AssetDetailView asset={asset} client={client} tickets={server.data?.tickets ?? cachedTickets} online={online} withTime={withTime} />
    </>
  );
}
