/**
 * The Add Customer / Edit form's values and the request bodies built from them (pure, unit-tested).
 *
 * - Create: every non-empty field; secrets only when typed.
 * - Edit: ONLY what changed (SPEC.md 7 PATCH "same" fields; the server applies field by field). A
 *   blank secret keeps the stored one; 'Remove' sends null. `endpoints`, when changed, is the whole
 *   list; rows keep their id, and a blank password keeps the stored one.
 * - Offline (`online: false`): secrets are never part of a body (the inputs are disabled: secrets
 *   are not stored on this device, docs/decisions.md), and fields outside the offline index
 *   (usernames, registrar, providers, SSID, static IP, notes; endpoint usernames) are left out, so
 *   the server keeps them.
 */
import { VAULT_SECRET_FIELDS, VAULT_TEXT_FIELDS } from '@portal/shared';
import type {
  VaultCreateInput,
  VaultEndpointInput,
  VaultEntry,
  VaultIndexEntry,
  VaultPatchInput,
  VaultSecretField,
  VaultTextField,
} from '@portal/shared';

/** One endpoint row of the form. `id` is set for stored endpoints. */
export interface EndpointRow {
  id?: string;
  name: string;
  url: string;
  username: string;
  password: string;
  /** A password is stored for this endpoint (edit). */
  hasPassword: boolean;
  /** The technician chose to remove the stored password. */
  clearPassword: boolean;
}

export type VaultFormValues = { businessName: string } & Record<VaultTextField, string> & Record<VaultSecretField, string> & { endpoints: EndpointRow[] };

/** Text fields the offline index holds, so they can be edited offline. */
export const INDEX_TEXT_FIELDS = ['contactName', 'contactEmail', 'contactPhone', 'address', 'ispProvider'] as const satisfies readonly VaultTextField[];

/** True when a field can be edited with no connection. */
export function editableOffline(field: VaultTextField): boolean {
  return (INDEX_TEXT_FIELDS as readonly string[]).includes(field);
}

/** An empty endpoint row. */
export const emptyEndpoint = (): EndpointRow => ({ name: '', url: '', username: '', password: '', hasPassword: false, clearPassword: false });

/** What the form starts from: the full entry online, or only the index entry offline. */
export interface FormBase {
  index: VaultIndexEntry;
  entry?: VaultEntry | undefined;
}

/** Initial values: empty for Add Customer, the stored (non-secret) values for Edit; secrets always blank. */
export function formDefaults(base?: FormBase): VaultFormValues {
  const values = { businessName: base?.index.businessName ?? '', endpoints: [] as EndpointRow[] } as VaultFormValues;
  for (const f of VAULT_TEXT_FIELDS) {
    const fromEntry = base?.entry?.[f];
    const fromIndex = (base?.index as unknown as Record<string, string | null> | undefined)?.[f];
    values[f] = fromEntry ?? fromIndex ?? '';
  }
  for (const f of VAULT_SECRET_FIELDS) values[f] = '';
  const endpoints = base?.entry?.endpoints ?? base?.index.endpoints ?? [];
  values.endpoints = endpoints.map((e) => ({
    id: e.id,
    name: e.name,
    url: e.url ?? '',
    username: 'username' in e && typeof e.username === 'string' ? e.username : '',
    password: '',
    hasPassword: e.hasPassword,
    clearPassword: false,
  }));
  return values;
}

const clean = (v: string | undefined) => (v ?? '').trim();

/** POST /api/vault body from the form (secrets only when online and typed). */
export function buildCreateBody(values: VaultFormValues, online: boolean): VaultCreateInput {
  const body: VaultCreateInput = { businessName: clean(values.businessName) };
  for (const f of VAULT_TEXT_FIELDS) {
    if (!online && !editableOffline(f)) continue;
    const v = clean(values[f]);
    if (v) body[f] = v;
  }
  if (online) for (const f of VAULT_SECRET_FIELDS) if (values[f]) body[f] = values[f];
  body.endpoints = values.endpoints.map((e) => {
    const row: VaultEndpointInput = { name: clean(e.name) };
    if (clean(e.url)) row.url = clean(e.url);
    if (online && clean(e.username)) row.username = clean(e.username);
    if (online && e.password) row.password = e.password;
    return row;
  });
  return body;
}

/**
 * PATCH /api/vault/:id body: only what changed against `base` (see the module doc).
 * @param cleared secrets the technician chose to remove.
 */
export function buildPatchBody(values: VaultFormValues, base: FormBase, cleared: ReadonlySet<VaultSecretField>, online: boolean): VaultPatchInput {
  const patch: VaultPatchInput = {};
  const before = formDefaults(base);
  if (clean(values.businessName) !== before.businessName) patch.businessName = clean(values.businessName);
  for (const f of VAULT_TEXT_FIELDS) {
    // Only fields whose stored value is known (the index's, or all with the full entry) and editable now.
    const known = base.entry !== undefined || editableOffline(f);
    if (!known || (!online && !editableOffline(f))) continue;
    const v = clean(values[f]);
    if (v !== clean(before[f])) patch[f] = v || null;
  }
  if (online) {
    for (const f of VAULT_SECRET_FIELDS) {
      if (values[f]) patch[f] = values[f];
      else if (cleared.has(f)) patch[f] = null;
    }
  }
  const rows: VaultEndpointInput[] = values.endpoints.map((e) => {
    const row: VaultEndpointInput = { name: clean(e.name), url: clean(e.url) || null };
    if (e.id) row.id = e.id;
    if (online) {
      row.username = clean(e.username) || null;
      if (e.password) row.password = e.password;
      else if (e.clearPassword) row.password = null;
    }
    return row;
  });
  const shape = (list: { id?: string; name: string; url?: string | null; username?: string | null }[], withUser: boolean) =>
    JSON.stringify(list.map((e) => [e.id ?? null, clean(e.name), clean(e.url ?? ''), withUser ? clean(e.username ?? '') : '']));
  const passwordsChanged = rows.some((r) => r.password !== undefined);
  if (passwordsChanged || shape(rows, online) !== shape(before.endpoints, online)) patch.endpoints = rows;
  return patch;
}
