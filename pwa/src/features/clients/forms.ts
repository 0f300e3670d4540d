/**
 * The client, contact and site forms: their fields, the values a record shows in them, and the
 * request body made from typed values (the shared schemas check it: `clientCreateSchema`...).
 * An edit's body carries only the changed fields and `base`, what the card showed for them
 * (docs/clients.md "Offline edits").
 */
import type { Client, Contact, Site } from '@portal/shared';
import type { FieldSpec, FieldValues } from './FieldsForm';

export const CLIENT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Client name' },
  { name: 'emailDomains', label: 'E-mail domains', optional: true, hint: 'Separated by commas, e.g. example.com' },
  { name: 'phone', label: 'Main phone', type: 'tel', optional: true },
  { name: 'notes', label: 'Notes', type: 'textarea', optional: true },
];
export const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Contact name' },
  { name: 'email', label: 'E-mail', type: 'email', optional: true },
  { name: 'phone', label: 'Phone', type: 'tel', optional: true },
  { name: 'title', label: 'Title', optional: true },
];
export const SITE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Site name' },
  { name: 'address', label: 'Address', optional: true },
  { name: 'accessNotes', label: 'Access notes', type: 'textarea', optional: true, hint: 'Opening hours, alarm, parking' },
];

const s = (v: string | null | undefined) => v ?? '';

export const clientValues = (c?: Client | null): FieldValues => ({ name: s(c?.name), emailDomains: (c?.emailDomains ?? []).join(', '), phone: s(c?.phone), notes: s(c?.notes) });
export const contactValues = (c?: Contact | null): FieldValues => ({ name: s(c?.name), email: s(c?.email), phone: s(c?.phone), title: s(c?.title) });
export const siteValues = (c?: Site | null): FieldValues => ({ name: s(c?.name), address: s(c?.address), accessNotes: s(c?.accessNotes) });

/** Body of typed values: text as typed ('' -> null), domains split on commas and spaces. */
export function bodyOf(values: FieldValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'emailDomains') out[k] = v.split(/[\s,;]+/).filter(Boolean);
    else if (k === 'name') out[k] = v;
    else out[k] = v.trim() === '' ? null : v;
  }
  return out;
}

/** An edit: only the `changed` fields of `body`, with `base` = the record's values of them. */
export function editBody(body: Record<string, unknown>, changed: string[], record: object): Record<string, unknown> {
  const shown = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const f of changed) {
    out[f] = body[f];
    base[f] = shown[f] ?? null;
  }
  return { ...out, base };
}
