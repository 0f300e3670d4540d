import type { Client } from '@portal/shared';
import { useOfflineQuery } from '../../offline';
import { FormField } from '../../lib/ui/FormField';
import { useChecklistTemplates, useTechnicianList } from './api/useRecurring';
import type { ScheduleDraft } from './form';
import { readClientChoices } from './offline';

type Links = Pick<ScheduleDraft, 'clientId' | 'siteId' | 'contactId' | 'assignedTo' | 'templateId'>;

function Choice(props: { id: string; label: string; value: string; none: string; options: { id: string; name: string }[]; error?: string | undefined; onChange(v: string): void }) {
  const { id, label, value, none, options, error, onChange } = props;
  return (
    <FormField id={id} label={label} error={error} optional>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * Client, site and contact (the clients this device holds, the client's sites and contacts), Assigned
 * To and the checklist template (by id, from GET /api/checklist-templates).
 */
export function LinkFields({ value, errors, onChange }: { value: Links; errors: Record<string, string>; onChange(patch: Partial<Links>): void }) {
  const clients = useOfflineQuery(readClientChoices) ?? [];
  const technicians = useTechnicianList().data ?? [];
  const templates = useChecklistTemplates().data ?? [];
  const client: Client | undefined = clients.find((c) => c.id === value.clientId);
  return (
    <>
      <Choice id="rt-client" label="Client" none="No client" value={value.clientId} options={clients} error={errors.clientId} onChange={(clientId) => onChange({ clientId, siteId: '', contactId: '' })} />
      {client && (
        <div className="form-grid">
          <Choice id="rt-site" label="Site" none="No site" value={value.siteId} options={client.sites} error={errors.siteId} onChange={(siteId) => onChange({ siteId })} />
          <Choice id="rt-contact" label="Contact" none="Primary contact" value={value.contactId} options={client.contacts} error={errors.contactId} onChange={(contactId) => onChange({ contactId })} />
        </div>
      )}
      <div className="form-grid">
        <Choice id="rt-assignee" label="Assigned To" none="Unassigned" value={value.assignedTo} options={technicians.map((t) => ({ id: t.id, name: t.username }))} error={errors.assignedTo} onChange={(assignedTo) => onChange({ assignedTo })} />
        <Choice id="rt-template" label="Checklist" none="No checklist" value={value.templateId} options={templates} error={errors.templateId} onChange={(templateId) => onChange({ templateId })} />
      </div>
    </>
  );
}
