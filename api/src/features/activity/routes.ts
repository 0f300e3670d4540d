/**
 * GET /api/activity?limit=&cursor= (admin; docs/activity.md) -> ActivityPage: the admin activity log
 * newest first, keyset pages (`nextCursor` `<createdAt ms>_<id>`, null on the last page); a malformed
 * cursor -> 400. Entries are written by recorder.ts.
 */
import Router from '@koa/router';
import { activityQuerySchema, type ActivityArea, type ActivityPage } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { listActivity, type ActivityCursor, type ActivityRow } from './repository';

/** Cursor text of an entry. */
export const encodeActivityCursor = (c: ActivityCursor) => `${c.createdAt.getTime()}_${c.id}`;

/** Parses a cursor; undefined for a malformed one. */
export function decodeActivityCursor(text: string): ActivityCursor | undefined {
  const m = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(text);
  return m ? { createdAt: new Date(Number(m[1])), id: m[2]! } : undefined;
}

const present = (r: ActivityRow) => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  area: r.area as ActivityArea,
  action: r.action,
  target: r.target,
});

export function activityRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const input = validate({ query: activityQuerySchema });
  router.get('/api/activity', requireAdmin(), input, async (ctx) => {
    const { limit, cursor } = input.get(ctx).query;
    const position = cursor === undefined ? undefined : decodeActivityCursor(cursor);
    if (cursor !== undefined && !position) throw badRequest('cursor is not valid', { cursor: ['cursor is not valid'] });
    const rows = await listActivity(s.db, limit + 1, position);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    ctx.body = {
      items: items.map(present),
      nextCursor: rows.length > limit && last ? encodeActivityCursor(last) : null,
    } satisfies ActivityPage;
  });
  return router;
}
