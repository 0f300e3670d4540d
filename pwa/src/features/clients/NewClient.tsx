import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientCreateSchema, type Client } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Sheet } from '../../lib/ui/Sheet';
import { getOfflineDb } from '../../offline';
import { FieldsForm } from './FieldsForm';
import { CLIENT_FIELDS, bodyOf, clientValues } from './forms';
import { putClientCards } from './offline';
import { CLIENTS_TEXT as T } from './texts';

/**
 * 'New Client': the client form in a sheet; POST /api/clients (online only: the id comes from the
 * server; offline the button is disabled with the reason). The answer joins this device's cards
 * and the card opens.
 */
export function NewClient({ online }: { online: boolean }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>();
  const toast = useToast();
  const navigate = useNavigate();
  const create = async (body: Record<string, unknown>) => {
    setPending(true);
    try {
      const client = await apiRequest<Client>('POST', '/api/clients', body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      await putClientCards(getOfflineDb(), [client]);
      toast.show(T.created);
      setOpen(false);
      navigate(`/clients?client=${client.id}`);
    } catch (e) {
      setErrors(isApiError(e) ? e.fieldErrors : undefined);
      toast.show({ ...T.saveFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={!online} title={online ? undefined : T.needsConnection} onClick={() => setOpen(true)}>
        {T.newClient}
      </button>
      {!online && <span className="muted clients-reason">{T.needsConnection}</span>}
      <Sheet open={open} onClose={() => setOpen(false)} labelledBy="new-client-heading" className="clients-dialog">
        {open && (
          <FieldsForm id="new-client" heading={T.newClient} fields={CLIENT_FIELDS} initial={clientValues()} schema={clientCreateSchema} toBody={bodyOf} onSubmit={create} onCancel={() => setOpen(false)} pending={pending} serverErrors={errors} />
        )}
      </Sheet>
    </>
  );
}
