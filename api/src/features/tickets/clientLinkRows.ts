/**
 * Tickets for `npm run clients:link` (docs/clients.md "Existing data"; clients/link.ts plans and
 * applies): the business names and company domains of tickets, and linking the ones still without a
 * client. Passed to the clients feature by scripts/clients-link.ts (clients port ClientLinkPorts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets as t } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { nextSyncSeq } from '../../db/sync';
import { clientKeySql as norm, emailDomainSql as domainOf, type ClientLinkPorts, type LinkDomainRow, type LinkNameRow } from '../clients/port';

/**
 * The tickets' side of clients:link. `names`/`domains`/`countWithoutAnything` only read; `link`
 * updates tickets whose client is still empty (by business name key, else by company domain for
 * tickets without a name), moving each forward in the delta feed (version, sync_seq), no history
 * row; call it in the run's transaction after lockSync. Throws only the database's errors.
 */
export const ticketClientLinks: ClientLinkPorts['tickets'] = {
  names: (db: Database) =>
    rowsOf<LinkNameRow>(db, sql`
      select ${norm(t.businessName)} as key, btrim(${t.businessName}) as name, count(*) as n
        from ${t} where ${t.clientId} is null and btrim(coalesce(${t.businessName}, '')) <> '' group by 1, 2`),
  domains: (db: Database) =>
    rowsOf<LinkDomainRow>(db, sql`
      select ${norm(t.businessName)} as key, ${domainOf(t.customerEmail)} as domain, count(*) as n
        from ${t} where btrim(coalesce(${t.businessName}, '')) <> '' and ${t.customerEmail} like '%@%' group by 1, 2
      union all
      select null, ${domainOf(t.customerEmail)}, count(*)
        from ${t} where ${t.clientId} is null and btrim(coalesce(${t.businessName}, '')) = '' and ${t.customerEmail} like '%@%' group by 1, 2`),
  async countWithoutAnything(db: Database) {
    const [row] = await rowsOf<{ n: number | string }>(db, sql`
      select count(*) as n from ${t} where ${t.clientId} is null and btrim(coalesce(${t.businessName}, '')) = '' and ${t.customerEmail} not like '%@%'`);
    return Number(row?.n ?? 0);
  },
  async link(tx: Database, { byKey, byDomain }) {
    const byName = await rowsOf<{ id: string }>(tx, sql`
      update ${t} set client_id = m.client_id, version = ${t.version} + 1, sync_seq = ${nextSyncSeq()}
        from jsonb_to_recordset(${JSON.stringify(byKey)}::jsonb) as m(key text, client_id uuid)
       where ${t.clientId} is null and btrim(coalesce(${t.businessName}, '')) <> '' and ${norm(t.businessName)} = m.key returning ${t.id}`);
    const byDomainRows = await rowsOf<{ id: string }>(tx, sql`
      update ${t} set client_id = m.client_id, version = ${t.version} + 1, sync_seq = ${nextSyncSeq()}
        from jsonb_to_recordset(${JSON.stringify(byDomain)}::jsonb) as m(domain text, client_id uuid)
       where ${t.clientId} is null and btrim(coalesce(${t.businessName}, '')) = '' and ${domainOf(t.customerEmail)} = m.domain returning ${t.id}`);
    return byName.length + byDomainRows.length;
  },
};
