/**
 * The asset form's values and rules (no React): strings per field, the changed fields of an edit,
 * and the shared zod schemas' messages per field (the API answers the same).
 */
import { assetCreateSchema, assetPatchSchema, type Asset } from '@portal/shared';
import type { AssetFormField } from './texts';

/** The form's strings; `clientId` is chosen on create only, `siteId` and `contactId` ('' = none) on create and edit. */
export type AssetFormValues = Record<AssetFormField, string> & { clientId: string; siteId: string; contactId: string };

export const FORM_FIELDS: AssetFormField[] = ['name', 'assetTag', 'type', 'status', 'make', 'model', 'serialNumber', 'ipAddress', 'macAddress', 'operatingSystem', 'purchaseDate', 'warrantyEnd', 'notes'];

export function formValues(a: Asset | null, clientId = ''): AssetFormValues {
  const v = {} as AssetFormValues;
  for (const f of FORM_FIELDS) v[f] = a ? String((a as unknown as Record<string, unknown>)[f] ?? '') : '';
  if (!a) {
    v.type = 'workstation';
    v.status = 'active';
  }
  v.clientId = a?.clientId ?? clientId;
  v.siteId = a?.siteId ?? '';
  v.contactId = a?.contactId ?? '';
  return v;
}

/** The edited fields of `asset` (trimmed; '' -> null), site and contact included, as PATCH sends them. */
export function changedFields(asset: Asset, values: AssetFormValues): Partial<Asset> {
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const v = values[f].trim();
    const before = (asset as unknown as Record<string, unknown>)[f] ?? '';
    if (v !== String(before)) out[f] = v === '' && f !== 'name' && f !== 'assetTag' ? null : v;
  }
  for (const f of ['siteId', 'contactId'] as const) if (values[f] !== (asset[f] ?? '')) out[f] = values[f] || null;
  return out as Partial<Asset>;
}

/** The create body (empty optional fields left out; no tag -> the server's next `A-0001`). */
export function createBody(values: AssetFormValues): Record<string, string> {
  const out: Record<string, string> = { clientId: values.clientId };
  if (values.siteId) out.siteId = values.siteId;
  if (values.contactId) out.contactId = values.contactId;
  for (const f of FORM_FIELDS) if (values[f].trim()) out[f] = values[f].trim();
  return out;
}

/** The first message of each field the shared schema refuses (create: the whole body; edit: the changes). */
export function fieldErrors(body: Record<string, unknown>, create: boolean): Record<string, string> {
  const parsed = create ? assetCreateSchema.safeParse(body) : assetPatchSchema.safeParse(body);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const k = String(issue.path[0] ?? 'name');
    out[k] ??= issue.message;
  }
  return out;
}
