/**
 * The auth feature's port (api/README.md "Features and ports"): session functions other features
 * may call inside their transaction.
 *
 * - `deleteOtherSessions(tx, userId, keepSessionId)`: revokes a user's sessions (all of them with
 *   `null`), and with them their push subscriptions (ON DELETE CASCADE). Used when an admin resets
 *   a user's password (users feature).
 */
export { deleteOtherSessions } from './sessions';
