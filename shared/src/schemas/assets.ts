/**
 * Assets (issue 53, docs/assets.md): the request schemas, messages and API types of `/api/assets`,
 * shared by the API, the PWA and the CSV import (which validates each row with the same schema).
 * Every text follows the safe-text rule.
 */
import { z } from 'zod';
import { CLIENT_MSG } from './clients';
import { safeText } from './text';
import type { DeltaPage, Ticket } from './tickets';

export const ASSET_TYPES = ['workstation', 'laptop', 'server', 'printer', 'network', 'phone', 'other'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_TYPE_NAMES: Record<AssetType, string> = {
  workstation: 'Workstation',
  laptop: 'Laptop',
  server: 'Server',
  printer: 'Printer',
  network: 'Network',
  phone: 'Phone',
  other: 'Other',
};
export const ASSET_STATUSES = ['active', 'in_repair', 'retired'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_NAMES: Record<AssetStatus, string> = { active: 'Active', in_repair: 'In repair', retired: 'Retired' };

/** Days before the warranty end when the admin alert fires and the "Warranty ending" filter starts. */
export const WARRANTY_ALERT_DAYS = 30;

/** The exact messages of the assets feature (tests and the PWA find them by these texts). */
export const ASSET_MSG = {
  notFound: 'Asset not found',
  nameRequired: 'Asset name is required.',
  clientRequired: 'Choose the client of the asset.',
  typeInvalid: `Choose a type: ${ASSET_TYPES.join(', ')}.`,
  statusInvalid: `Choose a status: ${ASSET_STATUSES.join(', ')}.`,
  tagTaken: 'An asset with this tag already exists.',
  tagInvalid: 'An asset tag has 1 to 40 letters, digits, dashes, dots or underscores.',
  macInvalid: 'Enter a MAC address such as 00:1A:2B:3C:4D:5E.',
  ipInvalid: 'Enter an IPv4 or IPv6 address such as 192.168.1.20.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  siteOfOtherClient: CLIENT_MSG.siteOfOtherClient,
  contactOfOtherClient: CLIENT_MSG.contactOfOtherClient,
  vaultOfOtherClient: 'This vault entry belongs to another client.',
  vaultNotFound: 'Vault entry not found',
  assetOfOtherClient: 'This asset belongs to another client.',
  assetsWithoutClient: 'Choose the client before the assets.',
  assetsNotFound: 'Asset not found',
  tooManyIds: 'Choose at most 200 assets.',
  idTaken: CLIENT_MSG.idTaken,
} as const;

const LIMITS = { name: 200, text: 200, notes: 10_000, search: 200 } as const;
const text = (max: number) => safeText().trim().max(max, `Must be at most ${max} characters`);
/** Optional text: '' or null -> null; absent stays absent (PATCH). */
const optionalText = (max: number = LIMITS.text) =>
  text(max)
    .nullable()
    .transform((v) => (v ? v : null));

const TAG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
/** An asset tag: what the label's URL `/a/<tag>` carries (letters, digits, `-._`; compared ignoring case). */
export const assetTagSchema = safeText().trim().regex(TAG, ASSET_MSG.tagInvalid);

/**
 * A MAC address in any common notation (`00:1a:2b:3c:4d:5e`, `00-1A-2B-3C-4D-5E`, `001A.2B3C.4D5E`,
 * `001A2B3C4D5E`) -> `00:1A:2B:3C:4D:5E`; null when it is none.
 */
export function normalizeMac(value: string): string | null {
  const v = value.trim();
  const ok = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/.test(v) || /^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/.test(v) || /^[0-9A-Fa-f]{12}$/.test(v);
  if (!ok) return null;
  const hex = v.replace(/[:.-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Whether `value` is an IPv4 address (dotted, no leading zeros) or an IPv6 address (zod's rule). */
export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || z.ipv6().safeParse(value).success;
}

const macField = safeText()
  .trim()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const mac = normalizeMac(v);
    if (!mac) ctx.addIssue({ code: 'custom', message: ASSET_MSG.macInvalid });
    return mac ?? z.NEVER;
  });
const ipField = safeText()
  .trim()
  .max(45, ASSET_MSG.ipInvalid)
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || isIpAddress(v), ASSET_MSG.ipInvalid);
/** A calendar date `YYYY-MM-DD` that exists, '' or null -> null. */
const dateField = safeText()
  .trim()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)), ASSET_MSG.dateInvalid);

const assetFields = {
  clientId: z.uuid({ error: ASSET_MSG.clientRequired }),
  type: z.enum(ASSET_TYPES, { error: ASSET_MSG.typeInvalid }),
  name: safeText({ error: ASSET_MSG.nameRequired }).trim().min(1, ASSET_MSG.nameRequired).max(LIMITS.name, `Must be at most ${LIMITS.name} characters`),
  make: optionalText().optional(),
  model: optionalText().optional(),
  serialNumber: optionalText(100).optional(),
  assetTag: assetTagSchema.optional(),
  siteId: z.uuid('siteId must be a site id').nullable().optional(),
  contactId: z.uuid('contactId must be a contact id').nullable().optional(),
  ipAddress: ipField.optional(),
  macAddress: macField.optional(),
  operatingSystem: optionalText().optional(),
  purchaseDate: dateField.optional(),
  warrantyEnd: dateField.optional(),
  notes: optionalText(LIMITS.notes).optional(),
  status: z.enum(ASSET_STATUSES, { error: ASSET_MSG.statusInvalid }).optional(),
  vaultEntryIds: z.array(z.uuid('vaultEntryIds must be vault entry ids')).max(50).optional(),
};

/**
 * POST /api/assets. Without `assetTag` the server gives the next free `A-0001` style tag; `id` is
 * the id chosen by a phone creating the asset offline (kept by the server; taken: 409 under `id`).
 */
