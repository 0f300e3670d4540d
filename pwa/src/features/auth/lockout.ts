/**
 * The login form's text for a locked sign-in (429 after too many failed passwords; the API's
 * `Retry-After` says how long, DESIGN.md 7): 'Too many failed sign-ins. Try again in 15 minutes.'
 * Whole minutes, rounded up, never below one ('Try again in 1 minute.'). Without a usable
 * Retry-After the server's own SPEC.md 8 message is kept (`fallback`).
 * @param retryAfterMs the answer's Retry-After in ms from now, or null.
 */
export function lockoutMessage(retryAfterMs: number | null, fallback: string): string {
  if (retryAfterMs === null || !Number.isFinite(retryAfterMs) || retryAfterMs < 0) return fallback;
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
