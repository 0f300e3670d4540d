import type { UseFormRegister } from 'react-hook-form';
import { CONTACT_METHODS, CONTACT_METHOD_LABELS, SEVERITIES, SEVERITY_LABELS } from '@portal/shared';
import { FormField, fieldAria } from '../../../lib/ui/FormField';
import type { NewTicketValues } from './newTicketModel';

/**
 * The customer's part of New Ticket (the public form's fields and labels, SPEC.md 5 messages under
 * each): Name, Business Name, Email, Phone, Severity, Preferred Contact Method, Issue Description.
 */
export function CustomerFields(props: { register: UseFormRegister<NewTicketValues>; error(field: keyof NewTicketValues): string | undefined }) {
  const { register, error: e } = props;
  return (
    <>
      <div className="form-grid">
        <FormField id="nt-clientName" label="Name" error={e('clientName')}>
          <input id="nt-clientName" className="input" autoComplete="off" {...fieldAria('nt-clientName', e('clientName'))} {...register('clientName')} />
        </FormField>
        <FormField id="nt-businessName" label="Business Name" optional error={e('businessName')}>
          <input id="nt-businessName" className="input" autoComplete="off" {...fieldAria('nt-businessName', e('businessName'))} {...register('businessName')} />
        </FormField>
        <FormField id="nt-customerEmail" label="Email" error={e('customerEmail')}>
          <input id="nt-customerEmail" type="email" inputMode="email" className="input" autoComplete="off" {...fieldAria('nt-customerEmail', e('customerEmail'))} {...register('customerEmail')} />
        </FormField>
        <FormField id="nt-customerPhone" label="Phone" error={e('customerPhone')}>
          <input id="nt-customerPhone" type="tel" inputMode="tel" className="input" autoComplete="off" {...fieldAria('nt-customerPhone', e('customerPhone'))} {...register('customerPhone')} />
        </FormField>
        <FormField id="nt-severity" label="Severity" error={e('severity')}>
          <select id="nt-severity" className="input" {...fieldAria('nt-severity', e('severity'))} {...register('severity')}>
            <option value="" disabled>
              Select severity level
            </option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {SEVERITY_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="nt-contactMethod" label="Preferred Contact Method" error={e('contactMethod')}>
          <select id="nt-contactMethod" className="input" {...fieldAria('nt-contactMethod', e('contactMethod'))} {...register('contactMethod')}>
            <option value="" disabled>
              Select contact method
            </option>
            {CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {CONTACT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="nt-issue" label="Issue Description" error={e('issue')}>
        <textarea id="nt-issue" className="input textarea" rows={5} {...fieldAria('nt-issue', e('issue'))} {...register('issue')} />
      </FormField>
    </>
  );
}
