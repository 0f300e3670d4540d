import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { STAFF_TICKET_TEXT, type TicketStaffCreateInput } from '@portal/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { SyncStatus, getConnectivity, getOfflineDb, useOfflineQuery } from '../../../offline';
import { enqueueStaffCreate, readStaffCreates, readTechnicians, readTicketTemplates } from '../offline';
import { readClientCards } from '../clientCards';
import { NewTicketForm } from './NewTicketForm';
import { NewTicketsList } from './NewTicketsList';
import { readDeviceAsset } from '../deviceAssets';
import { ticketForAsset } from './newTicketModel';
import '../tickets.css';

/**
 * /technician/new 'New Ticket' (issue 51, docs/replies-and-macros.md): a technician or admin opens
 * a ticket for a customer who called or walked in. The form (NewTicketForm) reads templates,
 * technicians and client cards from the device, so it works with no signal; Create Ticket queues a
 * `ticket.staffCreate` outbox item (its own Idempotency-Key: created once, numbered by the server
 * when it syncs). Offline the toast and the list say "Ticket will be numbered when it syncs"; the
 * list under the form shows each ticket made here until it has its number (a link to it).
 * `?asset=<id>` ("New ticket for this asset", issue 53) starts with that asset's client and the asset ticked.
 */
export default function NewTicketPage() {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const templates = useOfflineQuery(readTicketTemplates) ?? [];
  const technicians = useOfflineQuery(readTechnicians);
  const created = useOfflineQuery(readStaffCreates) ?? [];
  const clients = useOfflineQuery(readClientCards);
  const assetId = useSearchParams()[0].get('asset');
  const asset = useOfflineQuery((db) => (assetId ? readDeviceAsset(db, assetId) : Promise.resolve(null)), [assetId]);
  // From an asset ("New ticket for this asset"): the form starts once the asset and the client cards are read.
  const initial = asset && clients ? ticketForAsset(asset, clients.find((c) => c.id === asset.clientId)) : undefined;
  const ready = !assetId || (asset !== undefined && clients !== undefined);

  const onCreate = async (body: TicketStaffCreateInput): Promise<boolean> => {
    if (!user) return false;
    try {
      await enqueueStaffCreate(getOfflineDb(), body, user);
    } catch {
      toast.show({ title: 'Error', description: 'Failed to create the ticket. Please try again.', variant: 'destructive' });
      return false;
    }
    if (getConnectivity() === 'offline') toast.show({ title: 'Ticket Saved', description: STAFF_TICKET_TEXT.numberedOnSync });
    return true;
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{STAFF_TICKET_TEXT.newTicket}</h1>
        <Link className="btn btn-outline btn-small" to="/technician">
          Back to tickets
        </Link>
      </div>
      <SyncStatus />
      <NewTicketsList items={created} />
      {ready && <NewTicketForm key={initial ? `asset-${asset!.id}` : 'blank'} initial={initial} templates={templates} clients={clients ?? []} technicians={technicians} meId={user?.id} pending={false} onCreate={onCreate} onCancel={() => navigate('/technician')} />}
    </div>
  );
}
