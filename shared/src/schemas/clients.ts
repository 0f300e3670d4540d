/**
 * Clients, sites and contacts (issue 50, docs/clients.md): the request schemas and API types of
 * `/api/clients` shared by the API and the PWA. Every text follows the safe-text rule. Phone numbers
 * are checked and turned into E.164 by the API (the default country is a server setting,
 * shared/src/rules/phone.ts); these schemas only bound their length.
 */
import { z } from 'zod';
import { CONTACT_METHODS, type ContactMethod } from '../constants';
import { MSG } from '../messages';
import { safeText } from './text';
import type { DeltaPage } from './tickets';

/** The exact messages of the clients feature (tests and the PWA find them by these texts). */
export const CLIENT_MSG = {
  nameRequired: 'Client name is required.',
  nameTaken: 'A client with this name already exists.',
  siteNameRequired: 'Site name is required.',
  contactNameRequired: 'Contact name is required.',
  contactEmailTaken: 'This e-mail address is already used by another contact.',
  domainInvalid: 'Enter domains such as example.com.',
  notFound: 'Client not found',
  siteNotFound: 'Site not found',
  contactNotFound: 'Contact not found',
  siteOfOtherClient: 'This site belongs to another client.',
  contactOfOtherClient: 'This contact belongs to another client.',
  siteWithoutClient: 'Choose the client before the site or contact.',
  hasTickets: 'Tickets refer to this client: archive it instead.',
  archiveAdminOnly: 'Only an administrator can archive or restore a client.',
  idTaken: 'Something else already has this id: create it again.',
} as const;

/**
 * The phone's outbox stream of client `clientId`'s writes (creates and edits of it, its contacts and
 * sites, in order). A ticket write naming the client, a site or a contact waits for it (outbox
 * `after`), so a contact created offline exists before a ticket names it.
 */
export const clientStream = (clientId: string) => `client:${clientId}`;

const LIMITS = { name: 200, text: 2_000, notes: 10_000, phone: 40, search: 200 } as const;

const text = (max: number) => safeText().trim().max(max, `Must be at most ${max} characters`);
/** Optional text: '' or null -> null; absent stays absent (PATCH). */
const optionalText = (max: number = LIMITS.text) =>
  text(max)
    .nullable()
    .transform((v) => (v ? v : null));
const requiredName = (message: string) => safeText({ error: message }).trim().min(1, message).max(LIMITS.name, `Must be at most ${LIMITS.name} characters`);
const optionalEmail = safeText()
  .trim()
  .max(254, MSG.emailInvalid)
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email(MSG.emailInvalid).nullable());
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** E-mail domains: lower case, without '@', unique, at most 20; each must look like a domain. */
const emailDomains = z
  .array(text(253).transform((d) => d.toLowerCase().replace(/^@/, '')))
  .max(20, 'At most 20 domains')
  .refine((list) => list.every((d) => DOMAIN.test(d)), CLIENT_MSG.domainInvalid)
  .transform((list) => [...new Set(list)]);
const coordinate = (min: number, max: number) => z.number().min(min).max(max).nullable();

/**
 * Offline edits (the outbox) send `base`: the values the device showed before the edit. A sent field
 * conflicts only when the server's value differs from both `base` and the sent value
 * ({@link conflictingFields}); without `base` the edit is applied as sent (last writer wins).
 */
const baseValues = z.record(z.string().max(40), z.union([z.string().max(LIMITS.notes), z.number(), z.boolean(), z.null(), z.array(z.string().max(253)).max(20)])).optional();

/**
 * The fields of `sent` whose current server value differs from both the device's `base` value and the
 * sent value (a real conflict: someone else changed that field to something else). Arrays compare by
 * their items. Used by the API on every client, site and contact PATCH that carries `base`.
 */
