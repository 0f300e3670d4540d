/**
 * The auth feature's port (api/README.md "Features and ports"): what other features may call.
 *
 * Revoking a user's other sessions (password reset) is `db/sessions.ts` `deleteOtherSessions`, below
 * the features, so the users feature needs nothing from auth (auth reads users through the users
 * port; the reverse import was a cycle). Re-exported here for callers written against this port.
 * `requireEnrolment(tx, userIds)` (the same file) puts those users' open sessions into enrolment-only:
 * the two-factor policy calls it from db/sessions.ts directly (auth imports the twofa port).
 */
export { deleteOtherSessions } from '../../db/sessions';
