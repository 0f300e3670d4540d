/**
 * User management (admin only; SPEC.md 2 "User Management", 5, 7):
 * - GET    /api/users      -> ManagedUser[] (PublicUser + disabled, lastSignInAt) sorted by username.
 * - POST   /api/users      userCreateSchema -> 201 ManagedUser; duplicate username -> 409 MSG.usernameTaken.
 *                          Creating an admin, promoting a user to admin and setting ANOTHER user's password
 *                          need a fresh second factor (403 step_up_required) and e-mail every admin
 *                          (security.ts; issue 55 defect 3).
 * - PATCH  /api/users/:id  userUpdateSchema (blank password keeps the current one) -> 200 ManagedUser;
 *                          a new password revokes that user's sessions (and so their push subscriptions),
 *                          except the caller's own, and their offline vault devices;
 *                          demoting the last admin -> 400.
 * - DELETE /api/users/:id  -> 204; the `admin` user or the last admin -> 400; their tickets are unassigned,
 *                          work history kept.
 * - GET    /api/technicians (staff; SPEC.md 3 / 6) -> Technician[]: technicians and admins not disabled, by username.
 * - POST   /api/users/:id/disable, /enable: status.ts.
 * Password hashes are never returned. A refused request changes nothing.
 */
import Router from '@koa/router';
import { ADMIN_USERNAME, MSG, userCreateSchema, userUpdateSchema } from '@portal/shared';
import type { Technician } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { event, type DomainEvent } from '../../events';
import { presentManagedUser } from './presenter';
import { userStatusRoutes } from './status';
import { assertAnotherAdmin } from './service';
import { alertAdmins, requireAdminStepUp } from './security';
import { deleteUser, findUserById, findUserByUsername, insertUser, listAssignableUsers, listUsers, updateUser } from './repository';
import { actorOf } from '../../http/actor';

/** The actor of an admin_security_action e-mail. */
const alertActor = (ctx: { state: AppState; ip: string }) => ({ username: ctx.state.auth!.user.username, ip: ctx.ip });

const usernameTaken = () => conflict(MSG.usernameTaken, { fieldErrors: { username: [MSG.usernameTaken] } });

export function userRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const createInput = validate({ body: userCreateSchema });
  const updateInput = validate({ params: idParamsSchema, body: userUpdateSchema, notFoundMessage: MSG.userNotFound });
  const deleteInput = validate({ params: idParamsSchema, notFoundMessage: MSG.userNotFound });

  router.get('/api/users', requireAdmin(), async (ctx) => {
    ctx.body = (await listUsers(s.db)).map(presentManagedUser);
  });

  router.post('/api/users', requireAdmin(), createInput, transaction(s), async (ctx) => {
    const { username, password, email, phone, role } = createInput.get(ctx).body;
    const tx = txOf(ctx);
    if (role === 'admin') await requireAdminStepUp(tx, ctx.state.auth!, s.clock());
    if (await findUserByUsername(tx, username)) throw usernameTaken();
    const passwordHash = await s.passwords.hash(password);
    const row = await insertUser(tx, { username, passwordHash, email, phone, role, createdAt: s.clock() });
    if (!row) throw usernameTaken();
    if (role === 'admin') await alertAdmins(tx, alertActor(ctx), `created the admin ${username}`, s.clock());
    await s.events.emit(tx, [event('user.created', { userId: row.id, username: row.username, role: row.role }, s.clock(), actorOf(ctx))]);
    ctx.status = 201;
    ctx.body = presentManagedUser(row);
  });

  router.patch('/api/users/:id', requireAdmin(), updateInput, transaction(s), async (ctx) => {
    const { params, body } = updateInput.get(ctx);
    const tx = txOf(ctx);
    const existing = await findUserById(tx, params.id);
    if (!existing) throw notFound(MSG.userNotFound);
    if (body.username !== undefined && body.username !== existing.username) {
      if (existing.username === ADMIN_USERNAME) throw badRequest('The admin user cannot be renamed', { username: ['The admin user cannot be renamed'] });
      if (await findUserByUsername(tx, body.username)) throw usernameTaken();
    }
    const promoted = existing.role !== 'admin' && body.role === 'admin';
    const otherPassword = Boolean(body.password) && existing.id !== ctx.state.auth!.user.id;
    if (promoted || otherPassword) await requireAdminStepUp(tx, ctx.state.auth!, s.clock());
    const passwordHash = body.password ? await s.passwords.hash(body.password) : undefined;
    // The shared schema turns a missing email into null; only an email actually sent may change it.
    const raw = (ctx.request as { body?: Record<string, unknown> }).body ?? {};
    const email = 'email' in raw ? body.email : undefined;
    const phone = 'phone' in raw ? body.phone : undefined;
    if (existing.role === 'admin' && body.role !== undefined && body.role !== 'admin') {
      await assertAnotherAdmin(tx, existing.id, MSG.lastAdminDemote, 'role');
    }
    const row = await updateUser(tx, params.id, { username: body.username, passwordHash, email, phone, role: body.role });
    if (!row) throw notFound(MSG.userNotFound);
    // An admin's reset: whoever knew the old password is signed out everywhere (the caller keeps
    // their own session when resetting their own password) and their offline vault copies go
    // (auth and vault-offline subscribers); no longer staff: no more offline vault (docs/vault.md).
    const by = { id: ctx.state.auth!.user.id, username: ctx.state.auth!.user.username };
    const now = s.clock();
    const emitted: DomainEvent[] = [event('user.updated', { userId: row.id, username: row.username, passwordReset: Boolean(passwordHash) }, now, by)];
    if (passwordHash) emitted.push(event('user.password_changed', { userId: row.id, username: row.username, keepSessionId: ctx.state.auth!.sessionId }, now, by));
    if (row.role !== existing.role) emitted.push(event('user.role_changed', { userId: row.id, username: row.username, from: existing.role, to: row.role }, now, by));
    await s.events.emit(tx, emitted);
    if (promoted) await alertAdmins(tx, alertActor(ctx), `made ${row.username} an admin`, s.clock());
    if (otherPassword) await alertAdmins(tx, alertActor(ctx), `reset the password of ${row.username}`, s.clock());
    s.sessionCache.forget({ userId: params.id });
    ctx.body = presentManagedUser(row);
  });

  router.delete('/api/users/:id', requireAdmin(), deleteInput, transaction(s), async (ctx) => {
    const { id } = deleteInput.get(ctx).params;
    const tx = txOf(ctx);
    const existing = await findUserById(tx, id);
    if (!existing) throw notFound(MSG.userNotFound);
    if (existing.username === ADMIN_USERNAME) throw badRequest('The admin user cannot be deleted');
    const actorId = ctx.state.auth!.user.id;
    if (existing.role === 'admin') await assertAnotherAdmin(tx, id, MSG.lastAdminDelete);
    // Its tickets are unassigned, its offline vault devices revoked (the device rows stay, user_id
    // set null, the name kept, as evidence of who had offline access): subscribers of user.deleting.
    await s.events.emit(tx, [event('user.deleting', { userId: id, username: existing.username }, s.clock(), { id: actorId, username: ctx.state.auth!.user.username })]);
    await deleteUser(tx, id);
    s.sessionCache.forget({ userId: id });
    ctx.status = 204;
  });

  router.get('/api/technicians', requireStaff(), async (ctx) => {
    ctx.body = (await listAssignableUsers(s.db)) satisfies Technician[];
  });
  userStatusRoutes(router, s);
  return router;
}
