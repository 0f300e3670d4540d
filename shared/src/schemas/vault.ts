import { z } from 'zod';
import { MSG } from '../messages';

/**
 * The Customer Vault (SPEC.md 2 "Customer Vault", 3 customer_vault, 5, 7; DESIGN.md 7; issue 13).
 *
 * Which fields are secrets (decision, README "Decisions"):
 * - SECRETS: every password (domain, hosting, Wi-Fi, router, each endpoint's) and the ISP and phone
 *   ACCOUNT NUMBERS. Carriers accept an account number as proof of identity for a SIM swap or a
 *   number port-out, so it is treated like a password: stored AES-256-GCM encrypted, never in a list,
 *   an index, a log or IndexedDB, read one at a time through the audited reveal call.
 * - SENSITIVE, NOT SECRET: usernames (domain, hosting, router, endpoints), the static IP and the
 *   notes. Stored in clear, shown in the View dialog (online), but never in the list response, the
 *   offline index or the search: a username alone opens nothing, and technicians read it while typing.
 * - INDEX (listed, searchable, cached offline): business, contact name, e-mail, phone, address, ISP,
 *   endpoint names and URLs, plus one `has<Field>` flag per secret.
 * Search matches business name, contact name and e-mail (SPEC.md 2's placeholder), never a secret.
 */

/** Top-level secret fields of an entry (each endpoint's password is a secret too: `endpointPassword`). */
export const VAULT_SECRET_FIELDS = [
  'domainPassword',
  'hostingPassword',
  'wifiPassword',
  'routerPassword',
  'ispAccountNumber',
  'phoneAccountNumber',
] as const;
export type VaultSecretField = (typeof VAULT_SECRET_FIELDS)[number];

/** What `POST /api/vault/:id/reveal` can reveal: a top-level secret or one endpoint's password. */
export const VAULT_REVEAL_FIELDS = [...VAULT_SECRET_FIELDS, 'endpointPassword'] as const;
export type VaultRevealField = (typeof VAULT_REVEAL_FIELDS)[number];

/** Plain (not encrypted) text fields of an entry besides businessName. */
export const VAULT_TEXT_FIELDS = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'address',
  'domainRegistrar',
  'domainUsername',
  'hostingProvider',
  'hostingUsername',
  'wifiSsid',
  'routerUsername',
  'staticIp',
  'ispProvider',
  'phoneProvider',
  'notes',
] as const;
export type VaultTextField = (typeof VAULT_TEXT_FIELDS)[number];

/** Labels of every field, as the View dialog and the form show them. */
export const VAULT_FIELD_LABELS: Record<'businessName' | VaultTextField | VaultRevealField, string> = {
  businessName: 'Business Name',
  contactName: 'Contact Name',
  contactEmail: 'Contact Email',
  contactPhone: 'Contact Phone',
  address: 'Address',
  domainRegistrar: 'Domain Registrar',
  domainUsername: 'Domain Username',
  domainPassword: 'Domain Password',
  hostingProvider: 'Hosting Provider',
  hostingUsername: 'Hosting Username',
  hostingPassword: 'Hosting Password',
  wifiSsid: 'WiFi SSID',
  wifiPassword: 'WiFi Password',
  routerUsername: 'Router Username',
  routerPassword: 'Router Password',
  staticIp: 'Static IP',
  ispProvider: 'ISP Provider',
  ispAccountNumber: 'ISP Account Number',
  phoneProvider: 'Phone Provider',
  phoneAccountNumber: 'Phone Account Number',
  notes: 'Notes',
  endpointPassword: 'Endpoint Password',
};

/** `wifiPassword` -> `hasWifiPassword`. */
export type VaultSecretFlagName<F extends VaultSecretField = VaultSecretField> = `has${Capitalize<F>}`;
/** One boolean per top-level secret: is a value stored? (lists and the index never carry the value). */
export type VaultSecretFlags = { [F in VaultSecretField as VaultSecretFlagName<F>]: boolean };

/** Name of the presence flag of a secret field. */
export function vaultSecretFlag<F extends VaultSecretField>(field: F): VaultSecretFlagName<F> {
  return `has${field[0]!.toUpperCase()}${field.slice(1)}` as VaultSecretFlagName<F>;
}

/** Limits (characters) of the vault's inputs. */
export const VAULT_LIMITS = { text: 300, notes: 10_000, secret: 1_000, endpoints: 100, search: 200 } as const;

/** URL schemes an endpoint may use (links open in a new tab; `javascript:`, `data:`, `file:` are refused). */
export const ENDPOINT_URL_SCHEMES = ['http', 'https', 'ssh', 'rdp', 'vnc', 'ftp', 'ftps', 'sftp', 'smb', 'telnet'] as const;

/**
 * The link target of an endpoint URL, or null when it must not be a link. A value without a scheme
 * (`192.168.1.1`, `router.local:8080/admin`) opens as `http://...` (device admin pages); a scheme
 * outside {@link ENDPOINT_URL_SCHEMES} is never linked.
 */
