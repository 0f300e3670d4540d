/**
 * The SLA feature's port (api/README.md "Features and ports"):
 * - `readSlaPolicy(db)`: the policy in force (tickets service: due times on create, on resume from
 *   a pause, and the start-up backfill).
 * - `sweepSlaAlerts(db, now)`: claims and enqueues the due SLA alerts once (main.ts, every minute in
 *   every process).
 */
export { readSlaPolicy } from './policy';
export { sweepSlaAlerts } from './alerts';
