/**
 * The login page's failure texts (SPEC.md 8), also in MSG (messages.ts). A module of their own, so
 * /login loads these instead of every message (the public-route JavaScript budget).
 */
export const LOGIN_MSG = {
  invalidCredentials: 'Invalid username or password',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;
