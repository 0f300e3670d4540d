import type { ApiErrorBody } from '@portal/shared';
import { NetworkError, createTransport, errorBodyOf, parseJson, type Transport } from './http';
import { readToken } from './session';

/**
 * The screens' HTTP client (SPEC.md 7 / 8), a throwing layer over the one transport (lib/http.ts)
 * that the offline sync engine uses too.
 *
 * Every call sends cookies and, when a session token is stored, `Authorization: Bearer <token>`
 * (both added by the transport). Bodies are JSON. Any non-OK response throws an {@link ApiError}
 * whose message is `${status}: ${bodyText || statusText}` (SPEC.md 8); the server's `message`,
 * `code` and `fieldErrors` (DESIGN.md 4 envelope) stay readable on the error.
 * Network failures reject with the browser's TypeError, untouched, so callers can tell "offline"
 * from "the server said no".
 */

/**
 * The page's transport: bearer token of lib/session (read per request, so a logout takes effect at
 * once) plus the session cookie, 30 s limit by default. Used by {@link apiRequest} (without a time
 * limit unless asked) and by the page's sync engine.
 */
export const sessionTransport: Transport = createTransport({ getToken: readToken });

/** A non-OK HTTP response. */
export class ApiError extends Error {
  readonly status: number;
  /** Raw response text ('' when the body was empty). */
  readonly bodyText: string;
  /** The parsed JSON body when it was JSON, else undefined. */
  readonly body: unknown;
  /** `Retry-After` in ms from the answer (e.g. a login lockout's 429), null when absent. */
  readonly retryAfterMs: number | null;

  constructor(status: number, statusText: string, bodyText: string, retryAfterMs: number | null = null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseJson(bodyText);
    this.retryAfterMs = retryAfterMs;
  }

  /** The body when it has the API's `{ message, code }` shape. */
  get errorBody(): ApiErrorBody | undefined {
    return errorBodyOf(this.body);
  }

  /** The server's human message, if it sent one (shown in toasts, SPEC.md 8). */
  get serverMessage(): string | undefined {
    return this.errorBody?.message;
  }

  /** Per-field validation messages of a 400 `validation_failed` answer. */
  get fieldErrors(): Record<string, string[]> | undefined {
    return this.errorBody?.fieldErrors;
  }
}

/** True when `e` is an {@link ApiError} with the given status. */
export function isApiError(e: unknown, status?: number): e is ApiError {
  return e instanceof ApiError && (status === undefined || e.status === status);
}

export interface RequestOptions {
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Time limit in ms (the request then fails like a lost connection); default none. */
  timeoutMs?: number | null;
}

/**
 * Sends one request and resolves with the parsed JSON body (undefined for an empty body, e.g. 204).
 * @param method HTTP method.
 * @param url path such as `/api/tickets`.
 * @param body serialised as JSON when given.
 * @throws ApiError on any non-2xx status; the browser's TypeError (from fetch) on network failure;
 *   the AbortError of `options.signal` when aborted.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let res;
  try {
    res = await sessionTransport({ method, url, body, headers: options.headers, signal: options.signal, timeoutMs: options.timeoutMs ?? null });
  } catch (e) {
    throw e instanceof NetworkError && e.cause !== undefined ? e.cause : e;
  }
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.statusText ?? '', res.bodyText ?? '', res.retryAfterMs ?? null);
  return res.body as T;
}

/** GET `url` and parse JSON (the default query function's transport). */
export function apiGet<T>(url: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', url, undefined, options);
}
