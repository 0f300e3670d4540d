/**
 * The PWA's one HTTP transport (SPEC.md 7, DESIGN.md 4 / 5): a `fetch` wrapper used by the
 * throwing client of the screens (lib/api.ts `apiRequest`) and by the offline sync engine (outbox
 * drain, collection pulls). It runs in a window and in the service worker: no DOM, no
 * localStorage, no React.
 *
 * What every request gets: `Accept: application/json`; a JSON body with `Content-Type` when one is
 * given; `Authorization: Bearer <token>` when the transport was built with a token source (the
 * page passes lib/session's `readToken`, see lib/api.ts `sessionTransport`; the service worker has
 * none); the httpOnly `session` cookie always (`credentials: 'include'`); a time limit
 * ({@link REQUEST_TIMEOUT_MS} unless the transport or the request says otherwise).
 *
 * A non-2xx answer is a value, not an exception: the caller decides per status (the drain keeps
 * items for retry, apiRequest throws ApiError). Only a failure to get any answer rejects: with
 * {@link NetworkError} (its `cause` is the browser's own error), or with the browser's AbortError
 * untouched when the caller's own `signal` aborted the request.
 */
import type { ApiErrorBody } from '@portal/shared';

/** One request. `url` is a path such as `/api/tickets` (same origin). */
export interface HttpRequest {
  method: string;
  url: string;
  /** Serialised as JSON when given. */
  body?: unknown;
  /** Extra headers, e.g. `Idempotency-Key`; they win over the defaults except `Authorization`. */
  headers?: Record<string, string>;
  /** The caller's cancellation; aborting rejects with the browser's AbortError. */
  signal?: AbortSignal;
  /** Time limit of this request in ms, overriding the transport's; null = no limit. */
  timeoutMs?: number | null;
}

/** An HTTP answer of any status. */
export interface HttpResponse {
  status: number;
  /** The parsed JSON body; undefined when empty or not JSON. */
  body: unknown;
  /** `Retry-After` converted to ms from now; null when absent or unreadable. */
  retryAfterMs: number | null;
  /** The raw body text ('' when empty). Always set by {@link createTransport}; test doubles may omit it. */
  bodyText?: string;
  /** The HTTP status text. Always set by {@link createTransport}; test doubles may omit it. */
  statusText?: string;
}

/** No answer at all: offline, DNS, connection reset, or the time limit passed. */
export class NetworkError extends Error {
  constructor(message = 'Network error', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Sends one request; resolves with any HTTP answer (see the module rules). */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** Default time limit of one request (ms): a hung connection must not stall the outbox forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Builds a {@link Transport} over `fetch`.
 * @param options.fetch defaults to the global fetch, looked up per call (tests stub it).
 * @param options.getToken bearer token source, read per request; omitted or returning null -> cookie only.
 * @param options.timeoutMs default time limit per request (ms); null = none. Default {@link REQUEST_TIMEOUT_MS}.
 */
export function createTransport(
  options: { fetch?: typeof fetch; getToken?: () => string | null; timeoutMs?: number | null } = {},
): Transport {
  const defaultTimeout = options.timeoutMs === undefined ? REQUEST_TIMEOUT_MS : options.timeoutMs;
  return async ({ method, url, body, headers = {}, signal, timeoutMs = defaultTimeout }) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const all: Record<string, string> = { Accept: 'application/json', ...headers };
    if (body !== undefined) all['Content-Type'] = 'application/json';
    const token = options.getToken?.();
    if (token) all.Authorization = `Bearer ${token}`;
    const limit = timeoutMs === null ? null : withTimeout(timeoutMs, signal);
    try {
      const res = await doFetch(url, {
        method,
        headers: all,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: limit?.signal ?? signal,
      });
      const text = await res.text();
      return {
        status: res.status,
        statusText: res.statusText,
        bodyText: text,
        body: parseJson(text),
        retryAfterMs: parseRetryAfter(res.headers.get('Retry-After')),
      };
    } catch (e) {
      if (signal?.aborted) throw e;
      throw new NetworkError(limit?.expired() ? 'Request timed out' : 'Network error', { cause: e });
    } finally {
      limit?.dispose();
    }
  };
}

/** An abort signal that fires after `ms` or when `outer` aborts. */
function withTimeout(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter);
  return {
    signal: controller.signal,
    expired: () => expired,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** JSON text -> value; undefined for '' or text that is not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds or as an HTTP date -> ms from `now` (epoch ms); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The body when it has the API's error envelope `{ message, code, fieldErrors? }` (DESIGN.md 4), else undefined. */
export function errorBodyOf(body: unknown): ApiErrorBody | undefined {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') return body as ApiErrorBody;
  return undefined;
}

/** The server's human `message` from an error body, else `fallback`. */
export function serverMessage(body: unknown, fallback: string): string {
  return errorBodyOf(body)?.message ?? fallback;
}
