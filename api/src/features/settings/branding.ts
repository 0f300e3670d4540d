/**
 * Report branding (issue 54, docs/visits.md): the business name and logo at the top of every service
 * report. Admin only; the values live in the key/value settings (db/settings.ts) under
 * REPORT_BUSINESS_NAME_KEY and REPORT_LOGO_KEY, which the visits feature reads when it renders.
 * - GET /api/settings/report-branding          -> ReportBranding.
 * - PUT /api/settings/report-branding          reportBrandingBodySchema -> 200 ReportBranding. The logo
 *   (base64 PNG, JPEG or WebP, at most 2 MB) is decoded in an image process and kept as a small JPEG on
 *   white (attachments port `imageAsReportJpeg`); `logoBase64: null` removes it, absent keeps it.
 *   400 when it is not an image; nothing changes.
 * - GET /api/settings/report-branding/logo.jpg -> image/jpeg (404 when none).
 */
import Router from '@koa/router';
import { REPORT_BUSINESS_NAME_KEY, REPORT_LOGO_KEY, reportBrandingBodySchema, type ReportBranding } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSetting, upsertSetting } from '../../db/settings';
import { event } from '../../events';
import { actorOf } from '../../http/actor';
import { requireAdmin } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { imageAsReportJpeg } from '../attachments/port';

const NOT_IMAGE = 'The logo must be a PNG, JPEG or WebP image.';

async function brandingOf(db: Database): Promise<ReportBranding> {
  const [name, logo] = await Promise.all([findSetting(db, REPORT_BUSINESS_NAME_KEY), findSetting(db, REPORT_LOGO_KEY)]);
  return { businessName: name?.value || null, logo: !!logo?.value };
}

export function reportBrandingRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const input = validate({ body: reportBrandingBodySchema });
  // The logo is decoded before the transaction opens (an image process, killed at IMAGE_TIMEOUT_MS).
  const logos = new WeakMap<object, string>();

  router.get('/api/settings/report-branding', requireAdmin(), async (ctx) => {
    ctx.body = await brandingOf(s.db);
  });
  router.get('/api/settings/report-branding/logo.jpg', requireAdmin(), async (ctx) => {
    const logo = await findSetting(s.db, REPORT_LOGO_KEY);
    if (!logo?.value) throw notFound('No logo saved.');
    ctx.type = 'image/jpeg';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Buffer.from(logo.value, 'base64');
  });
  router.put(
    '/api/settings/report-branding',
    requireAdmin(),
    input,
    async (ctx, next) => {
      const { logoBase64 } = input.get(ctx).body;
      if (logoBase64) {
        const jpeg = await imageAsReportJpeg(s, Buffer.from(logoBase64, 'base64'));
        if (!jpeg) throw badRequest(NOT_IMAGE, { logoBase64: [NOT_IMAGE] });
        logos.set(ctx, jpeg.toString('base64'));
      }
      await next();
    },
    transaction(s),
    async (ctx) => {
      const { businessName, logoBase64 } = input.get(ctx).body;
      const tx = txOf(ctx);
      const now = s.clock();
      await upsertSetting(tx, { key: REPORT_BUSINESS_NAME_KEY, value: businessName ?? '', description: 'Business name on service reports' }, now);
      if (logoBase64 !== undefined) await upsertSetting(tx, { key: REPORT_LOGO_KEY, value: logos.get(ctx) ?? '', description: 'Logo on service reports (JPEG, base64)' }, now);
      await s.events.emit(tx, [event('settings.changed', { area: 'system', key: 'report_branding', action: 'set' }, now, actorOf(ctx))]);
      ctx.body = await brandingOf(tx);
    },
  );
  return router;
}
