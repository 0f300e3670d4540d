/**
 * The access-denied texts (SPEC.md 6), also in MSG (messages.ts). A module of their own: the PWA's
 * route guards import only these, so the entry every page loads does not carry every message
 * (the public-route JavaScript budget).
 */
export const ACCESS_MSG = {
  loginRequired: 'You must be logged in to access this page.',
  adminRequired: 'Admin privileges required',
  staffRequired: 'Admin or technician privileges required',
  downloadsDenied: 'Admin or technician privileges required to access downloads',
} as const;
