/**
 * Cross-site request check for cookie sessions (issue 55 defect 12; DESIGN.md 7): a state-changing
 * request (POST, PUT, PATCH, DELETE) to /api that carries the `session` cookie and no
 * `Authorization` header must come from the app's own origin. SameSite=Lax alone let a foreign page
 * POST a bodyless form (disable a user, reset 2FA) with the cookie from some browsers and after a
 * top-level navigation; this refuses it whatever the content type.
 *
 * Own origin: the `Origin` header equals `PUBLIC_URL`'s origin, or names the host the request was
 * sent to (`Host`, so a proxy that terminates TLS still matches). Without `Origin` (old browsers,
 * non-browser clients) `Sec-Fetch-Site` decides: `cross-site` / `same-site` are refused; absent, the
 * request passes (no browser sends a cookie cross-site without one of the two headers).
 * Refusal: 403 `cross_origin` "This request came from another site and was refused."; nothing runs.
 */
import type { Middleware } from 'koa';
import { ApiError } from './errors';
import { SESSION_COOKIE } from './authenticate';
import type { AppState } from './state';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusal's text. */
export const CROSS_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/** true when `origin` (an Origin header) is the app's own: PUBLIC_URL's origin or the request's host. */
function sameOrigin(origin: string, publicOrigin: string, host: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The middleware (see the module doc); `publicUrl` is PUBLIC_URL. Mount before the body parser and the uploads. */
export function refuseCrossSiteWrites(publicUrl: string): Middleware<AppState> {
  const publicOrigin = new URL(publicUrl).origin;
  // Not async: a request it passes on (every read) costs no promise of its own; a refusal still
  // reaches the error handler as a rejected promise, through koa-compose.
  return (ctx, next) => {
    if (!WRITES.has(ctx.method) || !ctx.path.startsWith('/api/') || ctx.get('Authorization') || !ctx.cookies.get(SESSION_COOKIE)) return next();
    const origin = ctx.get('Origin');
    const site = ctx.get('Sec-Fetch-Site');
    const ok = origin && origin !== 'null' ? sameOrigin(origin, publicOrigin, ctx.host) : origin !== 'null' && site !== 'cross-site' && site !== 'same-site';
    if (!ok) throw new ApiError(403, 'cross_origin', CROSS_ORIGIN_MESSAGE);
    return next();
  };
}
