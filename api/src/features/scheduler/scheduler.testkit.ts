/**
 * The scheduler tests' hand-computed fixture, seeded into a test app. Tickets are created and
 * updated through the real API with the test clock set to each moment, so the work history has
 * its real shape; surveys are inserted directly (the survey flow is another feature).
 *
 * Main fixture, zone America/New_York (EDT, UTC-4), now = Wed 2025-06-18 12:00 EDT (16:00Z).
 * This week = Mon Jun 16 00:00 EDT (04:00Z) .. Mon Jun 23 04:00Z.
 *
 * alice (technician), week tickets:
 *   A1 created Jun16 14:00Z, assigned 14:30 (first response 30 min), in_progress 15:00, resolved 20:00
 *      (resolution 6 h), comment Jun17 12:00 (updated_at moves: created->updated would say 22 h)
 *   A2 created Jun17 13:00Z, assigned 14:00 (60 min), closed 17:00 (4 h)
 *   A3 created Jun18 12:00Z, assigned 12:10 (10 min), stays open
 *   A4 created Jun18 13:00Z, assigned + in_progress 14:00 (60 min)
 *   A5 created Jun16 12:00Z, assigned 12:30 (30 min), resolved 13:00, reopened 14:00, resolved 18:00 (6 h)
 *   plus one open ticket from May (outside the week) -> active 3 (A3, A4, May) = light
 *   total 5, open 1, in_progress 1, resolved 2, closed 1; done 3 -> rate 60 %;
 *   resolution (6 + 4 + 6) / 3 = 5.33 -> 5.3 h; first response (30+60+10+60+30)/5 = 38 min;
 *   surveys in the week: A1 5, A2 4, A5 4 (survey without technician id: the ticket's assignee)
 *   -> 4.333 x 20 = 86.67 -> 87 %, 3 surveys; a May survey (rating 1) is outside the week.
 * bob: B1-B4 created Jun18 13:00-13:30Z, assigned 15 min later, open -> active 4 = moderate, N/A.
 * carol: 8 open tickets from May -> active 8 = moderate, 0 tickets in the week.
 * dave: 9 open tickets from May -> active 9 = heavy.
 * erin: no tickets at all. zed (admin): Z1 created Jun18 14:30Z, assigned, open -> has a card; the
 * requesting admin has no tickets -> no card.
 * Unassigned: U1 created Jun18 15:00Z open; U2 created Jun17 03:30Z (= Jun16 23:30 EDT), closed
 * by the admin Jun17 13:00Z.
 * Week summary: 12 tickets; open 7 (A3, B1-4, U1, Z1), in_progress 1, resolved 2, closed 2; assigned 10.
 * Daily (EDT days): Jun16 created 3 (A1, A5, U2) resolved 2 (A1, A5 once); Jun17 created 1 (A2)
 * resolved 2 (A2, U2); Jun18 created 8, resolved 0.
 */
import type { TicketCreateInput } from '@portal/shared';
import { satisfactionSurveys } from '../../db/schema';
import type { TestApp } from '../../test/app';

export const NY = 'America/New_York';
/** The fixture's "now": Wed 2025-06-18 12:00 EDT. */
export const NOW = '2025-06-18T16:00:00.000Z';
export const LONG_ISSUE = 'The VPN client disconnects every few minutes. '.repeat(4).trim();

/** What the tests need of the seeded fixture: the requesting admin's token, users by name, ticket ids by name. */
export interface SchedulerFixture {
  admin: string;
  user: Record<string, { id: string; token: string }>;
  tk: Record<string, string>;
}

/**
 * Seeds the fixture described above through the real API of `t` (users, tickets and their work
 * history at each moment of the test clock; surveys inserted directly), then sets the clock to NOW.
 */
