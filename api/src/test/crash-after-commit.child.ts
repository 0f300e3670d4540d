/**
 * Child process of api/src/events/crash-after-commit.test.ts: on the PostgreSQL database
 * CRASH_DATABASE_URL, creates one ticket through the real create path (tickets port `createTickets`,
 * every registered subscriber plus an after-commit probe writing `crash_probe`), COMMITs, prints
 * `committed <ticket id>` and kills itself with SIGKILL before the bus's after-commit part runs: a
 * process dying between COMMIT and `events.afterCommit(tx)`.
 */
import { sql } from 'drizzle-orm';
import { ticketCreateSchema } from '@portal/shared';
import { IN_MEMORY, openDatabase, type Database } from '../db/client';
import { defineSubscriber } from '../events';
import { createTickets } from '../features/tickets/port';
import { ticketBody } from './app';
import { testEvents } from './events';

const handle = await openDatabase({ databaseUrl: process.env.CRASH_DATABASE_URL, dataDir: IN_MEMORY });
const probe = defineSubscriber({
  name: 'test.after_commit_probe',
  events: ['ticket.created'],
  phase: 'afterCommit',
  async handle(events, { tx }) {
    for (const e of events) await tx.execute(sql`insert into crash_probe (ticket_id) values (${e.data.ticket.id})`);
  },
});
const bus = testEvents(handle.db, [probe]);
const input = ticketCreateSchema.parse(ticketBody({ clientName: 'Crash Customer', severity: 'urgent' }));
const [created] = await handle.db.transaction(async (raw) => createTickets(raw as unknown as Database, bus, [{ input, now: new Date() }]));
process.stdout.write(`committed ${created!.id}\n`, () => process.kill(process.pid, 'SIGKILL'));
