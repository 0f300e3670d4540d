import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientCreateSchema, type Client, type ClientCreateInput } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Sheet } from '../../lib/ui/Sheet';
import { getOfflineDb, whenCacheOwnerSet } from '../../offline';
import { useClientWrite } from './api/useClientWrite';
import { FieldsForm } from './FieldsForm';
import { CLIENT_FIELDS, bodyOf, clientValues } from './forms';
import { putClientCards } from './offline';
import { CLIENTS_TEXT as T } from './texts';

/**
 * 'New Client': the client form in a sheet. Online: POST /api/clients with the id chosen here (the
 * form shows the server's field errors, e.g. a duplicate name); the answer joins this device's
 * cards. Offline: queued through the outbox (`client.create`, kept across reloads, sent once when
 * back online; a refusal shows on the card as 'Not saved'). Either way the card opens.
 */
export function NewClient({ online }: { online: boolean }) {
  const write = useClientWrite();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>();
  const toast = useToast();
  const navigate = useNavigate();
  const create = async (body: Record<string, unknown>) => {
    setPending(true);
    const id = crypto.randomUUID();
    try {
      if (online) {
        const client = await apiRequest<Client>('POST', '/api/clients', { ...body, id }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
        await putClientCards(getOfflineDb(), [client]);
        // Again once a first sign-in's clearing of the device's data has run (it may come later).
        void whenCacheOwnerSet().then(() => putClientCards(getOfflineDb(), [client]));
        toast.show(T.created);
      } else {
        await write({ op: 'client.create', clientId: id, body: body as ClientCreateInput }, String(body.name));
        toast.show(T.createdOffline);
      }
      setOpen(false);
      navigate(`/clients?client=${id}`);
    } catch (e) {
      setErrors(isApiError(e) ? e.fieldErrors : undefined);
      toast.show({ ...T.saveFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        {T.newClient}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} labelledBy="new-client-heading" className="clients-dialog">
        {open && (
          <FieldsForm id="new-client" heading={T.newClient} fields={CLIENT_FIELDS} initial={clientValues()} schema={clientCreateSchema} toBody={bodyOf} onSubmit={create} onCancel={() => setOpen(false)} pending={pending} serverErrors={errors} />
        )}
      </Sheet>
    </>
  );
}
