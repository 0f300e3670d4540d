import type { ApiErrorBody } from '@portal/shared';
import { readToken } from './session';

/**
 * The one HTTP client of the PWA (SPEC.md 7 / 8).
 *
 * Every call sends cookies (`credentials: 'include'`) and, when a session token is stored,
 * `Authorization: Bearer <token>`. Bodies are JSON. Any non-OK response throws an {@link ApiError}
 * whose message is `${status}: ${bodyText || statusText}` (SPEC.md 8); the server's `message`,
 * `code` and `fieldErrors` (DESIGN.md 4 envelope) stay readable on the error.
 * Network failures reject with the browser's TypeError, untouched, so callers can tell "offline"
 * from "the server said no".
 */

/** A non-OK HTTP response. */
export class ApiError extends Error {
  readonly status: number;
  /** Raw response text ('' when the body was empty). */
  readonly bodyText: string;
  /** The parsed JSON body when it was JSON, else undefined. */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseJson(bodyText);
  }

  /** The body when it has the API's `{ message, code }` shape. */
  get errorBody(): ApiErrorBody | undefined {
    const b = this.body;
    if (b && typeof b === 'object' && typeof (b as { message?: unknown }).message === 'string') {
      return b as ApiErrorBody;
    }
    return undefined;
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

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
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
}

/**
 * Sends one request and resolves with the parsed JSON body (undefined for an empty body, e.g. 204).
 * @param method HTTP method.
 * @param url path such as `/api/tickets`.
 * @param body serialised as JSON when given.
 * @throws ApiError on any non-2xx status; TypeError (from fetch) on network failure.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.statusText, text);
  return parseJson(text) as T;
}

/** GET `url` and parse JSON (the default query function's transport). */
export function apiGet<T>(url: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', url, undefined, options);
}
