/**
 * The client, contact and site forms: their fields, the values a record shows in them, and the
 * request body made from typed values (the shared schemas check it: `clientCreateSchema`...).
 * An edit's body carries only the changed fields and `base`, what the card showed for them
 * (docs/clients.md "Offline edits").
 */
import { CONTACT_METHODS, type Client, type Contact, type ContactMethod, type Site } from '@portal/shared';
import type { FieldSpec, FieldValues } from './FieldsForm';

export const CLIENT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Client name' },
  { name: 'emailDomains', label: 'E-mail domains', optional: true, hint: 'Separated by commas, e.g. example.com' },
  { name: 'phone', label: 'Main phone', type: 'tel', optional: true },
  { name: 'notes', label: 'Notes', type: 'textarea', optional: true },
];
/** How a contact prefers to be reached, as the form and the card word it. */
export const CONTACT_METHOD_NAMES: Record<ContactMethod, string> = { email: 'E-mail', phone: 'Phone call', text: 'Text message' };
export const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Contact name' },
  { name: 'email', label: 'E-mail', type: 'email', optional: true },
  { name: 'phone', label: 'Phone', type: 'tel', optional: true },
  { name: 'title', label: 'Title', optional: true },
  { name: 'preferredContactMethod', label: 'Preferred contact method', type: 'select', optional: true, options: [{ value: '', label: 'No preference' }, ...CONTACT_METHODS.map((m) => ({ value: m, label: CONTACT_METHOD_NAMES[m] }))] },
  { name: 'primary', label: 'Primary contact', type: 'checkbox' },
];
export const SITE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Site name' },
  { name: 'address', label: 'Address', optional: true },
  { name: 'accessNotes', label: 'Access notes', type: 'textarea', optional: true, hint: 'Opening hours, alarm, parking' },
  { name: 'latitude', label: 'Latitude', type: 'number', optional: true },
  { name: 'longitude', label: 'Longitude', type: 'number', optional: true },
];

const s = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const clientValues = (c?: Client | null): FieldValues => ({ name: s(c?.name), emailDomains: (c?.emailDomains ?? []).join(', '), phone: s(c?.phone), notes: s(c?.notes) });
export const contactValues = (c?: Contact | null): FieldValues => ({ name: s(c?.name), email: s(c?.email), phone: s(c?.phone), title: s(c?.title), preferredContactMethod: s(c?.preferredContactMethod), primary: c?.primary ? 'true' : '' });
export const siteValues = (c?: Site | null): FieldValues => ({ name: s(c?.name), address: s(c?.address), accessNotes: s(c?.accessNotes), latitude: num(c?.latitude), longitude: num(c?.longitude) });

/**
 * Body of typed values: text as typed ('' -> null), domains split on commas and spaces, `primary` a
 * boolean, coordinates numbers.
 */
export function bodyOf(values: FieldValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'emailDomains') out[k] = v.split(/[\s,;]+/).filter(Boolean);
    else if (k === 'name') out[k] = v;
    else if (k === 'primary') out[k] = v === 'true';
    else if (k === 'latitude' || k === 'longitude') out[k] = v.trim() === '' ? null : Number(v);
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
