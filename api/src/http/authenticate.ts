/**
 * Authentication and role checks (DESIGN.md 4). `authenticate` reads a Bearer token or the httpOnly
 * `session` cookie and sets `ctx.state.auth` (null when absent, unknown or expired); it never fails.
 * `requireRole(...roles)` then refuses: no valid session -> 401 unauthenticated, other role -> 403,
 * a session that must first set up a second factor -> 403 `two_factor_enrolment_required` (README
 * "Two-factor authentication"); `requireSession()` admits that session too (logout, me, enrolment).
 *
 * The enrolment gate covers EVERY route, not only those with `requireRole` (issue 55 defect 9: a
 * route with its own check, such as the downloads, served an enrolling session): `authenticate`
 * parks such a session in `ctx.state.enrolling` and leaves `auth` null, so any route sees an
 * anonymous caller; only `requireSession()` takes it back. Any 401 the route then answers becomes
 * 403 `two_factor_enrolment_required`, so the PWA still sends the user to the Security page.
 */
import type { Middleware } from 'koa';
import { MSG, STAFF_ROLES } from '@portal/shared';
import type { Role } from '@portal/shared';
import { ApiError, forbidden, unauthenticated } from './errors';
import type { AppState, AuthInfo } from './state';

/**
 * Resolves a bearer/cookie token to its user and session, null when unknown or expired. Injected by
 * createApp (the auth feature's session store): http/ imports no feature.
 */
export type SessionLookup = (token: string) => Promise<AuthInfo | null>;

/** Name of the session cookie set at login. */
export const SESSION_COOKIE = 'session';

/** The token of a request: `Authorization: Bearer <token>` first, else the session cookie. */
export function requestToken(ctx: { get(h: string): string; cookies: { get(n: string): string | undefined } }): string | null {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match) return match[1]!;
  // No Cookie header: no session cookie (and no Cookies object made to say so).
  if (!ctx.get('Cookie')) return null;
  return ctx.cookies.get(SESSION_COOKIE) ?? null;
}

/** Sets `ctx.state.auth` from the request's token through `lookup` (see module doc). */
export function authenticate(lookup: SessionLookup): Middleware<AppState> {
  const withToken = async (ctx: Parameters<Middleware<AppState>>[0], next: () => Promise<unknown>, token: string) => {
    const auth = await lookup(token);
    if (!auth?.needsEnrolment) {
      ctx.state.auth = auth;
      return next();
    }
    ctx.state.auth = null;
    ctx.state.enrolling = auth;
    try {
      await next();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) throw enrolmentRequired();
      throw err;
    }
  };
  // A request without a usable token (probes, the public pages' API) passes on without an async frame.
  return (ctx, next) => {
    const token = requestToken(ctx);
    if (!token || token.length > 200) {
      ctx.state.auth = null;
      return next();
    }
    return withToken(ctx, next, token);
  };
}

const enrolmentRequired = () => new ApiError(403, 'two_factor_enrolment_required', MSG.twoFactorEnrolmentRequired);

/** Allows only the given roles (SPEC.md 6, DESIGN.md 4). */
export function requireRole(...roles: readonly Role[]): Middleware<AppState> {
  const message = roles.includes('user') ? MSG.loginRequired : roles.includes('technician') ? MSG.staffRequired : MSG.adminRequired;
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw ctx.state.enrolling ? enrolmentRequired() : unauthenticated();
    if (!roles.includes(auth.user.role)) throw forbidden(message);
    if (auth.needsEnrolment) throw enrolmentRequired();
    await next();
  };
}

/** Any logged-in session, including one that must first set up a second factor (logout, me, enrolment routes). */
export function requireSession(): Middleware<AppState> & { admitsEnrolment: true } {
  const mw: Middleware<AppState> = async (ctx, next) => {
    ctx.state.auth ??= ctx.state.enrolling ?? null;
    if (!ctx.state.auth) throw unauthenticated();
    await next();
  };
  // Marked, so the enrolment gate's test lists exactly the routes an enrolling session reaches.
  return Object.assign(mw, { admitsEnrolment: true as const });
}

/** Any logged-in user (own session, change password). */
export const requireLogin = () => requireRole('admin', 'technician', 'user');
/** Technicians and admins (tickets, work history, technicians). */
export const requireStaff = () => requireRole(...STAFF_ROLES);
/** Admins only (users, settings, files). */
export const requireAdmin = () => requireRole('admin');
