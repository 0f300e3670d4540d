import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { SyncStatus, useConnectivity, useLastSync } from '../../offline';
import { useClientCards } from './api/useAssets';
import { AssetForm } from './AssetForm';
import { AssetList } from './AssetList';
import { AssetScreen } from './AssetScreen';
import { ASSETS_TEXT as T } from './texts';
import './assets.css';

/**
 * /assets (issue 53; staff): the list, `?asset=<id>` the asset page, `?edit=<id>` its form, `?new=1`
 * a new asset (online). Offline first: this device's copy of the assets of its tickets' clients.
 */
export default function AssetsPage() {
  const [params] = useSearchParams();
  const online = useConnectivity() === 'online';
  const clients = useClientCards() ?? [];
  const lastSync = useLastSync();
  const id = params.get('asset') ?? params.get('edit');
  let body;
  if (id) body = <AssetScreen key={id} assetRef={id} online={online} clients={clients} edit={params.has('edit')} />;
  else if (params.has('new')) body = <AssetForm asset={null} clients={clients} />;
  else
    body = (
      <>
        <div className="assets-head">
          <h1>{T.title}</h1>
          <div className="assets-actions">
            <Link className="btn btn-primary" to="/assets/scan">
              {T.scan}
            </Link>
            <Link className="btn btn-outline" to="/assets?new=1">
              {T.newAsset}
            </Link>
          </div>
        </div>
        {!online && lastSync && <p className="muted">{T.asOf(formatDateTime(lastSync))}</p>}
        <AssetList online={online} clients={clients} />
      </>
    );
  return (
    <div className="page assets-page">
      <SyncStatus />
      {body}
    </div>
  );
}

/** `/a/<tag>`: a label's URL (the QR code), opened by the phone's camera app or the Scan screen. */
export function AssetTagPage() {
  const { tag = '' } = useParams();
  const online = useConnectivity() === 'online';
  const clients = useClientCards() ?? [];
  return (
    <div className="page assets-page">
      <SyncStatus />
      <AssetScreen key={tag} assetRef={tag} byTag online={online} clients={clients} />
    </div>
  );
}
