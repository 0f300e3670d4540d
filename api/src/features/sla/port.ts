/**
 * The SLA feature's port (api/README.md "Features and ports"):
 * - `readSlaPolicy(db)`: the policy in force (tickets service: due times on create, on resume from
 *   a pause, and the start-up backfill).
 * - `sweepSlaAlerts(db, now)`: claims and enqueues the due SLA alerts once (main.ts, every minute in
 *   every process).
 */
export { readSlaPolicy } from './policy';

/**
 * `readSlaPolicyCached(db)`: the same, cached per process for a database connected with
 * `slaPolicyCacheListener(db)` (main.ts, test/app.ts: the change events' listener), read on any other
 * (tickets create queue: once per group commit; policyCache.ts).
 */
export { readSlaPolicyCached, slaPolicyCacheListener } from './policyCache';
export { sweepSlaAlerts } from './alerts';

/**
 * `recordTimeEntry(tx, ticketId, user, input, now)`: one time entry in the caller's transaction,
 * presented (tickets feature: the time entry of a macro's update, docs/replies-and-macros.md).
 */
export { recordTimeEntry } from './timeEntryPort';

/** `minutesOfTickets(db, ticketIds)`: minutes worked per ticket (assets feature: an asset's tickets and their time). */
export { minutesOfTickets } from './timeEntriesRepository';

/** `moveTimeEntries(tx, fromTicketId, toTicketId)`: a merged ticket's time entries move to its target (tickets feature, docs/merge.md). */
export { moveTimeEntries } from './timeEntriesRepository';
