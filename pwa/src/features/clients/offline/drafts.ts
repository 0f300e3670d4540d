/**
 * Records created on this device before the server has them (issue 50 item 6): a client, contact
 * or site gets its id here (a UUID the API keeps, `id` on the create), and a draft of it joins the
 * cached cards at once, so every reader of the 'clients' records (the ticket pickers, New Ticket,
 * the export filter) can pick it offline. The server's answer replaces the draft (same id); a
 * discarded create removes it. No React.
 */
import type { Client, ClientCreateInput, Contact, ContactCreateInput, Site, SiteCreateInput } from '@portal/shared';
import type { OfflineDb } from '../../../offline/core';
import { CLIENTS_COLLECTION, putClientChild, readClientCard } from './collection';

const key = (id: string) => [CLIENTS_COLLECTION, id] as unknown as string;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The draft card of a client created here. `updatedAt` '' so any card from the server replaces it;
 * the phone is kept as typed until the server answers in E.164.
 */
export function draftClient(body: ClientCreateInput & { id: string }, clientId = body.id): Client {
  return {
    id: clientId,
    name: body.name.trim(),
    emailDomains: body.emailDomains ?? [],
    phone: text(body.phone),
    notes: text(body.notes),
    archived: false,
    openTickets: 0,
    lastTicketAt: null,
    lastVisitAt: null,
    version: 0,
    contacts: [],
    sites: [],
    createdAt: '',
    updatedAt: '',
  };
}

/** The draft of a contact created here. */
export function draftContact(clientId: string, body: ContactCreateInput & { id: string }): Contact {
  return {
    id: body.id,
    clientId,
    name: body.name.trim(),
    email: text(body.email),
    phone: text(body.phone),
    title: text(body.title),
    preferredContactMethod: body.preferredContactMethod ?? null,
    primary: body.primary ?? false,
    updatedAt: '',
  };
}

/** The draft of a site created here. */
export function draftSite(clientId: string, body: SiteCreateInput & { id: string }): Site {
  return { id: body.id, clientId, name: body.name.trim(), address: text(body.address), accessNotes: text(body.accessNotes), latitude: body.latitude ?? null, longitude: body.longitude ?? null, updatedAt: '' };
}

/** Puts a draft client card (never over a card the server sent). */
export async function putDraftClient(db: OfflineDb, card: Client): Promise<void> {
  if (!(await readClientCard(db, card.id))) await db.records.put({ collection: CLIENTS_COLLECTION, id: card.id, data: card });
}

/** Removes a discarded draft: the whole card of a client create, else the child from its card. */
export async function removeDraft(db: OfflineDb, clientId: string, created: { list: 'client' | 'contacts' | 'sites'; id: string }): Promise<void> {
  const card = await readClientCard(db, clientId);
  if (!card) return;
  if (created.list === 'client') {
    if (card.version === 0) await db.records.delete(key(clientId));
    return;
  }
  const items = (card[created.list] as (Contact | Site)[]).filter((c) => c.id !== created.id || c.updatedAt !== '');
  await db.records.put({ collection: CLIENTS_COLLECTION, id: clientId, data: { ...card, [created.list]: items } });
}

export { putClientChild as putDraftChild };