export function endpointHref(url: string | null | undefined): string | null {
  const v = url?.trim();
  if (!v) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  // "host:port" (no `//`) is not a scheme.
  const hasScheme = scheme !== undefined && (v.slice(scheme.length + 1).startsWith('//') || !/^\d/.test(v.slice(scheme.length + 1)));
  if (!hasScheme) return /\s/.test(v) ? null : `http://${v}`;
  return (ENDPOINT_URL_SCHEMES as readonly string[]).includes(scheme) ? v : null;
}

const trimmedText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Optional plain text: '' or null -> null (create), absent stays absent (patch). */
const optionalText = (max: number = VAULT_LIMITS.text) =>
  trimmedText(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** Secrets are kept exactly as typed (a password may start or end with a space); '' -> null. */
const optionalSecret = z
  .string()
  .max(VAULT_LIMITS.secret, `Must be at most ${VAULT_LIMITS.secret} characters`)
  .nullable()
  .transform((v) => (v === '' || v === null ? null : v));

const businessName = z.string({ error: MSG.vaultBusinessNameRequired }).trim().min(1, MSG.vaultBusinessNameRequired).max(VAULT_LIMITS.text);

/** contactEmail: a valid e-mail or empty (SPEC.md 5). */
const contactEmail = z
  .string()
  .trim()
  .max(254, MSG.emailInvalid)
  .nullable()
  .transform((v) => (v ? v : null))
  .pipe(z.email(MSG.emailInvalid).nullable());

const endpointUrl = trimmedText(2_000)
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || endpointHref(v) !== null, MSG.vaultEndpointUrlInvalid);

/**
 * One endpoint row of a create or update body. `id` names an existing endpoint: on update, every
 * key left out (`url`, `username`, `password`) keeps the stored value; new rows have no id and get
 * one from the server.
 */
export const vaultEndpointInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string({ error: MSG.vaultEndpointNameRequired }).trim().min(1, MSG.vaultEndpointNameRequired).max(VAULT_LIMITS.text),
  url: endpointUrl.optional(),
  username: optionalText().optional(),
  /** Absent: keep the stored password (existing row) / none (new row); '' or null: none; text: set. */
  password: optionalSecret.optional(),
});
export type VaultEndpointInput = z.input<typeof vaultEndpointInputSchema>;

const endpoints = z.array(vaultEndpointInputSchema).max(VAULT_LIMITS.endpoints, `At most ${VAULT_LIMITS.endpoints} endpoints`);

const textShape = {
  contactName: optionalText(),
  contactEmail,
  contactPhone: optionalText(40),
  address: optionalText(),
  domainRegistrar: optionalText(),
  domainUsername: optionalText(),
  hostingProvider: optionalText(),
  hostingUsername: optionalText(),
  wifiSsid: optionalText(64),
  routerUsername: optionalText(),
  staticIp: optionalText(),
  ispProvider: optionalText(),
  phoneProvider: optionalText(),
  notes: optionalText(VAULT_LIMITS.notes),
} satisfies Record<VaultTextField, z.ZodType>;

const secretShape = Object.fromEntries(VAULT_SECRET_FIELDS.map((f) => [f, optionalSecret])) as Record<VaultSecretField, typeof optionalSecret>;

/**
 * POST /api/vault body and the Add Customer form (SPEC.md 5): businessName required ('Business name
 * is required.'), contactEmail a valid e-mail or empty, each endpoint's name required. Every other
 * field is optional; '' means "none".
 */
export const vaultCreateSchema = z.object({
  businessName,
  ...Object.fromEntries(Object.entries(textShape).map(([k, s]) => [k, s.optional()])),
  ...Object.fromEntries(Object.entries(secretShape).map(([k, s]) => [k, s.optional()])),
  endpoints: endpoints.default([]),
}) as unknown as z.ZodType<VaultCreate, VaultCreateInput>;

/**
 * PATCH /api/vault/:id body (SPEC.md 7 "same"): only the fields sent change. A text field '' or
 * null clears it; a secret '' or null deletes it; an absent secret keeps the stored one. `endpoints`,
 * when sent, is the whole new list (rows keep their stored password by `id` unless `password` is sent).
 */
export const vaultPatchSchema = z.object({
  businessName: businessName.optional(),
  ...Object.fromEntries(Object.entries(textShape).map(([k, s]) => [k, s.optional()])),
  ...Object.fromEntries(Object.entries(secretShape).map(([k, s]) => [k, s.optional()])),
  endpoints: endpoints.optional(),
}) as unknown as z.ZodType<VaultPatch, VaultPatchInput>;

type TextValues<T> = { [F in VaultTextField]: T };
type SecretValues<T> = { [F in VaultSecretField]: T };
/** Parsed endpoint row. */
export interface VaultEndpointValue {
  id?: string | undefined;
  name: string;
  url?: string | null | undefined;
  username?: string | null | undefined;
  password?: string | null | undefined;
}
/** What a client sends to create (all optional but businessName). */
export type VaultCreateInput = { businessName: string } & Partial<TextValues<string | null>> &
  Partial<SecretValues<string | null>> & { endpoints?: VaultEndpointInput[] };
