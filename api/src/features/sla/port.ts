/**
 * The SLA feature's port (api/README.md "Features and ports"):
 * - `readSlaPolicy(db)`: the policy in force (tickets service: due times on create, on resume from
 *   a pause, and the start-up backfill).
 */
export { readSlaPolicy } from './policy';
