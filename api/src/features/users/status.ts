/**
 * Disabling and re-enabling accounts (User Management; docs/api.md "Users"):
 * - POST /api/users/:id/disable  admin -> 200 ManagedUser; the account can no longer sign in, every
 *   session (and with it its push subscriptions) and every offline vault device is revoked at once.
 *   Refused (400, nothing changed): your own account, the built-in `admin`, the last active admin.
 * - POST /api/users/:id/enable   admin -> 200 ManagedUser; sign-in works again (with the same password).
 * Disabling twice keeps the first time; unknown ids -> 404 MSG.userNotFound.
 */
import type Router from '@koa/router';
import { ADMIN_USERNAME, MSG, USER_STATUS_TEXT } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import { event } from '../../events';
import type { Services } from '../../services';
import { presentManagedUser } from './presenter';
import { findUserById } from './repository';
import { setDisabled } from './statusRepository';
import { assertAnotherAdmin } from './service';
import { actorOf } from '../../http/actor';

/** Adds the disable / enable routes to the users router. */
export function userStatusRoutes(router: Router<AppState>, s: Services): void {
  const input = validate({ params: idParamsSchema, notFoundMessage: MSG.userNotFound });

  router.post('/api/users/:id/disable', requireAdmin(), input, transaction(s), async (ctx) => {
    const { id } = input.get(ctx).params;
    const tx = txOf(ctx);
    const user = await findUserById(tx, id);
    if (!user) throw notFound(MSG.userNotFound);
    if (id === ctx.state.auth!.user.id) throw badRequest(USER_STATUS_TEXT.cannotDisableSelf);
    if (user.username === ADMIN_USERNAME) throw badRequest(USER_STATUS_TEXT.cannotDisableAdmin);
    if (user.role === 'admin') await assertAnotherAdmin(tx, id, USER_STATUS_TEXT.lastAdmin);
    const now = s.clock();
    const row = (await setDisabled(tx, id, user.disabledAt ?? now))!;
    // Signed out everywhere and every offline vault device revoked: the auth and vault-offline subscribers.
    const by = { id: ctx.state.auth!.user.id, username: ctx.state.auth!.user.username };
    await s.events.emit(tx, [event('user.disabled', { userId: id, username: user.username }, now, by)]);
    s.sessionCache.forget({ userId: id });
    ctx.body = presentManagedUser(row);
  });

  router.post('/api/users/:id/enable', requireAdmin(), input, transaction(s), async (ctx) => {
    const row = await setDisabled(txOf(ctx), input.get(ctx).params.id, null);
    if (!row) throw notFound(MSG.userNotFound);
    await s.events.emit(txOf(ctx), [event('user.enabled', { userId: row.id, username: row.username }, s.clock(), actorOf(ctx))]);
    ctx.body = presentManagedUser(row);
  });
}
