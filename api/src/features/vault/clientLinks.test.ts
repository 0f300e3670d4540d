/**
 * Tickets <-> vault entries over HTTP (docs/vault.md "Tickets and vault entries"): a ticket's client
 * finds its vault entry by business name (any case) or e-mail domain (never a free mail domain), and
 * a vault entry lists its client's open tickets only; names and ids only, staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientTicket, VaultEntry, VaultMatch } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech: string;
let acme: VaultEntry;
let harbor: VaultEntry;

beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  const create = async (body: object) => {
    const res = await t.request<VaultEntry>('POST', '/api/vault', { token: tech, body });
    if (res.status !== 201) throw new Error(res.text);
    return res.body;
  };
  acme = await create({ businessName: 'Acme Dental', contactEmail: 'dana@acme-dental.test', wifiPassword: 'Acme-Wifi-Secret-1' });
  harbor = await create({ businessName: 'Harbor Books', contactEmail: 'owner@gmail.com' });
});
afterAll(() => t.close());

const match = (q: Record<string, string>) => t.request<VaultMatch>('GET', `/api/vault-match?${new URLSearchParams(q)}`, { token: tech });
const openOf = (id: string) => t.request<ClientTicket[]>('GET', `/api/vault/${id}/open-tickets`, { token: tech });

describe('GET /api/vault-match', () => {
  it('matches the business name in any case, or the e-mail domain, and nothing else', async () => {
    expect((await match({ business: '  acme DENTAL ', email: 'x@elsewhere.test' })).body).toEqual({ entry: { id: acme.id, businessName: 'Acme Dental' } });
    const byDomain = await match({ business: '', email: 'front.desk@ACME-dental.test' });
    expect(byDomain.body.entry?.id, byDomain.text).toBe(acme.id);
    expect((await match({ business: 'Unknown Ltd', email: 'a@unknown.test' })).body).toEqual({ entry: null });
    expect((await match({})).body).toEqual({ entry: null });
  });

  it('never matches by a free mail domain', async () => {
    expect((await match({ email: 'stranger@gmail.com' })).body).toEqual({ entry: null });
    expect((await match({ business: 'Harbor Books', email: 'stranger@gmail.com' })).body.entry?.id).toBe(harbor.id);
  });

  it('names no secret and is for staff only', async () => {
    expect((await match({ business: 'Acme Dental' })).text).not.toContain('Acme-Wifi-Secret-1');
    const user = await t.loginAs('user');
    expect((await t.request('GET', '/api/vault-match?business=Acme%20Dental', { token: user.token })).status).toBe(403);
  });
});

describe('GET /api/vault/:id/open-tickets', () => {
  it("lists the client's open tickets (name or domain), newest first, without resolved or closed ones", async () => {
    const byName = await t.createTicket({ businessName: 'ACME Dental', customerEmail: 'someone@gmail.com' });
    t.clock.advance(1000);
    const byDomain = await t.createTicket({ businessName: undefined, customerEmail: 'nurse@acme-dental.test' });
    t.clock.advance(1000);
    const done = await t.createTicket({ businessName: 'Acme Dental' });
    const admin = await t.loginAs('admin');
    expect((await t.request('PATCH', `/api/tickets/${done.id}`, { token: admin.token, body: { status: 'resolved', resolution: 'Fixed' } })).status).toBe(200);
    await t.createTicket({ businessName: 'Other Co', customerEmail: 'x@other.test' });

    const res = await openOf(acme.id);
    expect(res.status).toBe(200);
    expect(res.body.map((x) => x.ticketNumber)).toEqual([byDomain.ticketNumber, byName.ticketNumber]);
    expect(res.body[0]).toMatchObject({ id: byDomain.id, status: 'open' });
    expect((await openOf(harbor.id)).body).toEqual([]);
  });

  it('answers 404 for an unknown entry', async () => {
    expect((await openOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