export async function seedSchedulerFixture(t: TestApp): Promise<SchedulerFixture> {
  const user: SchedulerFixture['user'] = {};
  const tk: SchedulerFixture['tk'] = {};

  const at = (iso: string) => {
    t.clock.current = new Date(iso);
  };

  async function ticket(name: string, iso: string, overrides: Partial<TicketCreateInput> = {}): Promise<string> {
    at(iso);
    const id = (await t.createTicket({ clientName: `Client ${name}`, ...overrides })).id;
    tk[name] = id;
    return id;
  }

  async function patch(id: string, iso: string, token: string, body: Record<string, unknown>): Promise<void> {
    at(iso);
    const res = await t.request('PATCH', `/api/tickets/${id}`, { token, body });
    if (res.status !== 200) throw new Error(`PATCH ${id}: ${res.status} ${res.text}`);
  }

  async function survey(ticketName: string, iso: string, technicianRating: number, technicianId: string | null): Promise<void> {
    await t.db.insert(satisfactionSurveys).values({
      ticketId: tk[ticketName]!,
      ticketNumber: `N-${ticketName}`,
      customerName: `Customer ${ticketName}`,
      assignedTechnicianId: technicianId,
      overallRating: 5,
      technicianRating,
      responseTimeRating: 3,
      resolutionRating: 4,
      comments: `comment ${ticketName}`,
      createdAt: new Date(iso),
    });
  }

  at('2025-05-01T00:00:00Z');
  const admin = (await t.loginAs('admin', { username: 'root-admin' })).token;
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    const u = await t.loginAs('technician', { username: name });
    user[name] = { id: u.id, token: u.token };
  }
  const zed = await t.loginAs('admin', { username: 'zed' });
  user.zed = { id: zed.id, token: zed.token };
  await t.loginAs('user', { username: 'plain-user' }).then((u) => (user.plain = { id: u.id, token: u.token }));
  const alice = user.alice!;

  // May: workload tickets outside the week.
  const mayAlice = await ticket('M-alice', '2025-05-20T12:00:00Z');
  await patch(mayAlice, '2025-05-20T12:05:00Z', alice.token, { assignedTo: alice.id });
  for (const [name, n] of [['carol', 8], ['dave', 9]] as const) {
    for (let i = 0; i < n; i++) {
      const id = await ticket(`M-${name}-${i}`, `2025-05-21T1${i}:00:00Z`);
      await patch(id, `2025-05-21T1${i}:30:00Z`, admin, { assignedTo: user[name]!.id });
    }
  }

  // alice's week.
  const a1 = await ticket('A1', '2025-06-16T14:00:00Z');
  await patch(a1, '2025-06-16T14:30:00Z', alice.token, { assignedTo: alice.id });
  await patch(a1, '2025-06-16T15:00:00Z', alice.token, { status: 'in_progress' });
  await patch(a1, '2025-06-16T20:00:00Z', alice.token, { status: 'resolved', resolution: 'Replaced the cable' });
  await patch(a1, '2025-06-17T12:00:00Z', alice.token, { comment: 'Customer confirmed' });
  const a2 = await ticket('A2', '2025-06-17T13:00:00Z');
  await patch(a2, '2025-06-17T14:00:00Z', admin, { assignedTo: alice.id });
  await patch(a2, '2025-06-17T17:00:00Z', alice.token, { status: 'closed' });
  const a3 = await ticket('A3', '2025-06-18T12:00:00Z', { issue: LONG_ISSUE, severity: 'urgent' });
  await patch(a3, '2025-06-18T12:10:00Z', alice.token, { assignedTo: alice.id });
  const a4 = await ticket('A4', '2025-06-18T13:00:00Z');
  await patch(a4, '2025-06-18T14:00:00Z', alice.token, { assignedTo: alice.id, status: 'in_progress' });
  const a5 = await ticket('A5', '2025-06-16T12:00:00Z');
  await patch(a5, '2025-06-16T12:30:00Z', alice.token, { assignedTo: alice.id });
  await patch(a5, '2025-06-16T13:00:00Z', alice.token, { status: 'resolved' });
  await patch(a5, '2025-06-16T14:00:00Z', alice.token, { status: 'in_progress' });
  await patch(a5, '2025-06-16T18:00:00Z', alice.token, { status: 'resolved' });

  for (let i = 0; i < 4; i++) {
    const id = await ticket(`B${i + 1}`, `2025-06-18T13:${i}0:00Z`);
    await patch(id, `2025-06-18T13:${i + 1}5:00Z`, user.bob!.token, { assignedTo: user.bob!.id });
  }
  const z1 = await ticket('Z1', '2025-06-18T14:30:00Z');
  await patch(z1, '2025-06-18T14:35:00Z', admin, { assignedTo: user.zed!.id });
  await ticket('U1', '2025-06-18T15:00:00Z');
  const u2 = await ticket('U2', '2025-06-17T03:30:00Z');
  await patch(u2, '2025-06-17T13:00:00Z', admin, { status: 'closed' });

  await survey('A1', '2025-06-17T15:00:00Z', 5, alice.id);
  await survey('A2', '2025-06-18T09:00:00Z', 4, alice.id);
  await survey('A5', '2025-06-18T10:00:00Z', 4, null);
  await survey('M-alice', '2025-05-25T10:00:00Z', 1, alice.id);
  at(NOW);
  return { admin, user, tk };
}
