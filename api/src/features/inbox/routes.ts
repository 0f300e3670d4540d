/**
 * Personal alert choices and the inbox (issue 57 point 5, docs/api.md "Notification preferences and
 * inbox"); staff only, each person their own:
 * - GET  /api/me/notification-preferences   -> AlertPreferences (the defaults when never chosen)
 * - PUT  /api/me/notification-preferences   alertPreferencesSchema -> AlertPreferences as stored
 * - GET  /api/me/inbox?since=&before=&limit= -> InboxPage (keyset on the change position, newest first)
 * - POST /api/me/inbox/read                 `{ ids }` | `{ all: true }` -> `{ unread }` (idempotent:
 *   reading a read entry changes nothing)
 */
import Router from '@koa/router';
import { INBOX_PAGE_MAX, alertPreferencesSchema, inboxQuerySchema, inboxReadSchema } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { inboxPage, markRead, readPreferences, savePreferences } from './repository';

/** Entries per page when the client names no limit. */
const DEFAULT_PAGE = 50;

export function inboxRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const prefsInput = validate({ body: alertPreferencesSchema });
  const pageInput = validate({ query: inboxQuerySchema });
  const readInput = validate({ body: inboxReadSchema });

  router.get('/api/me/notification-preferences', requireStaff(), async (ctx) => {
    ctx.body = await readPreferences(s.db, ctx.state.auth!.user.id);
  });
  router.put('/api/me/notification-preferences', requireStaff(), prefsInput, transaction(s), async (ctx) => {
    const body = prefsInput.get(ctx).body;
    await savePreferences(txOf(ctx), ctx.state.auth!.user.id, body, s.clock());
    ctx.body = body;
  });
  router.get('/api/me/inbox', requireStaff(), pageInput, async (ctx) => {
    const q = pageInput.get(ctx).query;
    ctx.body = await inboxPage(s.db, ctx.state.auth!.user.id, { since: q.since, before: q.before, limit: Math.min(q.limit ?? DEFAULT_PAGE, INBOX_PAGE_MAX) });
  });
  router.post('/api/me/inbox/read', requireStaff(), readInput, transaction(s), async (ctx) => {
    ctx.body = { unread: await markRead(txOf(ctx), ctx.state.auth!.user.id, readInput.get(ctx).body, s.clock()) };
  });
  return router;
}
