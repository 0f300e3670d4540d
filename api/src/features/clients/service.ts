/**
 * Client rules (issue 50, docs/clients.md): create, edit, archive and delete clients; the list, the
 * card and the phones' delta feed. Writes take the route's transaction first and the delta-sync
 * lock (every write moves the client's sync_seq); no SQL here. Sites and contacts: children.ts.
 *
 * - Names are unique ignoring case (409 CLIENT_MSG.nameTaken under `name`), also between processes
 *   (the unique index decides; see repository.ts insertClient).
 * - Phones are stored E.164, read in the PHONE_COUNTRY default country (400 under `phone`).
 * - Archiving or restoring is for admins (403); a client that tickets or vault entries refer to can
 *   only be archived (DELETE -> 409 CLIENT_MSG.hasTickets); delete leaves a tombstone for phones.
 * - An offline edit sends `base`: a field someone else changed to another value is a conflict (409
 *   with the current client in `current`), nothing applied (shared conflictingFields).
 */
import { CLIENT_MSG, CLIENT_RECENT_TICKETS, conflictingFields, phoneInvalidMessage, toE164 } from '@portal/shared';
import type { Client, ClientCreate, ClientDeltaPage, ClientListQuery, ClientPage, ClientPatch, ClientVisits } from '@portal/shared';
import type { Database } from '../../db/client';
import { lockSync } from '../../db/sync';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { contactsOf, sitesOf } from './childRepository';
import { presentClient, presentClientSummary } from './presenter';
import {
  clientHasTickets,
  deleteClientRow,
  findClient,
  findClientByName,
  findClientsWithFigures,
  insertClient,
  listClientPage,
  listClientsSince,
  listTombstonesSince,
  recentTicketsOf,
  updateClient,
  type NewClientRow,
} from './repository';

/** What the clients service needs besides the transaction. */
export interface ClientDeps {
  /** ISO 3166-1 alpha-2 default country for phone numbers (Config.phoneCountry). */
  phoneCountry: string;
}

/**
 * What deleting a client needs of other features, passed in by app.ts (the vault feature imports the
 * clients port, so importing the vault port here would close a feature cycle).
 */
export interface ClientPorts {
  /** The vault port's vaultEntriesUseClient: whether any vault entry refers to the client. */
  vaultEntriesUseClient(db: Database, clientId: string): Promise<boolean>;
  /** The assets port's deleteAssetsOfClientRows: the client's assets deleted with tombstones, so phones drop them. */
  deleteAssetsOfClient(tx: Database, clientId: string, now: Date): Promise<unknown>;
  /** The visits port's visitsOfClient: the client's newest on-site visits and their count (issue 54). */
  visitsOfClient(db: Database, clientId: string): Promise<ClientVisits>;
}

/** GET /api/clients/:id/visits: the client's on-site visits (archived clients too); 404 when there is no such client. */
export async function clientVisits(db: Database, ports: ClientPorts, id: string): Promise<ClientVisits> {
  if (!(await findClient(db, id))) throw notFound(CLIENT_MSG.notFound);
  return ports.visitsOfClient(db, id);
}

export const CLIENT_PAGE_DEFAULT = 50;
export const CLIENT_DELTA_LIMIT = 200;

/** '' / null -> null; otherwise the E.164 form. @throws 400 under `field` when it is not a valid number. */
export function phoneOrThrow(deps: ClientDeps, value: string | null | undefined, field = 'phone'): string | null {
  if (!value) return null;
  const e164 = toE164(value, deps.phoneCountry);
  if (!e164) {
    const message = phoneInvalidMessage(deps.phoneCountry);
    throw badRequest(message, { [field]: [message] });
  }
  return e164;
}

/** A 409 with the field's message in fieldErrors (duplicate name, e-mail in use). */
export const duplicate = (field: string, message: string) => new ApiError(409, 'conflict', message, { [field]: [message] });

/** true when `err` (or its cause) is PostgreSQL's unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The card of one client. @throws 404. */
export async function getClient(db: Database, id: string): Promise<Client> {
  const [row] = await findClientsWithFigures(db, [id]);
  if (!row) throw notFound(CLIENT_MSG.notFound);
  const [contacts, sites, recent] = await Promise.all([contactsOf(db, [id]), sitesOf(db, [id]), recentTicketsOf(db, [id], CLIENT_RECENT_TICKETS)]);
  return presentClient(row, contacts, sites, recent);
}

/** GET /api/clients: one keyset page (name order) of active (or, with archived=true, archived) clients. */
export async function listClients(db: Database, q: ClientListQuery): Promise<ClientPage> {
  const limit = q.limit ?? CLIENT_PAGE_DEFAULT;
  const rows = await listClientPage(db, { q: q.q, after: q.after, archived: q.archived === 'true', limit });
  const page = rows.slice(0, limit);
  return { items: page.map(presentClientSummary), next: rows.length > limit ? page[page.length - 1]!.id : null };
}

/**
 * GET /api/clients?since=CURSOR: whole cards of clients changed after the cursor (a site or contact
 * change moves its client) and ids of deleted ones, oldest change first, at most `limit`.
 */
