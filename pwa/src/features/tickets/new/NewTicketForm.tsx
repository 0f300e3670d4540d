import { useForm } from 'react-hook-form';
import { STAFF_TICKET_TEXT, type Client, type Technician, type TicketStaffCreateInput, type TicketTemplate } from '@portal/shared';
import { FormField } from '../../../lib/ui/FormField';
import { FormActions } from '../../../lib/ui/FormActions';
import { AssetFields } from './AssetFields';
import { ClientContactFields } from './ClientContactFields';
import { CustomerFields } from './CustomerFields';
import { TemplateChecklist } from './TemplateChecklist';
import { EMPTY_NEW_TICKET, applyTemplate, pickClient, pickContact, toStaffCreateBody, type NewTicketValues } from './newTicketModel';

/**
 * The New Ticket form (issue 51): 'Start from a template' (the templates kept on the device, so
 * offline too) fills issue, severity, contact method and assignee and shows the checklist the
 * ticket will get (TemplateChecklist, read-only; sent with the create); the customer's fields; Assigned
 * To (me by default, unassigned or a technician); 'Do not notify the customer'. Client and Contact
 * (the client cards on the device) fill the customer's fields and link the ticket; without a
 * client the fields are typed; the picked client's assets on the device can be ticked (AssetFields). Checked with the
 * shared schema (the public form's messages under the fields); a valid body goes to `onCreate`
 * (which queues it) and the form starts over.
 */
export function NewTicketForm(props: {
  templates: readonly TicketTemplate[];
  /** The client cards kept on the device (none: no pickers). */
  clients?: readonly Client[];
  technicians: readonly Technician[] | undefined;
  meId: string | undefined;
  pending: boolean;
  /** The values to start from (New Ticket from an asset); empty by default. */
  initial?: NewTicketValues;
  onCreate(body: TicketStaffCreateInput): Promise<boolean>;
  onCancel(): void;
}) {
  const { templates, clients = [], technicians, meId, pending, initial, onCreate, onCancel } = props;
  const { register, handleSubmit, getValues, reset, setError, formState, watch } = useForm<NewTicketValues>({ defaultValues: initial ?? EMPTY_NEW_TICKET });
  const [clientId, contactId, assetIds, checklist] = watch(['clientId', 'contactId', 'assetIds', 'checklist']);
  const clientOf = (id: string) => clients.find((c) => c.id === id);
  const error = (f: keyof NewTicketValues) => formState.errors[f]?.message;
  const others = technicians?.filter((t) => t.id !== meId) ?? [];

  const submit = async (values: NewTicketValues) => {
    const result = toStaffCreateBody(values);
    if ('errors' in result) {
      for (const [field, message] of Object.entries(result.errors)) setError(field as keyof NewTicketValues, { type: 'schema', message });
      return;
    }
    if (await onCreate(result.body)) reset(EMPTY_NEW_TICKET);
  };

  return (
    <form className="card form" noValidate onSubmit={handleSubmit(submit)} aria-label={STAFF_TICKET_TEXT.newTicket}>
      {templates.length > 0 && (
        <FormField id="nt-template" label={STAFF_TICKET_TEXT.fromTemplate} optional>
          <select
            id="nt-template"
            className="input"
            {...register('templateId', {
              onChange: (e: { target: { value: string } }) => {
                const template = templates.find((t) => t.id === e.target.value);
                reset(template ? applyTemplate(getValues(), template) : { ...getValues(), templateId: '', checklist: [] });
              },
            })}
          >
            <option value="">No template</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <TemplateChecklist items={checklist ?? []} />
      <ClientContactFields
        clients={clients}
        clientId={clientId}
        contactId={contactId}
        onClient={(id) => reset(pickClient(getValues(), clientOf(id)))}
        onContact={(id) => reset(pickContact(getValues(), clientOf(getValues().clientId), id))}
      />
      <AssetFields clientId={clientId} assetIds={assetIds ?? []} onChange={(ids) => reset({ ...getValues(), assetIds: ids })} />
      <CustomerFields register={register} error={error} />
      <FormField id="nt-assignee" label="Assigned To">
        <select id="nt-assignee" className="input" {...register('assignee')}>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
          {others.map((t) => (
            <option key={t.id} value={t.id}>
              {t.username}
            </option>
          ))}
        </select>
      </FormField>
      <label className="new-ticket-check">
        <input type="checkbox" {...register('doNotNotify')} /> {STAFF_TICKET_TEXT.doNotNotify}
      </label>
      <FormActions label={pending || formState.isSubmitting ? STAFF_TICKET_TEXT.creating : STAFF_TICKET_TEXT.create} pending={pending || formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
