import type { PublicUser } from '@portal/shared';

/**
 * The browser session (SPEC.md 3 "Session", SPEC.md 4): the signed-in user record and the bearer
 * token, kept in localStorage under {@link USER_KEY} and {@link TOKEN_KEY}.
 *
 * Rules: the user is logged in when both are stored; a stored user that cannot be parsed clears
 * both. Storage failures (private mode, quota) are treated as "no session", never thrown.
 */

export const USER_KEY = 'user';
export const TOKEN_KEY = 'token';

/** What is stored: the user (at least a username) and the token. */
export interface StoredSession {
  user: PublicUser;
  token: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored token, or null. Read on every request, so a logout takes effect at once. */
export function readToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Loads the session (SPEC.md 4): both entries present and the user parses to an object with a
 * string `username` -> the session; user unreadable -> both entries removed, null; either missing -> null.
 */
export function loadSession(): StoredSession | null {
  const s = storage();
  if (!s) return null;
  let rawUser: string | null;
  let token: string | null;
  try {
    rawUser = s.getItem(USER_KEY);
    token = s.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
  if (rawUser === null || token === null) return null;
  try {
    const user = JSON.parse(rawUser) as unknown;
    if (user && typeof user === 'object' && typeof (user as PublicUser).username === 'string') {
      return { user: user as PublicUser, token };
    }
  } catch {
    // fall through: unreadable user
  }
  clearSession();
  return null;
}

/** Stores user and token (after login). */
export function saveSession(session: StoredSession): void {
  try {
    storage()?.setItem(USER_KEY, JSON.stringify(session.user));
    storage()?.setItem(TOKEN_KEY, session.token);
  } catch {
    // storage unavailable: the session lives only until reload
  }
}

/** Removes both entries (logout, unreadable user, token rejected by the server). */
export function clearSession(): void {
  try {
    storage()?.removeItem(USER_KEY);
    storage()?.removeItem(TOKEN_KEY);
  } catch {
    // nothing to clear
  }
}
