/**
 * Tag routes (issue 57 point 3, docs/api.md "Tags", docs/tags.md):
 * - GET    /api/tags            staff -> TagList (tags by name with their ticket counts, and the setting)
 * - POST   /api/tags            staff (technicians when the setting allows); tagCreateSchema -> 201 Tag; 409 name taken
 * - PUT    /api/tags/settings   admin; tagSettingsSchema -> TagList
 * - PATCH  /api/tags/:id        admin; tagPatchSchema: `{ name }` renames, `{ mergeInto }` merges -> Tag (the target for a merge)
 * - DELETE /api/tags/:id        admin; 204 (removed from its tickets)
 * Writes run in the route's transaction and accept an Idempotency-Key.
 */
import Router from '@koa/router';
import { TAG_MSG, tagCreateSchema, tagPatchSchema, tagSettingsSchema, type TagList } from '@portal/shared';
import type { Database } from '../../db/client';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { listTags, setTechniciansMayCreate, techniciansMayCreate } from './repository';
import { createTag, deleteTag, mergeTag, renameTag, type TagTicketPort } from './service';

async function tagList(db: Database): Promise<TagList> {
  return { tags: await listTags(db), techniciansMayCreate: await techniciansMayCreate(db) };
}

export function tagRoutes(s: Services, tickets: TagTicketPort): Router<AppState> {
  const router = new Router<AppState>();
  const write = transaction(s, { idempotent: true });
  const createInput = validate({ body: tagCreateSchema });
  const settingsInput = validate({ body: tagSettingsSchema });
  const patchInput = validate({ params: idParamsSchema, body: tagPatchSchema, notFoundMessage: TAG_MSG.notFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: TAG_MSG.notFound });

  router.get('/api/tags', requireStaff(), async (ctx) => {
    ctx.body = await tagList(s.db);
  });
  router.post('/api/tags', requireStaff(), createInput, write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createTag(txOf(ctx), createInput.get(ctx).body.name, ctx.state.auth!.user);
  });
  router.put('/api/tags/settings', requireAdmin(), settingsInput, transaction(s), async (ctx) => {
    await setTechniciansMayCreate(txOf(ctx), settingsInput.get(ctx).body.techniciansMayCreate, s.clock());
    ctx.body = await tagList(txOf(ctx));
  });
  router.patch('/api/tags/:id', requireAdmin(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const actor = ctx.state.auth!.user;
    ctx.body = body.mergeInto
      ? await mergeTag(txOf(ctx), tickets, params.id, body.mergeInto, actor, s.clock())
      : await renameTag(txOf(ctx), tickets, params.id, body.name!, actor, s.clock());
  });
  router.delete('/api/tags/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    await deleteTag(txOf(ctx), tickets, idInput.get(ctx).params.id, ctx.state.auth!.user, s.clock());
    ctx.status = 204;
  });
  return router;
}
