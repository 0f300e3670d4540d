/**
 * A ticket PATCH's client, site and contact (docs/clients.md "Tickets"): completes the patch and
 * names the links for the work history, through the clients port.
 * - Another client clears a site or contact of the old client that the patch does not set.
 * - The site and contact must be the (new) client's: 400 under `siteId` / `contactId` otherwise
 *   (clients port checkTicketLinks); an unknown client is a 404.
 */
import type { TicketPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { checkTicketLinks, linkNamesOf } from '../clients/port';
import type { TicketRow } from './repository';

/** The patch with the links completed, and the names of every link id involved (for planTicketPatch's labelOf). */
export async function resolveTicketLinks(tx: Database, current: TicketRow, patch: TicketPatch): Promise<{ patch: TicketPatch; names: Map<string, string> }> {
  if (patch.clientId === undefined && patch.siteId === undefined && patch.contactId === undefined) return { patch, names: new Map() };
  const next: TicketPatch = { ...patch };
  if (next.clientId !== undefined && next.clientId !== current.clientId) {
    if (next.siteId === undefined && current.siteId) next.siteId = null;
    if (next.contactId === undefined && current.contactId) next.contactId = null;
  }
  const links = {
    clientId: next.clientId !== undefined ? next.clientId : current.clientId,
    siteId: next.siteId !== undefined ? next.siteId : current.siteId,
    contactId: next.contactId !== undefined ? next.contactId : current.contactId,
  };
  await checkTicketLinks(tx, links);
  const ids = (a: string | null | undefined, b: string | null | undefined) => [a, b].filter((v): v is string => Boolean(v));
  const names = await linkNamesOf(tx, {
    clientIds: ids(current.clientId, links.clientId),
    siteIds: ids(current.siteId, links.siteId),
    contactIds: ids(current.contactId, links.contactId),
  });
  return { patch: next, names };
}
