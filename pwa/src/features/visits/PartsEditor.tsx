import { FormField, fieldAria } from '../../lib/ui/FormField';
import { VISIT_TEXT } from './texts';
import { emptyPart, type PartValues } from './closeOutForm';

/** Parts and materials of the close-out: description, quantity, optional unit price per row; 'Add part'. */
export function PartsEditor({ parts, errors, onChange }: { parts: PartValues[]; errors: Record<string, string>; onChange(next: PartValues[]): void }) {
  const edit = (i: number, key: keyof PartValues, value: string) => onChange(parts.map((p, j) => (j === i ? { ...p, [key]: value } : p)));
  const field = (i: number, key: keyof PartValues & string, label: string, decimal: boolean) => {
    const id = `visit-part-${i}-${key}`;
    const error = errors[`parts.${i}.${key}`];
    return (
      <FormField id={id} label={label} error={error} optional={key === 'unitPrice'}>
        <input id={id} className="input" inputMode={decimal ? 'decimal' : undefined} maxLength={decimal ? 12 : 200} value={parts[i]![key]} onChange={(e) => edit(i, key, e.currentTarget.value)} {...fieldAria(id, error)} />
      </FormField>
    );
  };
  return (
    <section className="visit-section" aria-labelledby="visit-parts-heading">
      <h2 id="visit-parts-heading" className="panel-section-title">
        {VISIT_TEXT.parts}
      </h2>
      {parts.map((_, i) => (
        <div className="visit-part" key={i} role="group" aria-label={`Part ${i + 1}`}>
          {field(i, 'description', VISIT_TEXT.partDescription, false)}
          <div className="visit-part-numbers">
            {field(i, 'quantity', VISIT_TEXT.quantity, true)}
            {field(i, 'unitPrice', VISIT_TEXT.unitPrice, true)}
          </div>
          <button type="button" className="btn btn-outline" aria-label={VISIT_TEXT.removePart(i + 1)} onClick={() => onChange(parts.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-outline" onClick={() => onChange([...parts, emptyPart()])}>
        {VISIT_TEXT.addPart}
      </button>
    </section>
  );
}
