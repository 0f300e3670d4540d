/**
 * The users feature's port (api/README.md "Features and ports"): what other features may use of
 * the users table. The auth feature signs users in and changes their own password with these.
 * Each function takes the db or the caller's transaction first.
 */
export { findUserById, findUserByUsername, listAdminEmails, updateUser, type UserRow } from './repository';
export { presentUser } from './presenter';
/** Sign-in records its time for User Management's 'Last sign-in'. */
export { recordSignIn } from './statusRepository';
/** Security-relevant admin actions: the step-up they need and the e-mail to every admin (security.ts). */
export { alertAdmins, requireAdminStepUp } from './security';
