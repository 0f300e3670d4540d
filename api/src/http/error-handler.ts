/**
 * The one error handler (DESIGN.md 4, 9): ApiError -> its envelope; koa-body 413 -> too_large;
 * malformed JSON -> 400; other client errors from Koa keep their status; anything else -> 500
 * `{ message: 'Internal server error', code: 'internal' }`, logged with the request id, no stack sent.
 */
import type { Middleware } from 'koa';
import { MSG } from '@portal/shared';
import type { ApiErrorBody } from '@portal/shared';
import { ApiError, RateLimitedError } from './errors';
import type { Logger } from '../logger';
import type { AppState } from './state';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

/** Maps an unknown thrown value to an HTTP status and envelope; null when it is a server fault. */
function toClientError(err: unknown): { status: number; body: ApiErrorBody } | null {
  if (err instanceof ApiError) {
    return {
      status: err.status,
      body: {
        message: err.message,
        code: err.code,
        ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
        ...err.extra,
      },
    };
  }
  if (typeof err !== 'object' || err === null) return null;
  const e = err as HttpLikeError;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status < 400 || status >= 500) return null;
  if (status === 413) return { status, body: { message: 'Request body is too large', code: 'too_large' } };
  if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) return { status: 400, body: { message: 'Malformed JSON body', code: 'validation_failed' } };
  const code = status === 401 ? 'unauthenticated' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : status === 409 ? 'conflict' : status === 429 ? 'rate_limited' : 'validation_failed';
  const message = e.expose !== false && typeof e.message === 'string' && e.message ? e.message : 'Bad request';
  return { status, body: { message, code } };
}

/** Koa middleware; mount first so it wraps everything (including koa-body and static files). */
export function errorHandler(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const client = toClientError(err);
      if (client) {
        ctx.status = client.status;
        ctx.body = client.body;
        if (err instanceof RateLimitedError) ctx.set('Retry-After', String(err.retryAfterSec));
        return;
      }
      logger.error('request failed', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: err instanceof Error ? { message: err.message, stack: err.stack } : String(err),
      });
      ctx.status = 500;
      ctx.body = { message: MSG.internal, code: 'internal' } satisfies ApiErrorBody;
    }
  };
}
