/**
 * ticket_day_stats (schema/tickets.ts) against its definition: after inserts of many rows in one
 * statement (the group commit's way, kept by the per-statement trigger of migration 0021), an
 * empty insert, updates and deletes (the per-row trigger of migration 0016), the rollup holds
 * exactly what the same aggregates over support_tickets give (migration 0016's backfill query).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { rowsOf } from './rows';
import { supportTickets, users } from './schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const COUNTED = sql`count(*)::int as total,
  (count(*) filter (where status in ('resolved', 'closed')))::int as done,
  (count(*) filter (where status in ('resolved', 'closed') and resolved_at is not null))::int as timed,
  coalesce(sum(extract(epoch from (resolved_at - created_at))) filter (where status in ('resolved', 'closed') and resolved_at is not null), 0)::float8 as resolution_seconds,
  (count(*) filter (where status = 'open'))::int as open,
  (count(*) filter (where status = 'in_progress'))::int as in_progress,
  (count(*) filter (where status = 'resolved'))::int as resolved,
  (count(*) filter (where status = 'closed'))::int as closed,
  coalesce(sum(extract(epoch from (coalesce(resolved_at, updated_at) - created_at))) filter (where status in ('resolved', 'closed')), 0)::float8 as done_seconds,
  count(first_response_at)::int as responded,
  coalesce(sum(extract(epoch from (first_response_at - created_at))), 0)::float8 as first_response_seconds`;

/** What the rollup should hold, from the tickets themselves. */
const expected = () =>
  rowsOf<Record<string, unknown>>(
    t.db,
    sql`select (created_at at time zone 'UTC')::date::text as day, coalesce(assigned_to::text, '') as assignee, ${COUNTED}
      from support_tickets group by 1, 2 order by 1, 2`,
  );

/** The rollup's non-empty rows (a day and assignee whose tickets all left keeps a row of zeros). */
const rollup = () =>
  rowsOf<Record<string, unknown>>(
    t.db,
    sql`select day::text as day, assignee, total, done, timed, resolution_seconds::float8 as resolution_seconds, open, in_progress,
        resolved, closed, done_seconds::float8 as done_seconds, responded, first_response_seconds::float8 as first_response_seconds
      from ticket_day_stats where total <> 0 order by 1, 2`,
  );

const at = (iso: string) => new Date(iso);

describe('ticket_day_stats', () => {
  it('matches the tickets after multi-row inserts, an empty insert, updates and deletes', async () => {
    const [alice, bob] = await t.db
      .insert(users)
      .values([
        { username: 'alice', password: 'x', role: 'technician' },
        { username: 'bob', password: 'x', role: 'technician' },
      ])
      .returning({ id: users.id });
    const base = { businessName: null, customerEmail: 'c@example.com', customerPhone: '+15555550100', severity: 'medium' as const, contactMethod: 'email' as const, issue: 'Printer jams' };
    const ticket = (n: number, created: string, more: Partial<typeof supportTickets.$inferInsert> = {}) => ({
      ...base,
      ticketNumber: `TKT-${String(n).padStart(6, '0')}`,
      clientName: `Client ${n}`,
      createdAt: at(created),
      updatedAt: at(created),
      ...more,
    });
    // One statement: two days (one row at 23:59 UTC), three assignees ('' too), every status.
    const inserted = await t.db
      .insert(supportTickets)
      .values([
        ticket(1, '2026-03-01T08:00:00Z'),
        ticket(2, '2026-03-01T23:59:00Z', { assignedTo: alice!.id, status: 'in_progress', firstResponseAt: at('2026-03-02T00:30:00Z') }),
        ticket(3, '2026-03-01T09:00:00Z', { assignedTo: alice!.id, status: 'resolved', resolvedAt: at('2026-03-01T13:00:00Z'), firstResponseAt: at('2026-03-01T09:10:00Z') }),
        ticket(4, '2026-03-02T10:00:00Z', { assignedTo: bob!.id, status: 'closed', updatedAt: at('2026-03-02T12:00:00Z') }),
        ticket(5, '2026-03-02T11:00:00Z', { assignedTo: bob!.id, status: 'closed', resolvedAt: at('2026-03-02T11:30:00Z') }),
        ticket(6, '2026-03-02T12:00:00Z'),
      ])
      .returning({ id: supportTickets.id });
    expect(await rollup()).toEqual(await expected());
    expect((await rollup()).map((r) => [r.day, r.total])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-01', 2],
      ['2026-03-02', 1],
      ['2026-03-02', 2],
    ]);

    await t.db.execute(sql`insert into support_tickets select * from support_tickets where false`);
    await t.db.insert(supportTickets).values([ticket(7, '2026-03-01T15:00:00Z', { assignedTo: bob!.id })]);
    expect(await rollup()).toEqual(await expected());

    const [t1, , t3, t4] = inserted.map((r) => r.id);
    await t.db.execute(sql`update support_tickets set status = 'resolved', resolved_at = '2026-03-03T08:00:00Z', assigned_to = ${bob!.id} where id = ${t1}`);
    await t.db.execute(sql`update support_tickets set status = 'open', resolved_at = null where id = ${t3}`);
    await t.db.execute(sql`update support_tickets set issue = 'Only the text' where id = ${t4}`);
    await t.db.execute(sql`delete from support_tickets where id = ${inserted[5]!.id}`);
    expect(await rollup()).toEqual(await expected());
    expect((await rollup()).reduce((n, r) => n + Number(r.total), 0)).toBe(6);
  });
});
