/**
 * Sites and contacts of a client (issue 50): create, edit, delete. Same rules as service.ts: the
 * route's transaction, the sync lock, and the client's sync_seq moves with every change so phones
 * get the whole card again.
 * - A child is addressed under its client: a site or contact of another client is a 404.
 * - A contact's e-mail is unique among active contacts (409 CLIENT_MSG.contactEmailTaken under
 *   `email`); its phone is stored E.164 (400 under `phone`); one primary contact per client.
 * - DELETE (admin): a site is deleted (tickets keep no site); a contact tickets refer to is
 *   archived instead (it leaves the card and frees its e-mail), otherwise deleted.
 */
import { CLIENT_MSG, conflictingFields } from '@portal/shared';
import type { Contact, ContactCreate, ContactPatch, Site, SiteCreate, SitePatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { lockSync } from '../../db/sync';
import { conflict, notFound } from '../../http/errors';
import {
  clearOtherPrimaries,
  contactIsReferenced,
  deleteContact as deleteContactRow,
  deleteSite as deleteSiteRow,
  findContact,
  findContactByEmail,
  findSite,
  insertContact,
  insertSite,
  updateContact,
  updateSite,
  type ContactRow,
  type NewContactRow,
  type NewSiteRow,
  type SiteRow,
} from './childRepository';
import { presentContact, presentSite } from './presenter';
import { findClient, touchClient } from './repository';
import { duplicate, isUniqueViolation, phoneOrThrow, type ClientDeps } from './service';

async function lockClient(tx: Database, clientId: string): Promise<void> {
  await lockSync(tx);
  if (!(await findClient(tx, clientId, true))) throw notFound(CLIENT_MSG.notFound);
}

/** Applies only the sent fields that differ; 409 with `current` on a real conflict with `base`. */
function changes<R extends object>(current: R, sent: Record<string, unknown>, base: Record<string, unknown> | undefined, present: () => unknown): Partial<R> {
  const values = current as Record<string, unknown>;
  const conflicts = conflictingFields(values, base, sent);
  if (conflicts.length > 0) throw conflict(`Changed by someone else meanwhile: ${conflicts.join(', ')}`, { fields: conflicts, current: present() });
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) if (v !== undefined && JSON.stringify(v) !== JSON.stringify(values[k] ?? null)) set[k] = v;
  return set as Partial<R>;
}

export async function createSite(tx: Database, clientId: string, input: SiteCreate, now: Date): Promise<Site> {
  await lockClient(tx, clientId);
  if (input.id && (await findSite(tx, input.id))) throw duplicate('id', CLIENT_MSG.idTaken);
  const row = await insertSite(tx, { ...(input.id ? { id: input.id } : {}), clientId, name: input.name, address: input.address ?? null, accessNotes: input.accessNotes ?? null, latitude: input.latitude ?? null, longitude: input.longitude ?? null, createdAt: now, updatedAt: now });
  await touchClient(tx, clientId, now);
  return presentSite(row);
}

async function siteOf(tx: Database, clientId: string, siteId: string): Promise<SiteRow> {
  const row = await findSite(tx, siteId, true);
  if (!row || row.clientId !== clientId) throw notFound(CLIENT_MSG.siteNotFound);
  return row;
}

export async function patchSite(tx: Database, clientId: string, siteId: string, patch: SitePatch, now: Date): Promise<Site> {
  await lockClient(tx, clientId);
  const current = await siteOf(tx, clientId, siteId);
  const { base, ...sent } = patch;
  const set = changes<SiteRow>(current, sent, base, () => presentSite(current));
  if (Object.keys(set).length === 0) return presentSite(current);
  const row = await updateSite(tx, siteId, { ...(set as Partial<NewSiteRow>), updatedAt: now });
  await touchClient(tx, clientId, now);
  return presentSite(row);
}

export async function deleteSite(tx: Database, clientId: string, siteId: string, now: Date): Promise<void> {
  await lockClient(tx, clientId);
  await siteOf(tx, clientId, siteId);
  await deleteSiteRow(tx, siteId);
  await touchClient(tx, clientId, now);
}

export async function createContact(tx: Database, deps: ClientDeps, clientId: string, input: ContactCreate, now: Date): Promise<Contact> {
  const phone = phoneOrThrow(deps, input.phone);
  await lockClient(tx, clientId);
  if (input.id && (await findContact(tx, input.id))) throw duplicate('id', CLIENT_MSG.idTaken);
  const values: NewContactRow = {
    ...(input.id ? { id: input.id } : {}),
    clientId,
    name: input.name,
    email: input.email ?? null,
    phone,
    title: input.title ?? null,
    preferredContactMethod: input.preferredContactMethod ?? null,
    primary: input.primary ?? false,
    createdAt: now,
    updatedAt: now,
  };
  if (values.email && (await findContactByEmail(tx, values.email))) throw duplicate('email', CLIENT_MSG.contactEmailTaken);
  const row = await insertContact(tx, values).catch((err: unknown) => {
    throw isUniqueViolation(err) ? duplicate('email', CLIENT_MSG.contactEmailTaken) : err;
  });
  if (row.primary) await clearOtherPrimaries(tx, clientId, row.id);
  await touchClient(tx, clientId, now);
  return presentContact(row);
}

async function contactOf(tx: Database, clientId: string, contactId: string): Promise<ContactRow> {
  const row = await findContact(tx, contactId, true);
  if (!row || row.clientId !== clientId || row.archivedAt) throw notFound(CLIENT_MSG.contactNotFound);
  return row;
}

export async function patchContact(tx: Database, deps: ClientDeps, clientId: string, contactId: string, patch: ContactPatch, now: Date): Promise<Contact> {
  const { base, ...rest } = patch;
  const sent: Record<string, unknown> = { ...rest };
  if (rest.phone !== undefined) sent.phone = phoneOrThrow(deps, rest.phone);
  await lockClient(tx, clientId);
  const current = await contactOf(tx, clientId, contactId);
  const set = changes<ContactRow>(current, sent, base, () => presentContact(current));
  if (Object.keys(set).length === 0) return presentContact(current);
  if (set.email && (await findContactByEmail(tx, set.email, contactId))) throw duplicate('email', CLIENT_MSG.contactEmailTaken);
  let row: ContactRow;
  try {
    row = await updateContact(tx, contactId, { ...(set as Partial<NewContactRow>), updatedAt: now });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('email', CLIENT_MSG.contactEmailTaken);
    throw err;
  }
  if (set.primary) await clearOtherPrimaries(tx, clientId, contactId);
  await touchClient(tx, clientId, now);
  return presentContact(row);
}

export async function deleteContact(tx: Database, clientId: string, contactId: string, now: Date): Promise<void> {
  await lockClient(tx, clientId);
  await contactOf(tx, clientId, contactId);
  if (await contactIsReferenced(tx, contactId)) await updateContact(tx, contactId, { archivedAt: now, primary: false, updatedAt: now });
  else await deleteContactRow(tx, contactId);
  await touchClient(tx, clientId, now);
}
