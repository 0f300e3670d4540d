import { Link } from 'react-router-dom';
import type { Asset } from '@portal/shared';
import { useOfflineQuery, type OfflineDb } from '../../offline';
import { CLIENTS_TEXT as T } from './texts';

/** The assets feature's cached assets (records collection 'assets'), read as data: features import nothing of each other. */
const readClientAssets = (clientId: string) => async (db: OfflineDb) =>
  (await db.records.where('collection').equals('assets').toArray()).map((r) => r.data as Asset).filter((a) => a.clientId === clientId).sort((a, b) => a.name.localeCompare(b.name));

/** The client card's assets (issue 53): this device's copy, each linked to its asset page; 'All assets' opens the list. */
export function AssetsSection({ clientId }: { clientId: string }) {
  const assets = useOfflineQuery(readClientAssets(clientId), [clientId]) ?? [];
  return (
    <section className="client-section" aria-labelledby="client-assets">
      <h2 id="client-assets">{T.assets}</h2>
      {assets.length === 0 ? (
        <p className="muted">{T.assetsEmpty}</p>
      ) : (
        <ul className="client-items">
          {assets.map((a) => (
            <li key={a.id} className="client-item" data-asset={a.id}>
              <Link to={`/assets?asset=${a.id}`}>{a.assetTag}</Link> {a.name}
              {a.model && <span className="muted"> · {a.model}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
