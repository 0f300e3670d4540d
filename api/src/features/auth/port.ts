/**
 * The auth feature's port (api/README.md "Features and ports"): session functions other features
 * may call inside their transaction.
 *
 * - `deleteOtherSessions(tx, userId, keepSessionId)`: revokes a user's sessions (all of them with
 *   `null`), and with them their push subscriptions (ON DELETE CASCADE). Used when an admin resets
 *   a user's password (users feature) or second factors (twofa feature).
 * - `markSecondFactor(tx, sessionId, method, now)` / `readSecondFactor(db, sessionId)`: the
 *   session's last proven second factor (twofa feature: enrolment, step-up, README "Two-factor
 *   authentication"); marking also ends the session's enrolment-only state.
 */
export { deleteOtherSessions, markSecondFactor, readSecondFactor } from './sessions';
