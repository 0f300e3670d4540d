/**
 * What one group commit of public creates costs in statements (issue 49's CPU budget: on PGlite each
 * statement is a parse, plan and run in the API process, docs/benchmarks.md "Creates and patches
 * before and after domain events"). Counted through drizzle's sessions, so every statement of the
 * create path is seen (the queue's SLA read when not cached, the subscribers' `prepare`s, the tickets statement, the
 * transaction's and the after-commit subscribers'). Fails when a subscriber adds a statement per group
 * or a statement per ticket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PgliteSession } from 'drizzle-orm/pglite';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { ticketCreateSchema } from '@portal/shared';
import { startTestApp, ticketBody, type TestApp } from '../../test/app';
import { createPublicTokenKey } from '../../lib/public-tokens';
import { TicketCreateQueue } from './createQueue';
import { newStatusLink } from './statusLinks';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const postgres = Boolean(process.env.DATABASE_URL);

/** Counts the statements (BEGIN/COMMIT apart) and transactions of every drizzle session, on both drivers, and the SQL of each statement. */
function countStatements() {
  const texts: string[] = [];
  let transactions = 0;
  for (const Session of [PgliteSession, NodePgSession]) {
    const proto = Session.prototype as unknown as { prepareQuery(q: { sql: string }, ...rest: unknown[]): unknown; transaction(...args: unknown[]): Promise<unknown> };
    const prepare = proto.prepareQuery;
    const transaction = proto.transaction;
    vi.spyOn(proto, 'prepareQuery').mockImplementation(function (this: unknown, q: { sql: string }, ...rest: unknown[]) {
      if (!/^\s*(begin|commit|rollback)\b/i.test(q.sql)) texts.push(q.sql.replace(/\s+/g, ' ').trim());
      return prepare.call(this, q, ...rest);
    });
    vi.spyOn(proto, 'transaction').mockImplementation(function (this: unknown, ...args: unknown[]) {
      transactions += 1;
      return transaction.apply(this, args);
    });
  }
  return { texts, transactions: () => transactions };
}

const link = () => newStatusLink({ key: createPublicTokenKey({ secret: randomBytes(32), dataDir: '/nonexistent', fileName: 'x' }), ttlDays: 30 }, t.clock.now());
const submission = (clientName: string) => ({ input: ticketCreateSchema.parse(ticketBody({ clientName })), now: t.clock.now(), statusLink: link() });

/**
 * Statements per group commit of public creates without files (the test app: one admin, no client):
 * the new-ticket recipients with every staff member's alert choices (ONE read shared by the alerts
 * and the inbox's subscribers), the tickets statement (jobs and inbox entries in it), and the
 * duplicate flag after COMMIT; on PostgreSQL the clients match reads in the group's transaction
 * (clients/matchable.ts caches "nothing to match" on PGlite only). The SLA policy comes from the
 * process's cache (sla/policyCache.ts, filled by the warm-up). Before this count was kept (main at
 * c6e05de): 6 on PGlite; 4 before the policy was cached (branch create49).
 */
const PER_GROUP = postgres ? 4 : 3;

describe('statements of a public create', () => {
  it('are a fixed few per group commit, whatever the group size', async () => {
    const queue = new TicketCreateQueue(t.db, t.events);
    await queue.submit(submission('Warm-up')); // per-process caches (clients/matchable.ts, sla/policyCache.ts) filled
    const one = countStatements();
    await queue.submit(submission('Alone'));
    expect(one.texts, one.texts.join('\n')).toHaveLength(PER_GROUP);
    expect(one.transactions()).toBe(postgres ? 1 : 0);
    vi.restoreAllMocks();

    // Six at once: one or two group commits (as the queue frees), each the same few statements.
    const six = countStatements();
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.submit(submission(`Grouped ${i}`))));
    expect(outcomes.every((o) => o.status === 201)).toBe(true);
    const groups = six.texts.filter((q) => q.includes('insert into support_tickets')).length;
    expect([1, 2]).toContain(groups);
    expect(six.texts, six.texts.join('\n')).toHaveLength(groups * PER_GROUP);
  });
});
