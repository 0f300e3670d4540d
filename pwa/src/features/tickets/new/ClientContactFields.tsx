import type { Client } from '@portal/shared';
import { FormField } from '../../../lib/ui/FormField';
import { SearchableSelect } from '../../../lib/ui/SearchableSelect';

/**
 * New Ticket's Client and Contact pickers (issue 51 item 3): the client cards kept on the device
 * (the clients feature's offline collection, so they work with no signal; searchable, for thousands). 'No client' leaves the
 * customer's fields typed by hand (a caller with no card yet); a client fills Business Name, a
 * contact fills Name, Email, Phone and the contact method (NewTicketForm applies newTicketModel's
 * pickClient / pickContact). Renders nothing when the device holds no client card.
 */
export function ClientContactFields(props: {
  clients: readonly Client[];
  clientId: string;
  contactId: string;
  onClient(id: string): void;
  onContact(id: string): void;
}) {
  const { clients, clientId, contactId, onClient, onContact } = props;
  if (clients.length === 0) return null;
  const client = clients.find((c) => c.id === clientId);
  return (
    <div className="form-grid">
      <FormField id="nt-client" label="Client" optional>
        <SearchableSelect
          id="nt-client"
          label="Client"
          value={clientId}
          noneLabel="No client (type the customer below)"
          options={clients.filter((c) => !c.archived || c.id === clientId).map((c) => ({ id: c.id, name: c.name, search: c.emailDomains.join(' ') }))}
          onChange={onClient}
        />
      </FormField>
      {client && (
        <FormField id="nt-contact" label="Contact" optional>
          <SearchableSelect id="nt-contact" label="Contact" value={contactId} noneLabel="No contact" options={client.contacts.map((k) => ({ id: k.id, name: k.name, search: k.email ?? '' }))} onChange={onContact} />
        </FormField>
      )}
    </div>
  );
}
