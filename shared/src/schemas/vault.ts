import { z } from 'zod';
import { MSG } from '../messages';
import { safeText } from './text';
import type { DeltaPage } from './tickets';
import { VAULT_LIMITS, VAULT_REVEAL_FIELDS, VAULT_SECRET_FIELDS, endpointHref, type VaultRevealField, type VaultSecretField, type VaultSecretFlags, type VaultTextField } from '../rules/vault';

/**
 * The Customer Vault (SPEC.md 2 "Customer Vault", 3 customer_vault, 5, 7; DESIGN.md 7).
 * Every text field follows the safe-text rule (no NUL, no lone surrogate: 400, never a 500).
 *
 * Which fields are secrets (decision, docs/decisions.md):
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

const trimmedText = (max: number) => safeText().trim().max(max, `Must be at most ${max} characters`);

/** Optional plain text: '' or null -> null (create), absent stays absent (patch). */
const optionalText = (max: number = VAULT_LIMITS.text) =>
  trimmedText(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** Secrets are kept exactly as typed (a password may start or end with a space); '' -> null. */
const optionalSecret = safeText()
  .max(VAULT_LIMITS.secret, `Must be at most ${VAULT_LIMITS.secret} characters`)
  .nullable()
  .transform((v) => (v === '' || v === null ? null : v));

const businessName = safeText({ error: MSG.vaultBusinessNameRequired }).trim().min(1, MSG.vaultBusinessNameRequired).max(VAULT_LIMITS.text);

/** contactEmail: a valid e-mail or empty (SPEC.md 5). */
const contactEmail = safeText()
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
  name: safeText({ error: MSG.vaultEndpointNameRequired }).trim().min(1, MSG.vaultEndpointNameRequired).max(VAULT_LIMITS.text),
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

/** The client the entry belongs to (docs/clients.md); null detaches it; absent keeps it. */
const vaultClientId = z.uuid('clientId must be a client id').nullable().optional();

/**
 * POST /api/vault body and the Add Customer form (SPEC.md 5): businessName required ('Business name
 * is required.'), contactEmail a valid e-mail or empty, each endpoint's name required. Every other
 * field is optional; '' means "none".
 */
export const vaultCreateSchema = z.object({
  businessName,
  clientId: vaultClientId,
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
  clientId: vaultClientId,
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
export type VaultCreateInput = { businessName: string; clientId?: string | null | undefined } & Partial<TextValues<string | null>> &
  Partial<SecretValues<string | null>> & { endpoints?: VaultEndpointInput[] };
/** Parsed create body. */
export type VaultCreate = { businessName: string; clientId?: string | null | undefined } & Partial<TextValues<string | null>> &
  Partial<SecretValues<string | null>> & { endpoints: VaultEndpointValue[] };
/** What a client sends to update: any subset. */
export type VaultPatchInput = Partial<VaultCreateInput>;
/** Parsed update body. */
export type VaultPatch = Partial<Omit<VaultCreate, 'endpoints'>> & { endpoints?: VaultEndpointValue[] };

/** GET /api/vault query: `q` searches business, contact name and e-mail; `since` switches to a delta page. */
export const vaultListQuerySchema = z.object({
  q: safeText().trim().max(VAULT_LIMITS.search).optional(),
  /** Only the entries of this client (the client page). */
  clientId: z.uuid('clientId must be a client id').optional(),
  since: safeText()
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
  /** The client this entry belongs to (docs/clients.md), or null; absent in copies phones kept from older builds. */
  clientId?: string | null;
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
  clientId?: string | null;
  endpoints: VaultEndpointView[];
  version: number;
  createdBy: string | null;
  createdByName: string | null;
  updatedBy: string | null;
  updatedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /api/vault?since=CURSOR: a delta page (the tickets' shape: changed entries oldest change first,
 * the next cursor, `more` when another page waits) plus the ids deleted since the cursor.
 */
export interface VaultDeltaPage extends DeltaPage<VaultIndexEntry> {
  deleted: string[];
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
  /** 'bundle' for source 'device' (all of the entry's secrets). */
  field: VaultRevealField | 'bundle';
  endpointId: string | null;
  endpointName: string | null;
  ip: string;
  userAgent: string | null;
  /** When the value was shown (for an offline reveal: the device's time of the reveal). */
  createdAt: string;
  /**
   * 'offline': revealed from the device's encrypted copy with no connection, reported later.
   * 'device': every secret of the entry sent to an offline device (`field` 'bundle', `fieldCount`
   * secrets): an export, counted as a reveal of each.
   */
  source: 'online' | 'offline' | 'device';
  /** source 'device': how many secrets were sent; null otherwise. */
  fieldCount: number | null;
  /** Offline reveals: the device's name and when the server received the report; null online. */
  deviceName: string | null;
  receivedAt: string | null;
  /** Offline reveals reported after the device's access was revoked or expired (the reveal itself was before). */
  deviceRevoked: boolean;
}

export * from './vaultOffline';