export async function clientsSince(db: Database, since: string, limit = CLIENT_DELTA_LIMIT): Promise<ClientDeltaPage> {
  const from = Number(since);
  const [rows, tombs] = await Promise.all([listClientsSince(db, from, limit + 1), listTombstonesSince(db, from, limit + 1)]);
  const changes = [...rows.map((r) => ({ seq: r.syncSeq, row: r, deleted: null })), ...tombs.map((t) => ({ seq: t.syncSeq, row: null, deleted: t.clientId }))].sort(
    (a, b) => a.seq - b.seq,
  );
  const page = changes.slice(0, limit);
  const ids = page.flatMap((c) => (c.row ? [c.row.id] : []));
  const [contacts, sites, recent] = await Promise.all([contactsOf(db, ids), sitesOf(db, ids), recentTicketsOf(db, ids, CLIENT_RECENT_TICKETS)]);
  return {
    items: page.flatMap((c) => (c.row ? [presentClient(c.row, contacts, sites, recent)] : [])),
    deleted: page.flatMap((c) => (c.deleted ? [c.deleted] : [])),
    cursor: String(page.reduce((max, c) => Math.max(max, c.seq), from)),
    more: changes.length > limit,
  };
}

/** POST /api/clients (the device's `id` when sent). @throws 409 under `name` when the name is taken, under `id` when the id is; 400 bad phone. */
export async function createClient(tx: Database, deps: ClientDeps, input: ClientCreate, actor: AuthUser, now: Date): Promise<Client> {
  const phone = phoneOrThrow(deps, input.phone);
  await lockSync(tx);
  if (input.id && (await findClient(tx, input.id))) throw duplicate('id', CLIENT_MSG.idTaken);
  const values: NewClientRow = { ...(input.id ? { id: input.id } : {}), name: input.name, emailDomains: input.emailDomains, phone, notes: input.notes ?? null, createdBy: actor.id, createdAt: now, updatedAt: now };
  if (await findClientByName(tx, input.name)) throw duplicate('name', CLIENT_MSG.nameTaken);
  const row = await insertClient(tx, values).catch((err: unknown) => {
    throw isUniqueViolation(err) ? duplicate('name', CLIENT_MSG.nameTaken) : err;
  });
  return getClient(tx, row.id);
}

/** PATCH /api/clients/:id: only sent fields change; nothing new -> no version bump. */
export async function patchClient(tx: Database, deps: ClientDeps, id: string, patch: ClientPatch, actor: AuthUser, now: Date): Promise<Client> {
  if (patch.archived !== undefined && actor.role !== 'admin') throw forbidden(CLIENT_MSG.archiveAdminOnly);
  const phone = patch.phone === undefined ? undefined : phoneOrThrow(deps, patch.phone);
  await lockSync(tx);
  const current = await findClient(tx, id, true);
  if (!current) throw notFound(CLIENT_MSG.notFound);
  const sent: Record<string, unknown> = {};
  if (patch.name !== undefined) sent.name = patch.name;
  if (patch.emailDomains !== undefined) sent.emailDomains = patch.emailDomains;
  if (phone !== undefined) sent.phone = phone;
  if (patch.notes !== undefined) sent.notes = patch.notes;
  const currentValues: Record<string, unknown> = { name: current.name, emailDomains: current.emailDomains, phone: current.phone, notes: current.notes };
  const conflicts = conflictingFields(currentValues, patch.base, sent);
  if (conflicts.length > 0) throw conflict(`Changed by someone else meanwhile: ${conflicts.join(', ')}`, { fields: conflicts, current: await getClient(tx, id) });
  const set: Partial<NewClientRow> = {};
  for (const [k, v] of Object.entries(sent)) if (JSON.stringify(v) !== JSON.stringify(currentValues[k])) (set as Record<string, unknown>)[k] = v;
  if (patch.archived !== undefined && patch.archived !== (current.archivedAt !== null)) set.archivedAt = patch.archived ? now : null;
  if (Object.keys(set).length === 0) return getClient(tx, id);
  if (set.name !== undefined && (await findClientByName(tx, set.name, id))) throw duplicate('name', CLIENT_MSG.nameTaken);
  try {
    await updateClient(tx, id, { ...set, updatedAt: now });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('name', CLIENT_MSG.nameTaken);
    throw err;
  }
  return getClient(tx, id);
}

/** DELETE /api/clients/:id (admin). @throws 404; 409 CLIENT_MSG.hasTickets when tickets or vault entries refer to it. */
export async function deleteClient(tx: Database, ports: ClientPorts, id: string, now: Date): Promise<void> {
  await lockSync(tx);
  const current = await findClient(tx, id, true);
  if (!current) throw notFound(CLIENT_MSG.notFound);
  if ((await clientHasTickets(tx, id)) || (await ports.vaultEntriesUseClient(tx, id))) throw conflict(CLIENT_MSG.hasTickets);
  await ports.deleteAssetsOfClient(tx, id, now);
  await deleteClientRow(tx, id, now);
}
