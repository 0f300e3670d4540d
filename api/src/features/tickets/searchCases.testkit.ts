/**
 * The shared search cases' tickets (shared/src/search/cases.testkit.ts) written through the real
 * API: created by the public form a second apart, commented by a technician, then linked by an admin
 * to their client (clients table), tags and assets, as staff do. For search.test.ts and
 * searchLinks.test.ts.
 */
import { expect } from 'vitest';
import { formatTicketNumber } from '@portal/shared';
import { SEARCH_CASE_TICKETS } from '@portal/shared/search-cases';
import type { TestApp } from '../../test/app';

/** What {@link seedSearchCases} wrote: ticket ids in case order, client, asset, contact and site ids by name and tag. */
export interface SeededSearchCases {
  ids: string[];
  token: string;
  adminToken: string;
  clientIds: Map<string, string>;
  assetIds: Map<string, string>;
  contactIds: Map<string, string>;
  siteIds: Map<string, string>;
}

/** Writes every case ticket with its comments and links; asserts each write succeeded. */
export async function seedSearchCases(app: TestApp): Promise<SeededSearchCases> {
  const { token } = await app.loginAs('technician');
  const { token: adminToken } = await app.loginAs('admin');
  const ids: string[] = [];
  for (const [i, t] of SEARCH_CASE_TICKETS.entries()) {
    app.clock.advance(1000);
    const created = await app.createTicket({ clientName: t.clientName, businessName: t.businessName, customerEmail: t.customerEmail, customerPhone: t.customerPhone, issue: t.issue });
    expect(created.ticketNumber).toBe(formatTicketNumber(i + 1));
    ids.push(created.id);
    for (const comment of t.comments) {
      const res = await app.request('PATCH', `/api/tickets/${created.id}`, { token, body: { comment } });
      expect(res.status, res.text).toBe(200);
    }
  }
  const clientIds = new Map<string, string>();
  const assetIds = new Map<string, string>();
  const contactIds = new Map<string, string>();
  const siteIds = new Map<string, string>();
  const post = async (path: string, body: object) => {
    const res = await app.request<{ id: string }>('POST', path, { token: adminToken, body });
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  };
  for (const [i, t] of SEARCH_CASE_TICKETS.entries()) {
    if (!t.client) continue;
    if (!clientIds.has(t.client)) {
      const res = await app.request<{ id: string }>('POST', '/api/clients', { token: adminToken, body: { name: t.client } });
      expect(res.status, res.text).toBe(201);
      clientIds.set(t.client, res.body.id);
    }
    const clientId = clientIds.get(t.client)!;
    for (const a of t.assets ?? []) {
      const res = await app.request<{ id: string }>('POST', '/api/assets', { token: adminToken, body: { clientId, type: 'other', name: a.name, assetTag: a.assetTag } });
      expect(res.status, res.text).toBe(201);
      assetIds.set(a.assetTag, res.body.id);
    }
    if (t.contact) contactIds.set(t.contact.name, await post(`/api/clients/${clientId}/contacts`, t.contact));
    if (t.site) siteIds.set(t.site, await post(`/api/clients/${clientId}/sites`, { name: t.site }));
    const contact = t.contact ? { contactId: contactIds.get(t.contact.name) } : {};
    const site = t.site ? { siteId: siteIds.get(t.site) } : {};
    const body = { clientId, ...contact, ...site, assetIds: (t.assets ?? []).map((a) => assetIds.get(a.assetTag)!), ...(t.tags ? { tagsAdd: t.tags } : {}) };
    const res = await app.request('PATCH', `/api/tickets/${ids[i]}`, { token: adminToken, body });
    expect(res.status, res.text).toBe(200);
  }
  return { ids, token, adminToken, clientIds, assetIds, contactIds, siteIds };
}
