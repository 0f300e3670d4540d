import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TICKET_UPDATE_KIND, ticketStream, type PublicUser, type TicketWithAssets } from '@portal/shared';
import { useToast } from '../../lib/toast';
import { enqueue, getOfflineDb, useOfflineQuery } from '../../offline';
import { readClientAssets } from './deviceAssets';

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The ticket's assets on the Update Ticket panel (issue 53 item 2): ticked from the client's assets
 * on this device (works offline); 'Save assets' queues one ticket update with the whole set
 * (`assetIds`); the server writes a work-history row per link and unlink. Needs the ticket's client.
 * The customer's answer to the public form's "Which device?" (`device`, docs/assets.md) shows above
 * the list, also before a client is chosen (the server linked the asset it names when it could).
 */
export function TicketAssetPicker({ ticket, user }: { ticket: TicketWithAssets; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const clientId = ticket.clientId;
  const assets = useOfflineQuery((db) => (clientId ? readClientAssets(db, clientId) : Promise.resolve([])), [clientId]) ?? [];
  const shown = ticket.assetIds ?? [];
  const [chosen, setChosen] = useState<string[]>(shown);
  const toast = useToast();
  const device = ticket.device ?? null;
  if (!clientId && !device) return null;
  const linked = assets.filter((a) => shown.includes(a.id));
  const save = async () => {
    const payload = { patch: { baseVersion: ticket.version, assetIds: chosen }, seen: {} };
    await enqueue(getOfflineDb(), { kind: TICKET_UPDATE_KIND, payload, label: ticket.ticketNumber, entityId: ticket.id, stream: ticketStream(ticket.id), user });
    toast.show({ title: 'Assets saved', description: `${ticket.ticketNumber}: ${chosen.length} asset${chosen.length === 1 ? '' : 's'}.` });
  };
  return (
    <section className="ticket-assets" aria-labelledby="ticket-assets-heading">
      <h3 id="ticket-assets-heading" className="panel-section-title">
        Assets
      </h3>
      {device && (
        <p className="ticket-assets-device">
          Which device? (the customer's words): <q>{device}</q>
        </p>
      )}
      {linked.length > 0 && (
        <p className="ticket-assets-linked">
          {linked.map((a) => (
            <Link key={a.id} to={`/assets?asset=${a.id}`} className="ticket-asset-link">
              {a.assetTag} {a.name}
            </Link>
          ))}
        </p>
      )}
      {!clientId ? (
        <p className="muted">Choose the client before the assets.</p>
      ) : assets.length === 0 ? (
        <p className="muted">No assets of this client on this device.</p>
      ) : (
        <fieldset className="ticket-assets-choice">
          <legend className="sr-only">Link assets</legend>
          {assets.map((a) => (
            <label key={a.id} className="ticket-asset-option">
              <input type="checkbox" checked={chosen.includes(a.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, a.id] : chosen.filter((x) => x !== a.id))} /> {a.assetTag} {a.name}
            </label>
          ))}
        </fieldset>
      )}
      {!same(chosen, shown) && (
        <button type="button" className="btn btn-primary btn-small" onClick={() => void save()}>
          Save assets
        </button>
      )}
    </section>
  );
}
