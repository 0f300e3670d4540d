import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, PublicUser } from '@portal/shared';
import { apiGet, apiRequest, isApiError } from './api';
import { clearQueries } from './queries';
import { TOKEN_KEY, USER_KEY, clearSession, loadSession, saveSession } from './session';

/**
 * Authentication state for the whole app (SPEC.md 4 "Session").
 *
 * On start the stored session (lib/session) decides who is logged in; when there is one, the token
 * is checked once with GET /api/auth/me: 401 clears the session, a fresh user record replaces the
 * stored one, and a network failure or timeout keeps the session (technicians work offline).
 * `status` is 'loading' only during that check. Changes made in another tab (storage event) are
 * picked up. Must be rendered inside the router (logout navigates to /).
 */

export type AuthStatus = 'loading' | 'ready';

export interface AuthState {
  status: AuthStatus;
  user: PublicUser | null;
  /**
   * The session may only set up a second factor (README "Two-factor authentication"): the policy
   * requires one and the user has none. From the login answer and GET /api/auth/me.
   */
  twoFactorEnrolmentRequired: boolean;
  /** The user set up a second factor: the whole app opens. */
  enrolled(): void;
  /** The server answered with the signed-in user changed (PATCH /api/auth/me): kept for this session. */
  userChanged(user: PublicUser): void;
  /** Stores the login response as the session (the login page then reloads, SPEC.md 4). */
  signIn(response: LoginResponse): void;
  /**
   * Goes to /, removes this device's push subscription (browser + DELETE, at most a few seconds,
   * failures ignored), POSTs /api/auth/logout (failures ignored), then clears the session
   * and the query cache.
   */
  signOut(): Promise<void>;
}

/** How long the start-up token check may take before the stored session is trusted as is. */
export const SESSION_CHECK_TIMEOUT_MS = 5000;

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [initial] = useState(loadSession);
  const [user, setUser] = useState<PublicUser | null>(initial?.user ?? null);
  const [status, setStatus] = useState<AuthStatus>(initial ? 'loading' : 'ready');
  const [twoFactorEnrolmentRequired, setEnrolmentRequired] = useState(false);

  useEffect(() => {
    const session = initial; // read once at start; never changes
    if (!session) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SESSION_CHECK_TIMEOUT_MS);
    let active = true;
    apiGet<{ user: PublicUser; twoFactorEnrolmentRequired?: boolean }>('/api/auth/me', { signal: controller.signal })
      .then(({ user: fresh, twoFactorEnrolmentRequired: mustEnrol }) => {
        if (!active || !fresh) return;
        saveSession({ user: fresh, token: session.token });
        setUser(fresh);
        setEnrolmentRequired(mustEnrol === true);
      })
      .catch((e: unknown) => {
        if (active && isApiError(e, 401)) {
          clearSession();
          setUser(null);
        }
      })
      .finally(() => {
        clearTimeout(timer);
        if (active) setStatus('ready');
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [initial]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === USER_KEY || e.key === TOKEN_KEY) setUser(loadSession()?.user ?? null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((response: LoginResponse) => {
    saveSession({ user: response.user, token: response.token });
    setUser(response.user);
    setEnrolmentRequired(response.twoFactorEnrolmentRequired === true);
    setStatus('ready');
  }, []);
  const enrolled = useCallback(() => setEnrolmentRequired(false), []);
  const userChanged = useCallback((fresh: PublicUser) => {
    const session = loadSession();
    if (session) saveSession({ user: fresh, token: session.token });
    setUser(fresh);
  }, []);

  const signOut = useCallback(async () => {
    // Leave a guarded page first, so its guard never sees "logged out" and shows 'Access Denied'.
    navigate('/');
    // while the token is still valid; never throws, bounded wait (loaded here: visitors never need it)
    await import('./push').then((m) => m.unsubscribeFromPush()).catch(() => undefined);
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      // SPEC.md 4: logout always succeeds locally
    }
    // Half-typed staff forms stay with their author (docs/offline.md "Drafts"); the next person starts clean.
    await import('./drafts/store').then((m) => m.clearStaffDrafts()).catch(() => undefined);
    clearSession();
    clearQueries();
    setUser(null);
    setEnrolmentRequired(false);
  }, [navigate]);

  const value = useMemo(
    () => ({ status, user, signIn, signOut, twoFactorEnrolmentRequired, enrolled, userChanged }),
    [status, user, signIn, signOut, twoFactorEnrolmentRequired, enrolled, userChanged],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; throws outside {@link AuthProvider}. */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
