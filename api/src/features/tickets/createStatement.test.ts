/**
 * The create statement (repository `insertNewTickets`) is a named statement: a connection keeps it
 * prepared across schema changes, so its answer must not depend on support_tickets' columns (a
 * migration adding one, run by a newer process in a rolling deploy, would otherwise make PostgreSQL
 * refuse it on every connection that prepared it: "cached plan must not change result type").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ticketCreateSchema } from '@portal/shared';
import type { Database } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { ticketBody } from '../../test/app';
import { insertNewTickets, type NewTicket } from './repository';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const at = new Date('2026-03-02T10:00:00.000Z');
const newTicket = (clientName: string): NewTicket => ({
  id: randomUUID(),
  input: ticketCreateSchema.parse(ticketBody({ clientName })),
  now: at,
  due: { firstResponseDueAt: at, resolutionDueAt: at, firstResponseWarnAt: at, resolutionWarnAt: at },
});

describe('insertNewTickets', () => {
  it('answers each ticket with its id, number and creation time, in order', async () => {
    const tickets = [newTicket('First'), newTicket('Second')];
    const rows = await insertNewTickets(t.db, tickets);
    expect(rows.map((r) => r.id)).toEqual(tickets.map((x) => x.id));
    const [a, b] = rows.map((r) => Number(r.ticketNumber.slice(4)));
    expect(b).toBe(a! + 1);
    expect(rows.every((r) => r.ticketNumber.startsWith('TKT-') && r.createdAt.getTime() === at.getTime())).toBe(true);
  });

  it('still runs on a connection that prepared it after a column is added to support_tickets', async () => {
    await t.db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      await insertNewTickets(tx, [newTicket('Before')]);
      await tx.execute(sql`alter table support_tickets add column added_later text`);
      const [row] = await insertNewTickets(tx, [newTicket('After')]);
      expect(row!.ticketNumber).toMatch(/^TKT-\d{6}$/);
      await tx.execute(sql`alter table support_tickets drop column added_later`);
    });
  });
});
