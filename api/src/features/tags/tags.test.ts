/**
 * Tags over HTTP against a real database (issue 57 point 3, docs/tags.md): create (unique without
 * case), technicians add existing tags and new ones only with the setting, PATCH tag operations as a
 * set (an offline update with a stale baseVersion merges with a tag added online; a replay changes
 * nothing), history rows, `tags` on single reads, list pages and the delta feed, and admins' rename,
 * merge (links moved exactly once, also for a ticket that had both) and delete.
 * With DATABASE_URL the same file runs on PostgreSQL (docs/testing.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_MSG, type DeltaPage, type Tag, type TagList, type Ticket, type TicketListPage, type TicketPatchResult, type TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
let admin = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and values alike
const call = <T = any>(method: string, path: string, body?: unknown, token = tech, headers?: Record<string, string>) => t.request<T>(method, path, { token, body, headers });
const tagsOf = async (id: string) => (await call<Ticket>('GET', `/api/tickets/${id}`)).body.tags;
const historyOf = async (id: string) =>
  (await call<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`)).body.filter((u) => u.updateType.startsWith('tag_')).map((u) => [u.updateType, u.previousValue ?? u.newValue]);

describe('tags', () => {
  it('admins create tags (unique without case); technicians add existing ones and new ones only with the setting', async () => {
    const vpn = await call<Tag>('POST', '/api/tags', { name: '  VPN ' }, admin);
    expect([vpn.status, vpn.body.name, vpn.body.ticketCount]).toEqual([201, 'VPN', 0]);
    const dup = await call('POST', '/api/tags', { name: 'vpn' }, admin);
    expect([dup.status, dup.body.message]).toEqual([409, TAG_MSG.nameTaken]);
    const techNew = await call('POST', '/api/tags', { name: 'Printer' });
    expect([techNew.status, techNew.body.message]).toEqual([403, TAG_MSG.mayNotCreate]);

    const ticket = await t.createTicket();
    const refused = await call('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['vpn', 'Printer'] });
    expect([refused.status, refused.body.fieldErrors?.tagsAdd]).toEqual([400, [TAG_MSG.mayNotCreate]]);
    expect(await tagsOf(ticket.id)).toEqual([]); // nothing applied

    const added = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['vpn'] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.ticket.tags).toEqual(['VPN']);
    expect(added.body.updates.map((u) => [u.updateType, u.newValue])).toEqual([['tag_add', 'VPN']]);

    const settings = await call<TagList>('PUT', '/api/tags/settings', { techniciansMayCreate: true }, admin);
    expect(settings.body.techniciansMayCreate).toBe(true);
    const created = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['Printer'], status: 'in_progress' });
    expect(created.body.ticket.tags).toEqual(['Printer', 'VPN']);
    const list = await call<TagList>('GET', '/api/tags');
    expect(list.body.tags.map((g) => [g.name, g.ticketCount])).toEqual([['Printer', 1], ['VPN', 1]]);
  });

  it('an update made offline against an old version merges its tags with those added online; a replay changes nothing', async () => {
    const ticket = await t.createTicket();
    await call('POST', '/api/tags', { name: 'Network' }, admin);
    const seen = (await call<Ticket>('GET', `/api/tickets/${ticket.id}`)).body.version;
    // Online: another technician adds Network.
    await call('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['Network'], baseVersion: seen });
    // The phone, offline since `seen`: adds VPN and a note; sent later with its Idempotency-Key, twice.
    const body = { tagsAdd: ['VPN'], comment: 'Checked the tunnel', baseVersion: seen };
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, body, tech, headers);
    expect(first.status, first.text).toBe(200);
    expect(first.body.ticket.tags).toEqual(['Network', 'VPN']);
    const replay = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, body, tech, headers);
    expect(replay.body).toEqual(first.body);
    // The same operation again (a second device) is a no-op for tags: nothing written.
    const again = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['vpn'], baseVersion: seen });
    expect([again.status, again.body.updates]).toEqual([200, []]);
    const removed = await call<TicketPatchResult>('PATCH', `/api/tickets/${ticket.id}`, { tagsRemove: ['NETWORK'], baseVersion: seen });
    expect(removed.body.ticket.tags).toEqual(['VPN']);
    expect(await historyOf(ticket.id)).toEqual(expect.arrayContaining([['tag_add', 'Network'], ['tag_add', 'VPN'], ['tag_remove', 'Network']]));
  });

  it('carries tags on single reads, list pages and the delta feed alike', async () => {
    const ticket = await t.createTicket({ clientName: 'Tag Reader' });
    await call('PATCH', `/api/tickets/${ticket.id}`, { tagsAdd: ['VPN', 'Printer'] });
    const one = await call<Ticket>('GET', `/api/tickets/${ticket.id}`);
    const page = await call<TicketListPage>('GET', '/api/tickets/list?limit=50');
    const feed = await call<DeltaPage<Ticket>>('GET', '/api/tickets?since=0&limit=500');
    expect(one.body.tags).toEqual(['Printer', 'VPN']);
    expect(page.body.items.find((i) => i.id === ticket.id)!.tags).toEqual(['Printer', 'VPN']);
    expect(feed.body.items.find((i) => i.id === ticket.id)!.tags).toEqual(['Printer', 'VPN']);
  });

  it('admins rename, merge (each ticket linked once, history on each) and delete; technicians may not', async () => {
    const a = (await call<Tag>('POST', '/api/tags', { name: 'Wifi' }, admin)).body;
    const b = (await call<Tag>('POST', '/api/tags', { name: 'Wireless' }, admin)).body;
    const onlyA = await t.createTicket();
    const both = await t.createTicket();
    const onlyB = await t.createTicket();
    await call('PATCH', `/api/tickets/${onlyA.id}`, { tagsAdd: ['Wifi'] });
    await call('PATCH', `/api/tickets/${both.id}`, { tagsAdd: ['Wifi', 'Wireless'] });
    await call('PATCH', `/api/tickets/${onlyB.id}`, { tagsAdd: ['Wireless'] });
    expect((await call('PATCH', `/api/tags/${a.id}`, { name: 'WiFi' })).status).toBe(403);

    const renamed = await call<Tag>('PATCH', `/api/tags/${a.id}`, { name: 'WiFi' }, admin);
    expect([renamed.status, renamed.body.name]).toEqual([200, 'WiFi']);
    expect(await tagsOf(onlyA.id)).toEqual(['WiFi']);
    expect((await call('PATCH', `/api/tags/${a.id}`, { name: 'wireless' }, admin)).status).toBe(409);
    const versionBefore = (await call<Ticket>('GET', `/api/tickets/${both.id}`)).body.version;

    const merged = await call<Tag>('PATCH', `/api/tags/${a.id}`, { mergeInto: b.id }, admin);
    expect([merged.status, merged.body.name, merged.body.ticketCount]).toEqual([200, 'Wireless', 3]);
    expect(await tagsOf(onlyA.id)).toEqual(['Wireless']);
    expect(await tagsOf(both.id)).toEqual(['Wireless']);
    expect(await tagsOf(onlyB.id)).toEqual(['Wireless']);
    const links = await t.db.execute(`select ticket_id, count(*)::int as n from ticket_tags where tag_id = '${b.id}' group by ticket_id` as never);
    expect((links as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([1, 1, 1]);
    expect(await historyOf(onlyA.id)).toEqual(expect.arrayContaining([['tag_remove', 'WiFi'], ['tag_add', 'Wireless']]));
    expect((await call<Ticket>('GET', `/api/tickets/${both.id}`)).body.version).toBe(versionBefore + 1);
    expect((await call('GET', `/api/tags`)).body.tags.some((g: Tag) => g.id === a.id)).toBe(false);
    // A replay of the merge (the tag is gone): 404, nothing moves twice.
    expect((await call('PATCH', `/api/tags/${a.id}`, { mergeInto: b.id }, admin)).status).toBe(404);
    expect((await call('PATCH', `/api/tags/${b.id}`, { mergeInto: b.id }, admin)).status).toBe(400);

    expect((await call('DELETE', `/api/tags/${b.id}`, undefined, admin)).status).toBe(204);
    expect(await tagsOf(onlyB.id)).toEqual([]);
    expect(await historyOf(onlyB.id)).toEqual(expect.arrayContaining([['tag_remove', 'Wireless']]));
  });

  it('two merges of one tag at once move its links once', async () => {
    const src = (await call<Tag>('POST', '/api/tags', { name: 'Race source' }, admin)).body;
    const dst = (await call<Tag>('POST', '/api/tags', { name: 'Race target' }, admin)).body;
    const tickets = await Promise.all([t.createTicket(), t.createTicket()]);
    for (const x of tickets) await call('PATCH', `/api/tickets/${x.id}`, { tagsAdd: ['Race source'] });
    const answers = await Promise.all([1, 2].map(() => call('PATCH', `/api/tags/${src.id}`, { mergeInto: dst.id }, admin)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    for (const x of tickets) {
      expect(await tagsOf(x.id)).toEqual(['Race target']);
      expect((await historyOf(x.id)).filter(([type]) => type === 'tag_add').sort()).toEqual([['tag_add', 'Race source'], ['tag_add', 'Race target']]);
    }
  });
});
