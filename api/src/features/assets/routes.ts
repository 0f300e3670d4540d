/**
 * Assets routes (issue 53, docs/api.md "Assets", docs/assets.md). Staff read, create and edit;
 * admins delete; `user` 403, anonymous 401. Writes run in the route's transaction; create and edit
 * accept an Idempotency-Key (the PWA outbox resends them with the same key, applied once).
 * - GET    /api/assets                 `?clientId&siteId&type&status&warrantyBefore&q&after&limit` -> AssetPage (keyset, name order)
 * - GET    /api/assets?since=CURSOR    -> AssetDeltaPage (changed assets; deleted ids)
 * - POST   /api/assets                 assetCreateSchema (`id` optional: chosen offline) -> 201 Asset; 409 tag or id taken; 400 site/contact/vault of another client
 * - GET    /api/assets/by-tag/:tag     -> AssetDetail (the label's `/a/<tag>`)
 * - GET    /api/assets/:id             -> AssetDetail (with its tickets and their time)
 * - PATCH  /api/assets/:id             assetPatchSchema -> Asset; 409 `{ fields, current }` on a real conflict
 * - DELETE /api/assets/:id             admin; 204 (its ticket links go, the tickets stay)
 * Import, export and labels: transfer.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { ASSET_MSG, assetCreateSchema, assetListQuerySchema, assetPatchSchema, assetTagSchema } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { addAssetTransfers } from './transfer';
import { assetsSince, createAsset, deleteAsset, getAsset, getAssetByTag, listAssets, patchAsset, type AssetPorts } from './service';

export function assetRoutes(s: Services, ports: AssetPorts): Router<AppState> {
  const router = new Router<AppState>();
  const write = transaction(s, { idempotent: true });
  const listInput = validate({ query: assetListQuerySchema });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: ASSET_MSG.notFound });
  const tagInput = validate({ params: z.object({ tag: assetTagSchema }), notFoundMessage: ASSET_MSG.notFound });
  const createInput = validate({ body: assetCreateSchema });
  const patchInput = validate({ params: idParamsSchema, body: assetPatchSchema, notFoundMessage: ASSET_MSG.notFound });

  router.get('/api/assets', requireStaff(), listInput, async (ctx) => {
    const q = listInput.get(ctx).query;
    ctx.body = q.since === undefined ? await listAssets(s.db, q) : await assetsSince(s.db, q.since, q.limit);
  });
  router.post('/api/assets', requireStaff(), createInput, write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createAsset(txOf(ctx), ports, createInput.get(ctx).body, ctx.state.auth!.user, s.clock());
  });
  addAssetTransfers(router, s, ports);
  router.get('/api/assets/by-tag/:tag', requireStaff(), tagInput, async (ctx) => {
    ctx.body = await getAssetByTag(s.db, tagInput.get(ctx).params.tag);
  });
  router.get('/api/assets/:id', requireStaff(), idInput, async (ctx) => {
    ctx.body = await getAsset(s.db, idInput.get(ctx).params.id);
  });
  router.patch('/api/assets/:id', requireStaff(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = await patchAsset(txOf(ctx), ports, params.id, body, ctx.state.auth!.user, s.clock());
  });
  router.delete('/api/assets/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    await deleteAsset(txOf(ctx), ports, idInput.get(ctx).params.id, ctx.state.auth!.user.id, s.clock());
    ctx.status = 204;
  });
  return router;
}
