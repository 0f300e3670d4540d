/**
 * Born-linked tickets (docs/clients.md "Matching"): the clients feature's matching subscriber sets
 * the client and contact of tickets created in the same transaction through this, not the table.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { linkDeviceAssets } from './assetLinks';

/** One new ticket's client (and contact, or null) as the clients feature matched it. */
export interface NewTicketClient {
  ticketId: string;
  clientId: string;
  contactId: string | null;
}

/**
 * Sets `client_id` / `contact_id` of each ticket in `links` (one statement for the whole list; an
 * empty list does nothing). Only for tickets created in the caller's transaction (`ticket.created`):
 * they are born linked, so no version, sync_seq or history row is written. A ticket whose customer
 * answered "Which device?" then gets the asset of its new client that the answer names linked
 * (assetLinks.ts `linkDeviceAssets`, docs/assets.md). Call it inside that transaction; an unknown
 * ticket id is skipped; throws only the database's errors (e.g. a client id that does not exist
 * violates the foreign key).
 */
export async function linkNewTickets(tx: Database, links: readonly NewTicketClient[]): Promise<void> {
  if (links.length === 0) return;
  const list = <T>(values: T[], type: string) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;
  const named = await rowsOf<{ id: string; client_id: string; device: string; created_at: unknown }>(tx, sql`
    update support_tickets t set client_id = m.client_id, contact_id = m.contact_id
    from unnest(${list(links.map((l) => l.ticketId), 'uuid')}, ${list(links.map((l) => l.clientId), 'uuid')}, ${list(links.map((l) => l.contactId), 'uuid')}) as m(id, client_id, contact_id)
    where t.id = m.id
    returning t.id, t.client_id, t.device, t.created_at`);
  const withDevice = named.filter((r) => r.device);
  if (withDevice.length > 0) await linkDeviceAssets(tx, withDevice.map((r) => ({ ticketId: r.id, clientId: r.client_id, device: r.device, at: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)) })));
}
