/**
 * What the clients screens read from IndexedDB (no network): the list and the card with this
 * device's unsent writes applied, the card's recent tickets from the cached tickets and its vault
 * index entries from the cached vault index (the vault feature's 'vault' collection, read as data:
 * `clientId` on each index entry). No React.
 */
import type { Client, ClientTicketSummary, Contact, Site, VaultIndexEntry } from '@portal/shared';
import { UNSENT_STATES, readOutbox, type OfflineDb } from '../../../offline/core';
import { readClientCard, readClientCards } from './collection';
import { isClientWrite, type ClientWriteItem } from './kinds';

/** A card as shown: server data with unsent edits applied; `pending` ids wait to sync; `attention` items need a choice. */
export interface ClientCardView extends Client {
  pending: Set<string>;
  attention: ClientWriteItem[];
  /** A delete of the client waits to sync (the list leaves it out). */
  deleting: boolean;
}

const VAULT_COLLECTION = 'vault';
/** How many of the client's tickets the card shows. */
export const RECENT_TICKETS = 10;

function withoutBase<T extends object>(body: T): Partial<T> {
  const { base: _base, ...rest } = body as T & { base?: unknown };
  return rest as Partial<T>;
}

/** `card` with the unsent items of its stream applied in order (FIFO, as they will be sent). */
export function applyUnsent(card: Client, items: ClientWriteItem[]): ClientCardView {
  let view: Client = { ...card, contacts: [...card.contacts], sites: [...card.sites] };
  const pending = new Set<string>();
  const attention: ClientWriteItem[] = [];
  let deleting = false;
  for (const item of items) {
    if (item.state === 'conflict' || item.state === 'failed') attention.push(item);
    if (!(UNSENT_STATES as readonly string[]).includes(item.state) && item.state !== 'conflict') continue;
    const p = item.payload;
    if (p.op === 'client.delete') {
      // A refused delete ('Tickets refer to this client') leaves the client shown, with the message.
      if (item.state !== 'failed') {
        pending.add(card.id);
        deleting = true;
      }
      continue;
    }
    if ((p.op === 'contact.delete' || p.op === 'site.delete') && item.state !== 'failed') {
      const list = p.op === 'contact.delete' ? 'contacts' : 'sites';
      view[list] = (view[list] as (Contact | Site)[]).filter((c) => c.id !== p.childId) as never;
      continue;
    }
    if (p.op === 'contact.delete' || p.op === 'site.delete') continue;
    const temp = (p.body && 'id' in p.body && typeof p.body.id === 'string' && p.body.id) || `pending:${item.seq}`;
    if (p.op === 'client.create') {
      pending.add(card.id);
    } else if (p.op === 'client.patch') {
      view = { ...view, ...withoutBase(p.body) } as Client;
      pending.add(card.id);
    } else if (p.op === 'contact.create') {
      view.contacts = view.contacts.filter((c) => c.id !== temp);
      view.contacts.push({ id: temp, clientId: card.id, email: null, phone: null, title: null, preferredContactMethod: null, primary: false, updatedAt: item.createdAt, ...withoutBase(p.body) } as Contact);
      pending.add(temp);
    } else if (p.op === 'site.create') {
      view.sites = view.sites.filter((c) => c.id !== temp);
      view.sites.push({ id: temp, clientId: card.id, address: null, accessNotes: null, latitude: null, longitude: null, updatedAt: item.createdAt, ...withoutBase(p.body) } as Site);
      pending.add(temp);
    } else {
      const list = p.op === 'contact.patch' ? 'contacts' : 'sites';
      view[list] = (view[list] as (Contact | Site)[]).map((c) => (c.id === p.childId ? { ...c, ...withoutBase(p.body ?? {}) } : c)) as never;
      pending.add(p.childId);
    }
  }
  return { ...view, pending, attention, deleting };
}

async function unsentByClient(db: OfflineDb): Promise<Map<string, ClientWriteItem[]>> {
  const out = new Map<string, ClientWriteItem[]>();
  for (const item of await readOutbox(db)) {
    if (!isClientWrite(item) || item.state === 'done') continue;
    const list = out.get(item.payload.clientId) ?? [];
    list.push(item);
    out.set(item.payload.clientId, list);
  }
  return out;
}

/** Every cached client (archived last), as shown, sorted by name. */
export async function readClientList(db: OfflineDb): Promise<ClientCardView[]> {
  const [cards, unsent] = await Promise.all([readClientCards(db), unsentByClient(db)]);
  return cards.map((c) => applyUnsent(c, unsent.get(c.id) ?? [])).filter((c) => !c.deleting).sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
}

/** One card as shown, or null when this device does not hold it. */
export async function readClientView(db: OfflineDb, id: string): Promise<ClientCardView | null> {
  const [card, unsent] = await Promise.all([readClientCard(db, id), unsentByClient(db)]);
  return card ? applyUnsent(card, unsent.get(id) ?? []) : null;
}

/**
 * The client's newest {@link RECENT_TICKETS} tickets on this device: the tickets it holds (current,
 * they sync on their own) merged with the card's `recentTickets` (the client's newest as of the
 * card's last read, also those not assigned to this technician), newest first.
 */
export async function readClientTickets(db: OfflineDb, clientId: string): Promise<ClientTicketSummary[]> {
  const [held, card] = await Promise.all([db.tickets.filter((t) => t.clientId === clientId).toArray(), readClientCard(db, clientId)]);
  const byId = new Map<string, ClientTicketSummary>((card?.recentTickets ?? []).map((t) => [t.id, t]));
  for (const t of held) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_TICKETS);
}

/** The client's vault index entries this device holds (names and contacts, never a secret). */
export async function readClientVault(db: OfflineDb, clientId: string): Promise<VaultIndexEntry[]> {
  const rows = await db.records.where('collection').equals(VAULT_COLLECTION).toArray();
  return rows.map((r) => r.data as VaultIndexEntry).filter((e) => e.clientId === clientId);
}
