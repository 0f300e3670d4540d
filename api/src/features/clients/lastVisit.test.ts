/**
 * A client's last visit (docs/clients.md "Last visit"): a close-out on one of its tickets sets the
 * client's `lastVisitAt` (the list's 'Last visit') to the visit's end, only forward (an earlier
 * visit landing later does not move it back), from the server's receive time when the phone's clock
 * is flagged; the client moves forward in the phones' delta feed; a ticket without a client changes
 * no client. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type Client, type ClientDeltaPage, type ClientSummary, type Visit } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
});
afterAll(() => t.close());

const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000).toISOString();
async function ticketOf(clientId: string | null): Promise<string> {
  const ticket = await t.createTicket({ customerEmail: `${randomUUID().slice(0, 8)}@gmail.com` });
  await t.db.execute(`update support_tickets set created_at = now() - interval '1 day' where id = '${ticket.id}'` as never);
  if (clientId) expect((await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: tech, body: { clientId } })).status).toBe(200);
  return ticket.id;
}
async function closeOut(ticketId: string, arrived: string, departed: string): Promise<Visit> {
  const body = { arrivedAt: arrived, departedAt: departed, workDone: 'Swapped the switch.', parts: [], minutes: 30, billable: true };
  const res = await t.request<Visit>('POST', `/api/tickets/${ticketId}/visits`, { token: tech, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const summary = async (name: string) =>
  (await t.request<{ items: ClientSummary[] }>('GET', `/api/clients?q=${encodeURIComponent(name)}`, { token: tech })).body.items.find((c) => c.name === name)!;

describe('a client\'s last visit', () => {
  it('is the end of its newest close-out, never moved back, and reaches the phones\' delta feed', async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Harbour Vets' } })).body;
    expect((await summary('Harbour Vets')).lastVisitAt).toBeNull();
    const cursor = (await t.request<ClientDeltaPage>('GET', '/api/clients?since=0&limit=200', { token: tech })).body.cursor;

    const first = await ticketOf(client.id);
    const departed = minutesAgo(10);
    await closeOut(first, minutesAgo(70), departed);
    expect((await summary('Harbour Vets')).lastVisitAt).toBe(departed);
    const delta = (await t.request<ClientDeltaPage>('GET', `/api/clients?since=${cursor}&limit=200`, { token: tech })).body;
    expect(delta.items.find((c) => c.id === client.id)?.lastVisitAt).toBe(departed);

    // A visit that ended earlier, landing later (a phone that was offline), does not move it back.
    await closeOut(await ticketOf(client.id), minutesAgo(300), minutesAgo(240));
    expect((await summary('Harbour Vets')).lastVisitAt).toBe(departed);

    // A phone clock in the future is flagged: the server's receive time counts.
    const ahead = await closeOut(first, new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(), new Date(t.clock.now().getTime() + 120 * 60_000).toISOString());
    expect(ahead.clockSuspect).toBe(true);
    expect((await summary('Harbour Vets')).lastVisitAt).toBe(ahead.receivedAt);
  });

  it('a visit on a ticket without a client changes no client', async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Quiet Bakery' } })).body;
    await ticketOf(client.id);
    await closeOut(await ticketOf(null), minutesAgo(60), minutesAgo(5));
    expect((await summary('Quiet Bakery')).lastVisitAt).toBeNull();
  });
});
