import { useOfflineQuery } from '../../../offline';
import { readClientAssets } from '../deviceAssets';

/**
 * New Ticket's asset picker (issue 53 item 2): the picked client's assets on this device (so it
 * works with no signal), ticked ones are linked to the new ticket (`assetIds`, each recorded in the
 * work history). "New ticket for this asset" opens New Ticket with its asset ticked. Renders
 * nothing without a client or when the device holds none of its assets.
 */
export function AssetFields({ clientId, assetIds, onChange }: { clientId: string; assetIds: string[]; onChange(ids: string[]): void }) {
  const assets = useOfflineQuery((db) => (clientId ? readClientAssets(db, clientId) : Promise.resolve([])), [clientId]) ?? [];
  if (!clientId || assets.length === 0) return null;
  return (
    <fieldset className="new-ticket-assets">
      <legend>Assets (optional)</legend>
      {assets.map((a) => (
        <label key={a.id} className="ticket-asset-option">
          <input type="checkbox" checked={assetIds.includes(a.id)} onChange={(e) => onChange(e.target.checked ? [...assetIds, a.id] : assetIds.filter((x) => x !== a.id))} /> {a.assetTag} {a.name}
        </label>
      ))}
    </fieldset>
  );
}
