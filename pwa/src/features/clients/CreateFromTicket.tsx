import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { clientCreateSchema, type Client, type ClientDraft, type Contact } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { getOfflineDb, syncNow } from '../../offline';
import { FieldsForm } from './FieldsForm';
import { CLIENT_FIELDS, bodyOf } from './forms';
import { putClientCards } from './offline';
import { CLIENTS_TEXT as T } from './texts';

const key = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

/**
 * "Create client from this ticket" (issue 50 item 2): the draft of GET /api/clients/from-ticket/:id
 * (business name or the customer's name, company domain unless free mail, valid phone) in the
 * client form; saving creates the client, the customer as its primary contact, and links the
 * ticket to both, then returns to the ticket. A client of that name already existing is offered
 * instead ("Link to the existing client"). Needs a connection.
 */
export function CreateFromTicket({ ticketId, online }: { ticketId: string; online: boolean }) {
  const draft = useQuery<ClientDraft>({ queryKey: ['/api/clients/from-ticket', ticketId], enabled: online });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>();
  const toast = useToast();
  const navigate = useNavigate();
  const back = () => navigate(`/technician?ticket=${ticketId}`);
  const link = async (clientId: string, contactId: string | null) => {
    await apiRequest('PATCH', `/api/tickets/${ticketId}`, { clientId, contactId }, key());
    void syncNow();
    back();
  };
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
    } catch (e) {
      setErrors(isApiError(e) ? e.fieldErrors : undefined);
      toast.show({ ...T.saveFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  const create = (body: Record<string, unknown>) =>
    run(async () => {
      const client = await apiRequest<Client>('POST', '/api/clients', body, key());
      const contact = await apiRequest<Contact>('POST', `/api/clients/${client.id}/contacts`, draft.data!.contact, key()).catch(() => null);
      await putClientCards(getOfflineDb(), [contact ? { ...client, contacts: [contact] } : client]);
      toast.show(T.created);
      await link(client.id, contact?.id ?? null);
    });
  if (!online) return <p role="status">{T.needsConnection}</p>;
  if (!draft.data) return <Loading text={T.loading} />;
  const d = draft.data;
  return (
    <div className="client-card">
      {d.existingClientId && (
        <div className="card" role="status">
          <p>{T.existing}</p>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={() => void run(() => link(d.existingClientId!, null))}>
            {T.linkExisting}
          </button>
        </div>
      )}
      <FieldsForm
        id="from-ticket"
        heading={T.createFromTicket}
        fields={CLIENT_FIELDS}
        initial={{ name: d.name, emailDomains: d.emailDomains.join(', '), phone: d.phone ?? '', notes: '' }}
        schema={clientCreateSchema}
        toBody={bodyOf}
        onSubmit={create}
        onCancel={back}
        pending={pending}
        serverErrors={errors}
        submitLabel={T.createAndLink}
      />
      <p className="muted">
        {T.contacts}: {d.contact.name}
        {d.contact.email ? ` · ${d.contact.email}` : ''}
      </p>
    </div>
  );
}
