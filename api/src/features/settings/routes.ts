/**
 * Admin settings (admin only; SPEC.md 2 "Settings", 5, 7, 8):
 * - GET    /api/settings/system/support_sms_number -> SystemSetting (value null when never saved);
 *          any other key -> 404 (other rows, such as the VAPID keys, are never readable).
 * - POST   /api/settings/system                    systemSettingBodySchema -> 200 SystemSetting.
 * - GET    /api/settings/notification-emails      -> { emails } sorted.
 * - POST   /api/settings/notification-emails      { email } -> 200 { emails } (an existing address changes nothing).
 * - DELETE /api/settings/notification-emails      { email } in the body -> 200 { emails }.
 * - POST   /api/settings/test-sms                  {} -> sends one SMS now to the saved number through the
 *          configured provider (not queued) and logs it in the delivery log: 200 { message: 'Test SMS sent' };
 *          no number -> 400 MSG.testSmsNeedsNumber; provider failure -> 502 { code: 'provider_failed', message }.
 * - GET/PUT /api/settings/report-branding, GET .../logo.jpg: the service reports' business name and logo (branding.ts).
 * Bad input (SPEC.md 5 messages in fieldErrors) changes nothing.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { MSG, SUPPORT_NUMBER_DESCRIPTION, SUPPORT_SMS_NUMBER_KEY, notificationEmailBodySchema, systemSettingBodySchema } from '@portal/shared';
import type { NotificationEmails, SystemSetting } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import { ApiError, badRequest } from '../../http/errors';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import { transaction, txOf } from '../../http/transaction';
import { getNotificationEmails, getSupportSmsNumber } from '../../notify';
import type { Services } from '../../services';
import { testSms } from './notifications';
import { presentSystemSetting } from './presenter';
import { changeNotificationEmails, findSetting, upsertSetting } from './repository';
import { event } from '../../events';
import { actorOf } from '../../http/actor';
import { reportBrandingRoutes } from './branding';

export function settingsRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const keyInput = validate({ params: z.object({ key: z.literal(SUPPORT_SMS_NUMBER_KEY) }), notFoundMessage: 'Setting not found' });
  const systemInput = validate({ body: systemSettingBodySchema });
  const emailInput = validate({ body: notificationEmailBodySchema });

  router.get('/api/settings/system/:key', requireAdmin(), keyInput, async (ctx) => {
    const { key } = keyInput.get(ctx).params;
    ctx.body = presentSystemSetting(key, await findSetting(s.db, key)) satisfies SystemSetting;
  });

  router.post('/api/settings/system', requireAdmin(), systemInput, transaction(s), async (ctx) => {
    const { key, value, description } = systemInput.get(ctx).body;
    const tx = txOf(ctx);
    const existing = await findSetting(tx, key);
    const row = await upsertSetting(tx, { key, value, description: description ?? (existing ? undefined : SUPPORT_NUMBER_DESCRIPTION) }, s.clock());
    await s.events.emit(tx, [event('settings.changed', { area: 'system', key, action: 'set' }, s.clock(), actorOf(ctx))]);
    ctx.body = presentSystemSetting(key, row) satisfies SystemSetting;
  });

  router.get('/api/settings/notification-emails', requireAdmin(), async (ctx) => {
    ctx.body = { emails: await getNotificationEmails(s.db) } satisfies NotificationEmails;
  });

  router.post('/api/settings/notification-emails', requireAdmin(), emailInput, transaction(s), async (ctx) => {
    const { email } = emailInput.get(ctx).body;
    const emails = await changeNotificationEmails(txOf(ctx), 'add', email, s.clock());
    await s.events.emit(txOf(ctx), [event('settings.changed', { area: 'notification_emails', key: email, action: 'added' }, s.clock(), actorOf(ctx))]);
    ctx.body = { emails } satisfies NotificationEmails;
  });

  router.delete('/api/settings/notification-emails', requireAdmin(), emailInput, transaction(s), async (ctx) => {
    const { email } = emailInput.get(ctx).body;
    const emails = await changeNotificationEmails(txOf(ctx), 'remove', email, s.clock());
    await s.events.emit(txOf(ctx), [event('settings.changed', { area: 'notification_emails', key: email, action: 'removed' }, s.clock(), actorOf(ctx))]);
    ctx.body = { emails } satisfies NotificationEmails;
  });

  router.post('/api/settings/test-sms', requireAdmin(), async (ctx) => {
    const number = await getSupportSmsNumber(s.db);
    if (!number) throw badRequest(MSG.testSmsNeedsNumber);
    try {
      await s.notifier.sendNow(testSms, { to: number, payload: {} });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      s.logger.warn('test SMS failed', { requestId: ctx.state.requestId, error: reason });
      throw new ApiError(502, 'provider_failed', reason);
    }
    ctx.body = { message: MSG.testSmsSent };
  });

  // Report branding (issue 54): branding.ts.
  router.use(reportBrandingRoutes(s).routes());
  return router;
}
