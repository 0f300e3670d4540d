/**
 * Request id, security headers and API cache policy (DESIGN.md 4 and 7).
 * CSP allows no inline script; inline styles are allowed because Ionic sets them. HSTS only when the
 * public URL is https (behind TLS).
 */
import { randomUUID } from 'node:crypto';
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import type { AppState } from './state';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Sets `ctx.state.requestId` (a sane incoming X-Request-Id, else a uuid), echoes it back, and logs
 * each request at debug level (`LOG_LEVEL=debug`): method, path, status, duration in ms. Every 5xx
 * answer leaves a line: the error handler logs the failures it turns into 500 (`ctx.state.errorLogged`),
 * this logs the other 5xx answers (a 503 of a route or of the unbuilt PWA) at warn level.
 */
export function requestId(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.auth = null;
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (ctx.status >= 500 && !ctx.state.errorLogged) {
        logger.warn('server error answer', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status });
      }
      logger.debug('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}

/** The portal's helmet options (CSP, HSTS when `https`, Referrer-Policy); see the module doc. */
export function helmetOptions(https: boolean): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the previews of photos picked on this device (URL.createObjectURL) before they are sent.
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** What helmet does to every response: the headers it sets (name, value) and the ones it removes. */
export interface HelmetHeaders {
  set: readonly (readonly [string, string])[];
  removed: readonly string[];
}

/**
 * The headers koa-helmet sets and removes with the portal's options, recorded once by running its
 * middleware against a stand-in response. Helmet's values depend on its options only (no nonces:
 * every directive above is a constant) and it sets them synchronously, before it calls next.
 * Throws when nothing was recorded (a helmet that no longer sets its headers at once).
 */
export function helmetHeaders(https: boolean): HelmetHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  const run = helmet(helmetOptions(https)) as unknown as (ctx: unknown, next: () => Promise<void>) => Promise<void>;
  void run({ req: { headers: {} }, res }, () => Promise.resolve()).catch(() => {});
  if (!set.some(([name]) => name.toLowerCase() === 'content-security-policy')) throw new Error('helmet set no headers synchronously: securityHeaders cannot record them');
  return { set, removed };
}

/**
 * koa-helmet's headers with the portal's CSP; `https` turns HSTS on. The headers are the ones
 * {@link helmetHeaders} recorded from helmet at start, set on each response directly: the same
 * headers and values, without helmet's twelve chained middlewares and promise per request.
 */
export function securityHeaders(https: boolean): Middleware {
  const { set, removed } = helmetHeaders(https);
  return (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    return next();
  };
}

/** `Cache-Control: no-store` on every /api response (personal data must not be cached). */
export function noStoreApi(): Middleware {
  return (ctx, next) => {
    const path = ctx.path;
    if (path === '/api' || path.startsWith('/api/')) ctx.res.setHeader('Cache-Control', 'no-store');
    return next();
  };
}

/**
 * Marks cookies Secure; mount it only when the public URL is https (app.ts), also when TLS ends at a
 * proxy and TRUST_PROXY/X-Forwarded-Proto are not set: the browser only ever talks https to the
 * portal, so the session cookie must never travel over plain http. Cookie writers pass
 * `secure: ctx.cookies.secure`.
 */
export function secureCookies(): Middleware {
  return (ctx, next) => {
    ctx.cookies.secure = true;
    return next();
  };
}

/**
 * Headers of pages and API answers reached by a public token (DESIGN.md 7 "Public tokens"): the
 * token must not leak through the Referer header, be cached, or be indexed. Sets
 * `Referrer-Policy: no-referrer`, `Cache-Control: no-store` and `X-Robots-Tag: noindex` on every
 * response whose path `matches`, errors included (set before and again after the handlers, which
 * may set their own cache policy).
 */
export function tokenPageHeaders(matches: (path: string) => boolean): Middleware {
  const apply = (ctx: { set(name: string, value: string): void }) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex');
  };
  const wrapped: Middleware = async (ctx, next) => {
    apply(ctx);
    try {
      await next();
    } finally {
      apply(ctx);
    }
  };
  // Other paths pass straight on, without an async frame of their own.
  return (ctx, next) => (matches(ctx.path) ? wrapped(ctx, next) : next());
}