export const assetCreateSchema = z.object({ id: z.uuid('id must be a UUID').optional(), ...assetFields });
export type AssetCreateInput = z.input<typeof assetCreateSchema>;
export type AssetCreate = z.output<typeof assetCreateSchema>;

/**
 * Offline edits (the outbox) send `base`: the values the device showed. A sent field conflicts only
 * when the server's value differs from both `base` and the sent value (shared `conflictingFields`).
 */
const baseValues = z.record(z.string().max(40), z.union([z.string().max(LIMITS.notes), z.number(), z.boolean(), z.null(), z.array(z.string().max(64)).max(50)])).optional();

/** PATCH /api/assets/:id: any subset (`assetTag` may change; null clears the optional fields). */
export const assetPatchSchema = z.object({ ...assetFields, assetTag: assetTagSchema }).partial().extend({ base: baseValues });
export type AssetPatchInput = z.input<typeof assetPatchSchema>;
export type AssetPatch = z.output<typeof assetPatchSchema>;

const isoDate = safeText().regex(/^\d{4}-\d{2}-\d{2}$/, ASSET_MSG.dateInvalid);
/**
 * GET /api/assets: filters (all optional, combined with AND): `clientId`, `siteId`, `type`, `status`,
 * `warrantyBefore` (warranty ends on or before that date), `q` (name, tag, serial, make, model, IP,
 * MAC; substring ignoring case); `after` = the last asset id of the previous page; `since` switches
 * to the delta feed.
 */
export const assetListQuerySchema = z.object({
  clientId: z.uuid('clientId must be a client id').optional(),
  siteId: z.uuid('siteId must be a site id').optional(),
  type: z.enum(ASSET_TYPES, { error: ASSET_MSG.typeInvalid }).optional(),
  status: z.enum(ASSET_STATUSES, { error: ASSET_MSG.statusInvalid }).optional(),
  warrantyBefore: isoDate.optional(),
  q: text(LIMITS.search).optional(),
  after: z.uuid('after must be an asset id').optional(),
  since: safeText()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/** GET /api/assets/labels.pdf: `ids` comma separated (1..200), `size` the label sheet. */
export const LABEL_SIZES = ['L7651', '5160'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const assetLabelsQuerySchema = z.object({
  ids: safeText()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.uuid('ids must be asset ids')).min(1, 'Choose at least one asset.').max(200, ASSET_MSG.tooManyIds)),
  size: z.enum(LABEL_SIZES, { error: `Choose a label size: ${LABEL_SIZES.join(', ')}.` }).optional(),
});

/** An asset as the API returns it (dates `YYYY-MM-DD`, times ISO 8601). */
export interface Asset {
  id: string;
  clientId: string;
  type: AssetType;
  name: string;
  make: string | null;
  model: string | null;
  serialNumber: string | null;
  assetTag: string;
  siteId: string | null;
  contactId: string | null;
  ipAddress: string | null;
  macAddress: string | null;
  operatingSystem: string | null;
  purchaseDate: string | null;
  warrantyEnd: string | null;
  notes: string | null;
  status: AssetStatus;
  vaultEntryIds: string[];
  /**
   * The asset's history, newest first (at most {@link ASSET_HISTORY_LIMIT}): on GET /api/assets/:id,
   * by-tag, POST and PATCH answers and the delta feed (the phone's copy); not on list pages.
   */
  history?: AssetChange[];
  /** The tickets linked to the asset (ids; the asset page's details come from GET /api/assets/:id). */
  ticketIds: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Most history entries an asset carries (newest first). */
export const ASSET_HISTORY_LIMIT = 50;

/**
 * One entry of an asset's history: `created`; `changed` (one field: `field` is the Asset key,
 * `from`/`to` the shown values, site/contact/client by name, vault entries as a count, at most 200
 * characters); `ticket_linked` / `ticket_unlinked` (`ticketId`, `to`/`from` = the ticket number).
 * `actor` is the username (null: the system or a deleted user); `at` ISO 8601.
 */
export interface AssetChange {
  id: string;
  at: string;
  actor: string | null;
  kind: 'created' | 'changed' | 'ticket_linked' | 'ticket_unlinked';
  field: string | null;
  from: string | null;
  to: string | null;
  ticketId: string | null;
}

/** One ticket on the asset page: its state and the minutes worked on it. */
export interface AssetTicket {
  id: string;
  ticketNumber: string;
  issue: string;
  status: string;
  createdAt: string;
  minutes: number;
}

/** GET /api/assets/:id and /by-tag/:tag: the asset with its tickets (newest first, at most 100). */
export interface AssetDetail extends Asset {
  tickets: AssetTicket[];
}

/** One keyset page of GET /api/assets: `next` is the `after` of the next page, null at the end. */
export interface AssetPage {
  items: Asset[];
  next: string | null;
}

/** GET /api/assets?since=CURSOR: changed assets and ids of deleted ones. */
export interface AssetDeltaPage extends DeltaPage<Asset> {
  deleted: string[];
}

/**
 * The outbox stream of an asset's writes on a phone (its create, then its edits, sent in order); a
 * ticket create naming the asset waits for it (`after`), so an asset created offline exists first.
 */
export const assetStream = (assetId: string) => `asset:${assetId}`;

/** The staff app's path of an asset label: `/a/<tag>` (the QR code holds PUBLIC_URL + this). */
export const assetLabelPath = (tag: string) => `/a/${encodeURIComponent(tag)}`;

/** A ticket with its assets: single-ticket reads, PATCH answers and the delta feed carry `assetIds` (list pages do not). */
export type TicketWithAssets = Ticket & { assetIds?: string[] };
