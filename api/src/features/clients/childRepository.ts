/** Sites and contacts of clients: ALL their SQL (clients themselves: repository.ts). */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, sites, ticketFacts } from '../../db/schema';
import { clientsChanged } from './matchable';

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;

/** The sites of `clientIds`, by name. */
export async function sitesOf(db: Database, clientIds: string[]): Promise<SiteRow[]> {
  if (clientIds.length === 0) return [];
  return db.select().from(sites).where(inArray(sites.clientId, clientIds)).orderBy(sql`lower(${sites.name})`, asc(sites.id));
}

/** The active contacts of `clientIds`: primary first, then by name. */
export async function contactsOf(db: Database, clientIds: string[]): Promise<ContactRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(inArray(contacts.clientId, clientIds), isNull(contacts.archivedAt)))
    .orderBy(desc(contacts.primary), sql`lower(${contacts.name})`, asc(contacts.id));
}

export async function findSite(db: Database, id: string, forUpdate = false): Promise<SiteRow | undefined> {
  const q = db.select().from(sites).where(eq(sites.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findContact(db: Database, id: string, forUpdate = false): Promise<ContactRow | undefined> {
  const q = db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The active contact using `email` (ignoring case), other than `exceptId`. */
export async function findContactByEmail(db: Database, email: string, exceptId?: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = lower(${email})`, isNull(contacts.archivedAt), exceptId ? sql`${contacts.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row;
}

export async function insertSite(db: Database, values: NewSiteRow): Promise<SiteRow> {
  const [row] = await db.insert(sites).values(values).returning();
  return row!;
}

export async function updateSite(db: Database, id: string, set: Partial<NewSiteRow>): Promise<SiteRow> {
  const [row] = await db.update(sites).set({ ...set, version: sql`${sites.version} + 1` }).where(eq(sites.id, id)).returning();
  return row!;
}

export async function deleteSite(db: Database, id: string): Promise<void> {
  await db.delete(sites).where(eq(sites.id, id));
}

/** Inserts a contact; an e-mail used by an active contact fails on `client_contacts_email_key` (the caller answers 409). */
export async function insertContact(db: Database, values: NewContactRow): Promise<ContactRow> {
  clientsChanged();
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

export async function updateContact(db: Database, id: string, set: Partial<NewContactRow>): Promise<ContactRow> {
  clientsChanged();
  const [row] = await db.update(contacts).set({ ...set, version: sql`${contacts.version} + 1` }).where(eq(contacts.id, id)).returning();
  return row!;
}

/** Makes `id` the client's only primary contact. */
export async function clearOtherPrimaries(db: Database, clientId: string, id: string): Promise<void> {
  await db.update(contacts).set({ primary: false }).where(and(eq(contacts.clientId, clientId), eq(contacts.primary, true), sql`${contacts.id} <> ${id}`));
}

/** Whether a ticket refers to the contact (then it is archived, not deleted). */
export async function contactIsReferenced(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ticketFacts.id }).from(ticketFacts).where(eq(ticketFacts.contactId, id)).limit(1);
  return row !== undefined;
}

export async function deleteContact(db: Database, id: string): Promise<void> {
  await db.delete(contacts).where(eq(contacts.id, id));
}
