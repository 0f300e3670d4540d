/**
 * Error factories with stable codes (DESIGN.md 4 and 9). Throw them anywhere; the error handler turns
 * them into `{ message, code, fieldErrors? }` plus any `extra` body fields (e.g. 409's ticket).
 */
import { MSG } from '@portal/shared';
import type { ErrorCode } from '@portal/shared';

/** An error the client may see: HTTP status, stable code, message and optional extra body fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400 validation_failed; `fieldErrors` maps field name -> SPEC.md 5 messages. */
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError(400, 'validation_failed', message, fieldErrors);

/** 401: no, bad or expired token (DESIGN.md 4). */
export const unauthenticated = (message: string = MSG.loginRequired) => new ApiError(401, 'unauthenticated', message);

/** 403: logged in with the wrong role (DESIGN.md 4). */
export const forbidden = (message: string = MSG.adminRequired) => new ApiError(403, 'forbidden', message);

/** 404 not_found. */
export const notFound = (message: string = MSG.notFound) => new ApiError(404, 'not_found', message);

/** 409 conflict; `extra` adds fields such as the current ticket. */
export const conflict = (message: string = MSG.conflict, extra?: Record<string, unknown>) =>
  new ApiError(409, 'conflict', message, undefined, extra);

/** 413 too_large. */
export const tooLarge = (message = 'Request body is too large') => new ApiError(413, 'too_large', message);

/** 429 rate_limited (SPEC.md texts: MSG.tooManyRequests, or a more precise `message`); `retryAfterSec` becomes a Retry-After header. */
export class RateLimitedError extends ApiError {
  constructor(
    readonly retryAfterSec: number,
    message: string = MSG.tooManyRequests,
  ) {
    super(429, 'rate_limited', message);
  }
}
