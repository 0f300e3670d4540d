import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TICKET_UPDATE_KIND, clientStream, ticketStream, type PublicUser, type Ticket } from '@portal/shared';
import { useToast } from '../../lib/toast';
import { SearchableSelect, type SearchableOption } from '../../lib/ui/SearchableSelect';
import { enqueue, getOfflineDb, useOfflineQuery } from '../../offline';
import { readClientCards } from './clientCards';

type Links = { clientId: string; siteId: string; contactId: string };
const linksOf = (t: Ticket): Links => ({ clientId: t.clientId ?? '', siteId: t.siteId ?? '', contactId: t.contactId ?? '' });

/**
 * Client, Site and Contact of the ticket (issue 50 item 2) in the Update Ticket panel: pickers from
 * the client cards on this device, so they work offline (searchable: thousands of clients); 'Link' queues one ticket update with the
 * changed links (merge fields: a stale change conflicts only on the same field; history rows name
 * them). Another client clears the site and contact. 'Open client card' and, without a client,
 * "Create client from this ticket" (the clients screen, which needs a connection).
 */
export function TicketClientPicker({ ticket, user }: { ticket: Ticket; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const clients = useOfflineQuery(readClientCards) ?? [];
  const [links, setLinks] = useState<Links>(() => linksOf(ticket));
  const toast = useToast();
  const shown = linksOf(ticket);
  const client = clients.find((c) => c.id === links.clientId);
  const changed = (Object.keys(links) as (keyof Links)[]).filter((k) => links[k] !== shown[k]);
  const save = async () => {
    const patch: Record<string, unknown> = { baseVersion: ticket.version };
    const seen: Record<string, unknown> = {};
    for (const k of changed) {
      patch[k] = links[k] || null;
      seen[k] = ticket[k] ?? null;
    }
    // Sent after the client's queued writes: a client, site or contact created offline exists first.
    const after = links.clientId ? [clientStream(links.clientId)] : [];
    await enqueue(getOfflineDb(), { kind: TICKET_UPDATE_KIND, payload: { patch, seen }, label: ticket.ticketNumber, entityId: ticket.id, stream: ticketStream(ticket.id), after, user });
    toast.show({ title: 'Client linked', description: `${ticket.ticketNumber}: ${client?.name ?? 'no client'}.` });
  };
  const select = (id: keyof Links, label: string, options: SearchableOption[]) => (
    <div className="ticket-client-field">
      <label className="form-label" htmlFor={`ticket-${id}`}>
        {label}
      </label>
      <SearchableSelect
        id={`ticket-${id}`}
        label={label}
        value={links[id]}
        noneLabel="None"
        options={options}
        onChange={(v) => setLinks(id === 'clientId' ? { clientId: v, siteId: '', contactId: '' } : { ...links, [id]: v })}
      />
    </div>
  );
  return (
    <section className="ticket-client" aria-labelledby="ticket-client-heading">
      <h3 id="ticket-client-heading" className="panel-section-title">
        Client
      </h3>
      {select(
        'clientId',
        'Client',
        clients.filter((c) => !c.archived || c.id === links.clientId).map((c) => ({ id: c.id, name: c.name, search: c.emailDomains.join(' ') })),
      )}
      {client && select('siteId', 'Site', client.sites)}
      {client && select('contactId', 'Contact', client.contacts)}
      <div className="ticket-client-actions">
        {changed.length > 0 && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => void save()}>
            Link
          </button>
        )}
        {ticket.clientId ? (
          <Link className="btn btn-outline btn-small" to={`/clients?client=${ticket.clientId}`}>
            Open client card
          </Link>
        ) : (
          <Link className="btn btn-outline btn-small" to={`/clients?fromTicket=${ticket.id}`}>
            Create client from this ticket
          </Link>
        )}
      </div>
    </section>
  );
}
