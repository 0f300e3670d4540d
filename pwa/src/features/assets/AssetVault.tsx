import { Link } from 'react-router-dom';
import { useOfflineQuery } from '../../offline';
import { readAssetVaultEntries } from './offline';
import { ASSETS_TEXT as T } from './texts';

/**
 * The asset's vault entries (issue 53 item 1), named from this device's vault index (never a secret),
 * each a link to the vault screen (`/vault?entry=<id>`), which reveals with its step-up online and the
 * offline vault offline. An entry the index lacks shows as 'Vault entry (not on this device)'.
 */
export function AssetVault({ ids }: { ids: string[] }) {
  const entries = useOfflineQuery((db) => readAssetVaultEntries(db, ids), [ids.join(',')]) ?? [];
  return (
    <section className="asset-section" aria-labelledby="asset-vault">
      <h2 id="asset-vault">{T.vault}</h2>
      {ids.length === 0 ? (
        <p className="muted">{T.vaultEmpty}</p>
      ) : (
        <>
          <ul className="asset-tickets">
            {entries.map((e) => (
              <li key={e.id} className="client-item" data-vault-entry={e.id}>
                <Link to={`/vault?entry=${encodeURIComponent(e.id)}`}>{e.name ?? T.vaultUnknown}</Link>
              </li>
            ))}
          </ul>
          <p className="muted">{T.vaultHint}</p>
        </>
      )}
    </section>
  );
}
