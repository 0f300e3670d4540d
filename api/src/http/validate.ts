/**
 * `validate({ body?, query?, params? })` (DESIGN.md 4, 9): parses the request with zod schemas (the
 * shared ones from @portal/shared) and stores the typed result on `ctx.state.input`. Body or query
 * failures -> 400 validation_failed with `fieldErrors` (SPEC.md 5 messages); a params failure (e.g. a
 * non-uuid id) -> 404, because such a resource cannot exist.
 */
import type { Middleware, ParameterizedContext } from 'koa';
import { z } from 'zod';
import { MSG } from '@portal/shared';
import { badRequest, notFound } from './errors';
import type { AppState } from './state';

export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Message of the 404 when params do not parse (default MSG.notFound). */
  notFoundMessage?: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Typed input produced by a validator. */
export interface ValidatedInput<S extends RequestSchemas> {
  body: Out<S['body']>;
  query: Out<S['query']>;
  params: Out<S['params']>;
}

/** The middleware plus a typed accessor for what it parsed, and its schemas (the fuzz test reads them). */
export type Validator<S extends RequestSchemas> = Middleware<AppState> & {
  get(ctx: ParameterizedContext<AppState>): ValidatedInput<S>;
  schemas: S;
};

/** Converts a ZodError to `fieldErrors` (top-level field -> messages) and a headline message. */
export function zodToFieldErrors(error: z.ZodError): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { message: error.issues[0]?.message ?? 'Validation failed', fieldErrors };
}

/** Builds the validating middleware; see the module doc for the error mapping. */
export function validate<S extends RequestSchemas>(schemas: S): Validator<S> {
  const middleware: Middleware<AppState> = async (ctx, next) => {
    const input: Record<string, unknown> = {};
    if (schemas.params) {
      const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
      const r = schemas.params.safeParse(params);
      if (!r.success) throw notFound(schemas.notFoundMessage ?? MSG.notFound);
      input.params = r.data;
    }
    if (schemas.query) {
      const r = schemas.query.safeParse(ctx.query);
      if (!r.success) {
        const { message, fieldErrors } = zodToFieldErrors(r.error);
        throw badRequest(message, fieldErrors);
      }
      input.query = r.data;
    }
    if (schemas.body) {
      const body: unknown = (ctx.request as { body?: unknown }).body ?? {};
      const r = schemas.body.safeParse(body);
      if (!r.success) {
        const { message, fieldErrors } = zodToFieldErrors(r.error);
        throw badRequest(message, fieldErrors);
      }
      input.body = r.data;
    }
    ctx.state.input = input;
    await next();
  };
  return Object.assign(middleware, {
    get: (ctx: ParameterizedContext<AppState>) => ctx.state.input as ValidatedInput<S>,
    schemas,
  });
}

/** `:id` route params that must be a uuid (non-uuid -> 404 through validate). */
export const idParamsSchema = z.object({ id: z.uuid() });
