/**
 * `npm run clients:link` (issue 50 item 4) on data as the previous version wrote it: tickets and
 * vault entries inserted with only the columns that existed before migration 0023 (free-text
 * business names and e-mails, no client). The dry run lists the clients and counts and changes
 * nothing; the real run creates and links exactly that; a second run changes nothing; free mail
 * and a domain two names share stay unmatched and are listed in "Tickets without a client".
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientPage, UnlinkedTicketPage } from '@portal/shared';
import { rowsOf } from '../../db/rows';
import { startTestApp, type TestApp } from '../../test/app';
import { planClientLinks, runClientLink } from './link';
import { ticketClientLinks } from '../tickets/port';
import { vaultClientLinks } from '../vault/port';

const ports = { tickets: ticketClientLinks, vault: vaultClientLinks };

let t: TestApp;
let n = 0;
/** A ticket as the previous version stored it (no client columns). */
async function oldTicket(businessName: string | null, email: string): Promise<void> {
  n += 1;
  await t.db.execute(sql`insert into support_tickets (ticket_number, client_name, business_name, customer_email, customer_phone, severity, contact_method, issue)
    values (${`TKT-9${String(n).padStart(5, '0')}`}, 'Old Customer', ${businessName}, ${email}, '555 0100', 'medium', 'email', 'An issue from before clients existed.')`);
}
async function oldVaultEntry(businessName: string, email: string | null): Promise<void> {
  await t.db.execute(sql`insert into customer_vault (business_name, contact_email) values (${businessName}, ${email})`);
}
const snapshot = async () =>
  rowsOf<{ id: string; client_id: string | null; version: number }>(t.db, sql`select id, client_id, version from support_tickets union all select id, client_id, version from customer_vault order by 1`);
const lines: string[] = [];
const run = (dryRun: boolean) => runClientLink(t.db, ports, { dryRun, now: new Date('2026-11-29T02:00:00Z'), log: (l) => lines.push(l) });

beforeAll(async () => {
  t = await startTestApp();
  await oldTicket('Acme Dental', 'dana@acmedental.test');
  await oldTicket('  ACME   dental ', 'lee@acmedental.test');
  await oldTicket('Acme Dental', 'owner@gmail.com');
  await oldTicket(null, 'new.person@acmedental.test'); // no business name: its company domain
  await oldTicket(null, 'sam@bakery.test'); // a domain nobody names: a client named after it
  await oldTicket('', 'someone@gmail.com'); // free mail: unmatched
  await oldTicket('North Ltd', 'a@shared.test');
  await oldTicket('South Ltd', 'b@shared.test');
  await oldTicket(null, 'c@shared.test'); // two names share the domain: unmatched
  await oldVaultEntry('acme dental', 'it@acmedental.test');
  await oldVaultEntry('Existing Co', null);
  const tech = (await t.loginAs('technician')).token;
  await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Existing Co' } });
});
afterAll(() => t.close());

describe('npm run clients:link', () => {
  it('--dry-run lists the clients it would create with their ticket and entry counts, and changes nothing', async () => {
    const before = await snapshot();
    const plan = await run(true);
    expect(plan.clients.map((c) => [c.name, c.existingId !== null, c.tickets, c.vaultEntries, c.addDomains])).toEqual([
      ['Acme Dental', false, 4, 1, ['acmedental.test']],
      ['bakery.test', false, 1, 0, ['bakery.test']],
      ['Existing Co', true, 0, 1, []],
      ['North Ltd', false, 1, 0, []],
      ['South Ltd', false, 1, 0, []],
    ]);
    expect(plan.unmatchedTickets).toBe(2);
    expect(lines).toContain('create "Acme Dental": 4 tickets, 1 vault entry, domains acmedental.test');
    expect(lines).toContain('Would create 4 clients and link 7 tickets and 2 vault entries.');
    expect(lines).toContain('Tickets without a client: 2 (listed in the app: Clients > Tickets without a client).');
    expect(await snapshot()).toEqual(before);
  });

  it('links exactly the plan; a second run changes nothing; the unmatched are the admin list', async () => {
    await run(false);
    const admin = (await t.loginAs('admin')).token;
    const linked = await rowsOf<{ email: string; name: string | null }>(
      t.db,
      sql`select customer_email as email, c.name from support_tickets s left join clients c on c.id = s.client_id order by ticket_number`,
    );
    expect(linked.map((r) => r.name)).toEqual(['Acme Dental', 'Acme Dental', 'Acme Dental', 'Acme Dental', 'bakery.test', null, 'North Ltd', 'South Ltd', null]);
    const list = (await t.request<ClientPage>('GET', '/api/clients?q=acme', { token: admin })).body;
    expect(list.items.map((c) => [c.name, c.emailDomains, c.openTickets])).toEqual([['Acme Dental', ['acmedental.test'], 4]]);
    const vault = await rowsOf<{ name: string }>(t.db, sql`select c.name from customer_vault v join clients c on c.id = v.client_id order by 1`);
    expect(vault.map((r) => r.name)).toEqual(['Acme Dental', 'Existing Co']);

    const after = await snapshot();
    const again = await run(false);
    expect(again.clients).toEqual([]);
    expect(again.unmatchedTickets).toBe(2);
    expect(await snapshot()).toEqual(after);
    expect((await planClientLinks(t.db, ports)).clients).toEqual([]);

    const unlinked = await t.request<UnlinkedTicketPage>('GET', '/api/clients/unlinked-tickets', { token: admin });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.total).toBe(2);
    expect(unlinked.body.items.map((i) => i.customerEmail).sort()).toEqual(['c@shared.test', 'someone@gmail.com']);
    const tech = (await t.loginAs('technician')).token;
    expect((await t.request('GET', '/api/clients/unlinked-tickets', { token: tech })).status).toBe(403);
  });
});
