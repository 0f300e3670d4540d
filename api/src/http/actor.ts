/**
 * The signed-in user who made a request, as events record their actor (docs/events.md `EventActor`).
 */
import type { ParameterizedContext } from 'koa';
import type { AppState } from './state';

/**
 * `{ id, username }` of the request's user.
 * @throws Error when the route has no signed-in user (a programming error: mount after requireRole).
 */
export function actorOf(ctx: ParameterizedContext<AppState>): { id: string; username: string } {
  const user = ctx.state.auth?.user;
  if (!user) throw new Error(`${ctx.method} ${ctx.path}: no signed-in user`);
  return { id: user.id, username: user.username };
}
