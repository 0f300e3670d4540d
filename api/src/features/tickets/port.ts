/**
 * The tickets feature's port (api/README.md "Features and ports"): the only functions other
 * features may import from here. Each runs inside the caller's transaction.
 *
 * - `unassignTicketsOf(tx, userId, username, actorId, now)`: before a user is deleted, unassigns
 *   their tickets with one assignment history row each (users feature, DELETE /api/users/:id).
 */
export { unassignTicketsOf } from './service';
