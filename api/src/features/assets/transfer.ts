/**
 * Asset import, export and labels (issue 53 items 3 and 5; docs/api.md "Assets"):
 * - POST /api/assets/import[?dryRun=1]  assetImportSchema `{ csv, clientId? }` -> AssetImportResult. The dry run is
 *   the preview (nothing written); without it the same plan is written in one transaction. Any row
 *   error -> 400 with the result (every error with its row and column), nothing written. Idempotent:
 *   a row matching an asset by tag (else serial) updates it only where the file differs.
 * - GET  /api/assets/export.csv         the list's filters -> text/csv (the import's columns)
 * - GET  /api/assets/labels.pdf?ids=&size=L7651|5160 -> application/pdf, one QR label per asset in `ids` order
 */
import type Router from '@koa/router';
import { ASSET_MSG, assetImportQuerySchema, assetImportSchema, assetLabelsQuerySchema, assetListQuerySchema, type Asset, type AssetImportResult, type AssetPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { requireStaff } from '../../http/authenticate';
import type { AppState, AuthUser } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { assetExportCsv } from './exportCsv';
import { planImport, type ImportPlan } from './importPlan';
import { labelSheet } from './labels';
import { findAssets } from './repository';
import { createAsset, patchAsset, type AssetPorts } from './service';

/** The answer for `plan` (a dry run, or what was written with `assets`). */
function resultOf(plan: ImportPlan, dryRun: boolean, assets?: Asset[]): AssetImportResult {
  const n = (a: string) => plan.rows.filter((r) => r.action === a).length;
  return {
    dryRun,
    rows: plan.rows.map(({ input: _i, existing: _e, ...row }) => row),
    errors: plan.errors,
    created: n('create'),
    updated: n('update'),
    unchanged: n('unchanged'),
    ...(assets ? { assets } : {}),
  };
}

/** Writes `plan` in `tx` (creates, then the changed fields of updates); returns the assets written. */
async function applyPlan(tx: Database, ports: AssetPorts, plan: ImportPlan, actor: AuthUser, now: Date): Promise<Asset[]> {
  const written: Asset[] = [];
  for (const row of plan.rows) {
    if (row.action === 'create') written.push(await createAsset(tx, ports, row.input, actor, now));
    if (row.action === 'update') {
      const patch = Object.fromEntries(row.changes.map((f) => [f, (row.input as unknown as Record<string, unknown>)[f]])) as AssetPatch;
      written.push(await patchAsset(tx, ports, row.existing!.id, patch, actor, now));
    }
  }
  return written;
}

/** Adds the import, export and labels routes to `router` (before `/api/assets/:id`). */
export function addAssetTransfers(router: Router<AppState>, s: Services, ports: AssetPorts): void {
  const importInput = validate({ query: assetImportQuerySchema, body: assetImportSchema });
  router.post('/api/assets/import', requireStaff(), importInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { query, body } = importInput.get(ctx);
    const dryRun = query.dryRun === '1' || query.dryRun === 'true';
    const tx = txOf(ctx);
    const plan = await planImport(tx, body.csv, body.clientId);
    if (plan.errors.length) throw new ApiError(400, 'validation_failed', `The file has ${plan.errors.length} problem${plan.errors.length === 1 ? '' : 's'}: nothing was imported.`, undefined, { ...resultOf(plan, dryRun) });
    ctx.body = dryRun ? resultOf(plan, true) : resultOf(plan, false, await applyPlan(tx, ports, plan, ctx.state.auth!.user, s.clock()));
  });

  const exportInput = validate({ query: assetListQuerySchema });
  router.get('/api/assets/export.csv', requireStaff(), exportInput, async (ctx) => {
    const { after: _a, since: _s, limit: _l, ...filter } = exportInput.get(ctx).query;
    ctx.set('Content-Disposition', 'attachment; filename="assets.csv"');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = await assetExportCsv(s.db, filter);
  });

  const labelsInput = validate({ query: assetLabelsQuerySchema });
  router.get('/api/assets/labels.pdf', requireStaff(), labelsInput, async (ctx) => {
    const { ids, size } = labelsInput.get(ctx).query;
    const rows = await findAssets(s.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(ASSET_MSG.notFound);
    ctx.set('Content-Disposition', `inline; filename="asset-labels-${size ?? 'L7651'}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = await labelSheet(ids.map((id) => byId.get(id)!), size ?? 'L7651', s.config.publicUrl);
  });
}
