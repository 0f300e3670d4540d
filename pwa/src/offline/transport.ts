/**
 * HTTP for the sync engine, usable in a window and in the service worker (no DOM, no
 * localStorage). Authentication: the bearer token from `getToken` when given (the page passes
 * lib/session's readToken, as lib/api does) and always the httpOnly `session` cookie the API sets
 * at login (`credentials: 'same-origin'`), which is all the service worker has.
 *
 * Unlike lib/api, a non-2xx answer is a value, not an exception: the drain decides per status
 * (DESIGN.md 5). Only a failure to get any answer throws {@link NetworkError}.
 */

/** An HTTP answer: status, parsed JSON body (undefined when empty or not JSON), Retry-After in ms. */
export interface HttpResponse {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

/** No answer at all: offline, DNS, connection reset, or the request timed out. */
export class NetworkError extends Error {
  constructor(message = 'Network error') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Sends one request; resolves with any HTTP answer, rejects only with {@link NetworkError}. */
export type Transport = (request: { method: string; url: string; body?: unknown; headers?: Record<string, string> }) => Promise<HttpResponse>;

/** Default time limit of one request (ms): a hung connection must not stall the queue forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Builds a {@link Transport} over `fetch`.
 * @param options.fetch defaults to the global fetch (looked up per call, so tests can stub it).
 * @param options.getToken bearer token source; omitted or null -> cookie only.
 * @param options.timeoutMs per-request limit; on expiry the request is aborted -> NetworkError.
 */
export function createTransport(options: { fetch?: typeof fetch; getToken?: () => string | null; timeoutMs?: number } = {}): Transport {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return async ({ method, url, body, headers = {} }) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const all: Record<string, string> = { Accept: 'application/json', ...headers };
    if (body !== undefined) all['Content-Type'] = 'application/json';
    const token = options.getToken?.();
    if (token) all.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(url, {
        method,
        headers: all,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      const text = await res.text();
      return { status: res.status, body: parseJson(text), retryAfterMs: parseRetryAfter(res.headers.get('Retry-After')) };
    } catch (e) {
      throw new NetworkError(e instanceof Error && e.name === 'AbortError' ? 'Request timed out' : 'Network error');
    } finally {
      clearTimeout(timer);
    }
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds or as an HTTP date -> ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The server's `message` from an error body, else `fallback`. */
export function serverMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return fallback;
}
