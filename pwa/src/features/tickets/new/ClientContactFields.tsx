import type { Client } from '@portal/shared';
import { FormField } from '../../../lib/ui/FormField';

/**
 * New Ticket's Client and Contact pickers (issue 51 item 3): the client cards kept on the device
 * (the clients feature's offline collection, so they work with no signal). 'No client' leaves the
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
        <select id="nt-client" className="input" value={clientId} onChange={(e) => onClient(e.target.value)}>
          <option value="">No client (type the customer below)</option>
          {clients
            .filter((c) => !c.archived || c.id === clientId)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </select>
      </FormField>
      {client && (
        <FormField id="nt-contact" label="Contact" optional>
          <select id="nt-contact" className="input" value={contactId} onChange={(e) => onContact(e.target.value)}>
            <option value="">No contact</option>
            {client.contacts.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
    </div>
  );
}
