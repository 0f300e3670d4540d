/** GET /api/config (public; SPEC.md 1 {phone} {email}): PublicConfig `{ appName, supportPhone, supportEmail, phoneCountry }`. */
import Router from '@koa/router';
import type { PublicConfig } from '@portal/shared';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';

export function configRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/config', (ctx) => {
    ctx.body = {
      appName: s.config.appName,
      supportPhone: s.config.supportPhone,
      supportEmail: s.config.supportEmail,
      phoneCountry: s.config.phoneCountry,
    } satisfies PublicConfig;
  });
  return router;
}
