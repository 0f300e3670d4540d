/**
 * Content routes (SPEC.md 7; roles DESIGN.md 4: staff read, admins write):
 * - GET    /api/content      staff -> ContentItem[] by title; technicians get only active items.
 * - POST   /api/content      admin; contentItemCreateSchema -> 201 ContentItem; 400 when `fileName` is not stored.
 * - PATCH  /api/content/:id  admin; contentItemPatchSchema -> 200 ContentItem; 404 unknown id.
 * - DELETE /api/content/:id  admin -> 204 (the file itself stays in file management).
 * Writes run in the route's transaction (http/transaction.ts).
 */
import Router from '@koa/router';
import { MSG, contentItemCreateSchema, contentItemPatchSchema } from '@portal/shared';
import type { ContentItem } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { createContent, deleteContent, listContent, updateContent } from './service';
import { event } from '../../events';
import { actorOf } from '../../http/actor';

/** The content router (see the module doc for the routes). */
export function contentRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const createInput = validate({ body: contentItemCreateSchema });
  const patchInput = validate({ params: idParamsSchema, body: contentItemPatchSchema, notFoundMessage: MSG.contentNotFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: MSG.contentNotFound });

  router.get('/api/content', requireStaff(), async (ctx) => {
    const activeOnly = ctx.state.auth!.user.role !== 'admin';
    ctx.body = (await listContent(s.db, s.storage, s.logger, { activeOnly })) satisfies ContentItem[];
  });

  router.post('/api/content', requireAdmin(), createInput, transaction(s), async (ctx) => {
    const { body } = createInput.get(ctx);
    const item = await createContent(txOf(ctx), s.storage, s.logger, body, s.clock());
    await s.events.emit(txOf(ctx), [event('content.changed', { contentId: item.id, action: 'created', title: item.title }, s.clock(), actorOf(ctx))]);
    ctx.status = 201;
    ctx.body = item satisfies ContentItem;
  });

  router.patch('/api/content/:id', requireAdmin(), patchInput, transaction(s), async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const item = await updateContent(txOf(ctx), s.storage, s.logger, params.id, body, s.clock());
    await s.events.emit(txOf(ctx), [event('content.changed', { contentId: item.id, action: 'updated', title: item.title }, s.clock(), actorOf(ctx))]);
    ctx.body = item satisfies ContentItem;
  });

  router.delete('/api/content/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    const { params } = idInput.get(ctx);
    const title = await deleteContent(txOf(ctx), params.id);
    await s.events.emit(txOf(ctx), [event('content.changed', { contentId: params.id, action: 'deleted', title }, s.clock(), actorOf(ctx))]);
    ctx.status = 204;
  });

  return router;
}