export function conflictingFields(current: Record<string, unknown>, base: Record<string, unknown> | undefined, sent: Record<string, unknown>): string[] {
  if (!base) return [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.keys(sent).filter((f) => f in base && f in current && !same(current[f], base[f]) && !same(current[f], sent[f]));
}

/**
 * Optional id of a record a device creates (a UUID it chose, so a client, site or contact made
 * offline can be picked on a ticket before it syncs). Absent: the server picks one.
 */
const newId = z.uuid('id must be a UUID').optional();

/** POST /api/clients and the client form. */
export const clientCreateSchema = z.object({
  id: newId,
  name: requiredName(CLIENT_MSG.nameRequired),
  emailDomains: emailDomains.default([]),
  phone: optionalText(LIMITS.phone).optional(),
  notes: optionalText(LIMITS.notes).optional(),
});
export type ClientCreateInput = z.input<typeof clientCreateSchema>;
export type ClientCreate = z.output<typeof clientCreateSchema>;

/** PATCH /api/clients/:id: any subset; `archived` (admin only) archives or restores; `baseVersion` for offline edits. */
export const clientPatchSchema = z.object({
  name: requiredName(CLIENT_MSG.nameRequired).optional(),
  emailDomains: emailDomains.optional(),
  phone: optionalText(LIMITS.phone).optional(),
  notes: optionalText(LIMITS.notes).optional(),
  archived: z.boolean().optional(),
  base: baseValues,
});
export type ClientPatchInput = z.input<typeof clientPatchSchema>;
export type ClientPatch = z.output<typeof clientPatchSchema>;

/** POST /api/clients/:id/sites. */
export const siteCreateSchema = z.object({
  id: newId,
  name: requiredName(CLIENT_MSG.siteNameRequired),
  address: optionalText().optional(),
  accessNotes: optionalText(LIMITS.notes).optional(),
  latitude: coordinate(-90, 90).optional(),
  longitude: coordinate(-180, 180).optional(),
});
export type SiteCreateInput = z.input<typeof siteCreateSchema>;
export type SiteCreate = z.output<typeof siteCreateSchema>;
/** PATCH /api/clients/:id/sites/:siteId. */
export const sitePatchSchema = siteCreateSchema.omit({ id: true }).partial().extend({ base: baseValues });
export type SitePatch = z.output<typeof sitePatchSchema>;

/** POST /api/clients/:id/contacts. */
export const contactCreateSchema = z.object({
  id: newId,
  name: requiredName(CLIENT_MSG.contactNameRequired),
  email: optionalEmail.optional(),
  phone: optionalText(LIMITS.phone).optional(),
  title: optionalText(LIMITS.name).optional(),
  preferredContactMethod: z.enum(CONTACT_METHODS).nullable().optional(),
  primary: z.boolean().optional(),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;
/** PATCH /api/clients/:id/contacts/:contactId. */
export const contactPatchSchema = contactCreateSchema.omit({ id: true }).partial().extend({ base: baseValues });
export type ContactPatchInput = z.input<typeof contactPatchSchema>;
export type ContactPatch = z.output<typeof contactPatchSchema>;

/** GET /api/clients: `q` searches name and domains; `after` = last client id of the previous page; `since` switches to the delta feed. */
export const clientListQuerySchema = z.object({
  q: text(LIMITS.search).optional(),
  after: z.uuid('after must be a client id').optional(),
  since: safeText()
    .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous call')
    .optional(),
  archived: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** Path parameters of a site or contact route. */
export const clientChildParamsSchema = z.object({ id: z.uuid(), childId: z.uuid() });

/** A site (address, access notes such as opening hours, alarm and parking; optional coordinates). */
export interface Site {
  id: string;
  clientId: string;
  name: string;
  address: string | null;
  accessNotes: string | null;
  latitude: number | null;
  longitude: number | null;
  updatedAt: string;
}

/** A contact; `phone` in E.164. */
export interface Contact {
  id: string;
  clientId: string;
  name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  preferredContactMethod: ContactMethod | null;
  primary: boolean;
  updatedAt: string;
}

/** How many of the client's newest tickets its card carries. */
export const CLIENT_RECENT_TICKETS = 10;

/** A row of the /clients list. */
export interface ClientSummary {
  id: string;
  name: string;
  emailDomains: string[];
  phone: string | null;
  archived: boolean;
  openTickets: number;
  /** When the client's newest ticket was created, or null. */
  lastTicketAt: string | null;
  /** When the client's newest visit (close-out) ended, or null: the list's 'Last visit'. */
  lastVisitAt: string | null;
  version: number;
}

/** One of the client's newest tickets on its card (issue 50 item 6): the card lists them offline. */
export interface ClientTicketSummary {
  id: string;
  ticketNumber: string;
  status: string;
  /** The first 100 characters of the issue. */
  issue: string;
  createdAt: string;
}

/** GET /api/clients/:id: the client with its contacts and sites. */
export interface Client extends ClientSummary {
  notes: string | null;
  contacts: Contact[];
  sites: Site[];
  /**
   * The client's newest {@link CLIENT_RECENT_TICKETS} tickets as of the card's read (the delta feed
   * and GET /api/clients/:id send them; a card drafted on a device has none yet).
   */
  recentTickets?: ClientTicketSummary[];
  createdAt: string;
  updatedAt: string;
}

/** One keyset page of GET /api/clients: `next` is the `after` of the next page, null at the end. */
export interface ClientPage {
  items: ClientSummary[];
  next: string | null;
}

/** GET /api/clients?since=CURSOR: changed client cards (whole), and ids of deleted clients. */
export interface ClientDeltaPage extends DeltaPage<Client> {
  deleted: string[];
}

/**
 * GET /api/clients/from-ticket/:ticketId: what "Create client from this ticket" fills in: the
 * business name (else the customer's name), the e-mail domain unless a free-mail one, the phone when
 * it is valid (E.164), and the customer as the primary contact. Nothing is created by this call.
 */
export interface ClientDraft {
  name: string;
  emailDomains: string[];
  phone: string | null;
  contact: { name: string; email: string | null; phone: string | null; preferredContactMethod: ContactMethod | null; primary: true };
  /** An existing client with that name, if any (the form offers to link it instead). */
  existingClientId: string | null;
}

/** GET /api/clients/unlinked-tickets: `after` = the last ticket id of the previous page (newest first). */
export const unlinkedTicketsQuerySchema = z.object({
  after: z.uuid('after must be a ticket id').optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** A row of the admin list "Tickets without a client". */
export interface UnlinkedTicket {
  id: string;
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
  status: string;
  createdAt: string;
}

/** One page of "Tickets without a client"; `total` counts them all. */
export interface UnlinkedTicketPage {
  items: UnlinkedTicket[];
  next: string | null;
  total: number;
}
