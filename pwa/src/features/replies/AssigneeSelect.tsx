import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../lib/ui/FormField';
import { useTechnicians } from './api/useTechnicians';

/** 'Assigned To' of a macro or template: Me (who applies it), Unassigned, a technician; with `noChange`, also "Don't change". */
export function AssigneeSelect(props: { id: string; field: UseFormRegisterReturn; error?: string; noChange?: boolean }) {
  const { id, field, error, noChange } = props;
  const technicians = useTechnicians().data ?? [];
  return (
    <FormField id={id} label="Assigned To" error={error}>
      <select id={id} className="input" {...field}>
        {noChange && <option value="">Don't change</option>}
        <option value="me">Me (who applies it)</option>
        <option value="unassigned">Unassigned</option>
        {technicians.map((t) => (
          <option key={t.id} value={t.id}>
            {t.username}
          </option>
        ))}
      </select>
    </FormField>
  );
}
