import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { SyncStatus, useConnectivity, useLastSync, useSyncState } from '../../offline';
import { useClientList } from './api/useClients';
import { ClientCard } from './ClientCard';
import { ClientList } from './ClientList';
import { CreateFromTicket } from './CreateFromTicket';
import { NewClient } from './NewClient';
import { CLIENTS_TEXT as T } from './texts';
import './clients.css';

/**
 * /clients (issue 50 item 5; staff): the searchable list, `?client=<id>` the client card,
 * `?fromTicket=<ticketId>` "Create client from this ticket" (the Update Ticket panel's link).
 * Offline first: list and card are read from this device (delta-synced client cards) and edits go
 * through the outbox; creating a client needs a connection. Admins also see "Tickets without a client".
 */
export default function ClientsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const online = useConnectivity() === 'online';
  const clients = useClientList();
  const lastSync = useLastSync();
  const { running } = useSyncState();
  const clientId = params.get('client');
  const fromTicket = params.get('fromTicket');
  if (clientId) return <div className="page clients-page"><SyncStatus /><ClientCard id={clientId} onBack={() => navigate('/clients')} /></div>;
  if (fromTicket) return <div className="page clients-page"><CreateFromTicket ticketId={fromTicket} online={online} /></div>;

  const neverSynced = lastSync === null && (clients ?? []).length === 0;
  let body;
  if (clients === undefined || lastSync === undefined || (neverSynced && (running || online))) body = <Loading text={T.loading} />;
  else if (neverSynced) body = <div className="card" role="status"><p>{T.notDownloaded}</p></div>;
  else body = <ClientList clients={clients} />;
  return (
    <div className="page clients-page">
      <div className="clients-head">
        <h1>{T.title}</h1>
        <div className="clients-actions">
          {user?.role === 'admin' && (
            <Link className="btn btn-outline" to="/clients/unlinked">
              {T.unlinked}
            </Link>
          )}
          <NewClient online={online} />
        </div>
      </div>
      <SyncStatus />
      {!online && lastSync && <p className="muted">As of {formatDateTime(lastSync)}.</p>}
      {body}
    </div>
  );
}
