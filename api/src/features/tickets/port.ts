/**
 * The tickets feature's port (api/README.md "Features and ports"): the only functions other
 * features may import from here. Each runs inside the caller's transaction.
 *
 * - `unassignTicketsOf(tx, userId, username, actorId, now)`: before a user is deleted, unassigns
 *   their tickets with one assignment history row each (users feature, DELETE /api/users/:id).
 * - `presentTicketUpdate(row)`: work-history row with `updatedByName` -> `TicketUpdateEntry`
 *   (scheduler feature, technician detail), so the entity keeps one presenter.
 */
export { unassignTicketsOf } from './service';
/** The work-history presenter (row + author's username -> `TicketUpdateEntry`): the scheduler's technician detail. */
export { presentTicketUpdate } from './presenter';
