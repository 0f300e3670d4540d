/**
 * The middleware that writes the admin activity log (docs/activity.md): after a logged request
 * (rules.ts) succeeded (status below 400) for a signed-in admin, one activity_log row with the admin,
 * the time, the area, the action and its target. The change's own transaction has committed by
 * then, so a refused or failed request logs nothing; a log write that fails is reported in the
 * server log (error) and does not turn the finished change into an error.
 */
import type Koa from 'koa';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { insertActivity } from './repository';
import { ruleFor } from './rules';

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Koa middleware recording admin changes; mount after authentication. */
export function recordActivity(s: Pick<Services, 'db' | 'clock' | 'logger'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const found = ctx.method === 'GET' ? undefined : ruleFor(ctx.method, ctx.path);
    const admin = ctx.state.auth?.user;
    if (!found || admin?.role !== 'admin') return next();
    const { rule, param } = found;
    const before = rule.before && param ? await rule.before(s.db, param) : null;
    await next();
    if (ctx.status >= 400) return;
    const input = { param, body: asRecord((ctx.request as { body?: unknown }).body), answer: asRecord(ctx.body), before };
    try {
      await insertActivity(s.db, {
        actorId: admin.id,
        actorName: admin.username,
        area: rule.area,
        action: typeof rule.action === 'string' ? rule.action : rule.action(input),
        target: rule.target(input),
        createdAt: s.clock(),
      });
    } catch (err) {
      s.logger.error('activity log write failed', { path: ctx.path, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
