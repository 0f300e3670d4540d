/**
 * The one error handler (DESIGN.md 4, 9): ApiError -> its envelope; koa-body 413 -> too_large;
 * malformed JSON -> 400; a body whose Content-Encoding (gzip, deflate, br) does not decode -> 400 and
 * an unknown Content-Encoding -> 415; other client errors from Koa keep their status;
 * anything else -> 500 `{ message: 'Internal server error', code: 'internal' }`, no stack sent.
 *
 * A 500 is logged with the request id, the error's class, codes (SQLSTATE, routine, constraint) and
 * stack frames, but never its message: database errors carry the query parameters and values
 * (customer data) in their messages.
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

/** Message of a 400 for a compressed body that does not decode. */
export const BODY_NOT_DECODED = 'Request body could not be decoded with its Content-Encoding';

/**
 * zlib/brotli failures (`Z_DATA_ERROR`, `Z_BUF_ERROR`, `ERR__ERROR_FORMAT_...`, numeric errno): only
 * the request body is ever decompressed inside a request, so these come from a corrupt body.
 */
function isBodyDecodingError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errno, status } = err as { code?: unknown; errno?: unknown; status?: unknown };
  return status === undefined && typeof errno === 'number' && typeof code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI)/.test(code);
}

/** Identifier-only fields of database errors (node-postgres and PGlite): schema names, never values. */
const DB_ERROR_FIELDS = ['code', 'routine', 'table', 'column', 'constraint', 'dataType', 'severity'] as const;

/**
 * What a 500 logs about `err` (and its `cause` chain): class names, codes and stack frames. Messages,
 * `detail`, `query` and `params` are left out because they can hold customer data.
 */
export function describeError(err: unknown, depth = 0): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { class: typeof err };
  const out: Record<string, unknown> = { class: (err as object).constructor?.name ?? 'Object' };
  const e = err as Record<string, unknown>;
  for (const field of DB_ERROR_FIELDS) if (typeof e[field] === 'string' || typeof e[field] === 'number') out[field] = e[field];
  if (typeof e.stack === 'string') out.frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).map((l) => l.trim());
  if (e.cause !== undefined && depth < 3) out.cause = describeError(e.cause, depth + 1);
  return out;
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
  if (isBodyDecodingError(err)) return { status: 400, body: { message: BODY_NOT_DECODED, code: 'validation_failed' } };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status < 400 || status >= 500) return null;
  if (status === 413) return { status, body: { message: 'Request body is too large', code: 'too_large' } };
  if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) return { status: 400, body: { message: 'Malformed JSON body', code: 'validation_failed' } };
  if (status === 415) return { status, body: { message: 'Unsupported Content-Encoding or charset of the request body', code: 'validation_failed' } };
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
      ctx.state.errorLogged = true;
      logger.error('request failed', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: describeError(err),
      });
      ctx.status = 500;
      ctx.body = { message: MSG.internal, code: 'internal' } satisfies ApiErrorBody;
    }
  };
}