/** Parsed create body. */
export type VaultCreate = { businessName: string } & Partial<TextValues<string | null>> &
  Partial<SecretValues<string | null>> & { endpoints: VaultEndpointValue[] };
/** What a client sends to update: any subset. */
export type VaultPatchInput = Partial<VaultCreateInput>;
/** Parsed update body. */
export type VaultPatch = Partial<Omit<VaultCreate, 'endpoints'>> & { endpoints?: VaultEndpointValue[] };

/** GET /api/vault query: `q` searches business, contact name and e-mail; `since` switches to a delta page. */
export const vaultListQuerySchema = z.object({
  q: z.string().trim().max(VAULT_LIMITS.search).optional(),
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type VaultListQuery = z.infer<typeof vaultListQuerySchema>;

/** POST /api/vault/:id/reveal body: one secret; `endpointId` names the endpoint for `endpointPassword`. */
export const vaultRevealSchema = z
  .object({
    field: z.enum(VAULT_REVEAL_FIELDS, { message: 'Unknown field' }),
    endpointId: z.uuid('endpointId must be an endpoint id').optional(),
  })
  .refine((v) => (v.field === 'endpointPassword') === (v.endpointId !== undefined), {
    message: 'endpointId is required for endpointPassword and only for it',
    path: ['endpointId'],
  });
export type VaultReveal = z.infer<typeof vaultRevealSchema>;

/** GET /api/vault/audit query (admin): newest first, optional filters, `before` = ISO time for paging. */
export const vaultAuditQuerySchema = z.object({
  entryId: z.uuid().optional(),
  userId: z.uuid().optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type VaultAuditQuery = z.infer<typeof vaultAuditQuerySchema>;

/** An endpoint in the list and the offline index: name and URL only. */
export interface VaultEndpointSummary {
  id: string;
  name: string;
  url: string | null;
  hasPassword: boolean;
}

/** An endpoint in the View dialog (GET /api/vault/:id). */
export interface VaultEndpointView extends VaultEndpointSummary {
  username: string | null;
}

/**
 * A row of GET /api/vault and of the offline index (never a secret, never a username or the notes).
 * `version` grows with every change.
 */
export interface VaultIndexEntry extends VaultSecretFlags {
  id: string;
  businessName: string;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  ispProvider: string | null;
  endpoints: VaultEndpointSummary[];
  version: number;
  updatedAt: string;
}

/** GET /api/vault/:id, POST and PATCH answers: every non-secret field, secrets as flags only. */
export interface VaultEntry extends VaultSecretFlags, TextValues<string | null> {
  id: string;
  businessName: string;
  endpoints: VaultEndpointView[];
  version: number;
  createdBy: string | null;
  createdByName: string | null;
  updatedBy: string | null;
  updatedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/vault?since=CURSOR: changed entries, ids deleted since, the next cursor and whether more pages wait. */
export interface VaultDeltaPage {
  items: VaultIndexEntry[];
  deleted: string[];
  cursor: string;
  more: boolean;
}

/** POST /api/vault/:id/reveal answer: the one secret asked for. */
export interface VaultRevealResult {
  field: VaultRevealField;
  endpointId: string | null;
  value: string;
}

/** A row of GET /api/vault/audit ("who saw which password when"); append-only on the server. */
export interface VaultAuditEntry {
  id: string;
  entryId: string;
  businessName: string;
  userId: string | null;
  username: string;
  field: VaultRevealField;
  endpointId: string | null;
  endpointName: string | null;
  ip: string;
  userAgent: string | null;
  createdAt: string;
}

/** True when `entry` matches a search (business name, contact name or e-mail; case-insensitive). */
export function matchesVaultSearch(entry: Pick<VaultIndexEntry, 'businessName' | 'contactName' | 'contactEmail'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [entry.businessName, entry.contactName, entry.contactEmail].some((v) => v?.toLowerCase().includes(q));
}

/** Escapes `\ ; , " :` for the Wi-Fi QR format. */
function escapeWifi(value: string): string {
  return value.replace(/([\\;,":])/g, '\\$1');
}

/**
 * The payload of a Wi-Fi join QR code (the `WIFI:T:WPA;S:<ssid>;P:<password>;;` format read by
 * Android and iOS cameras): the special characters `\ ; , " :` are backslash-escaped, nothing else
 * changes (values are not quoted: current iOS and Android read them literally). No password -> an
 * open network (`T:nopass`); `hidden` adds `H:true;`.
 */
export function wifiQrPayload(ssid: string, password: string | null, hidden = false): string {
  const auth = password ? `T:WPA;S:${escapeWifi(ssid)};P:${escapeWifi(password)};` : `T:nopass;S:${escapeWifi(ssid)};`;
  return `WIFI:${auth}${hidden ? 'H:true;' : ''};`;
}
