/**
 * Canned replies, macros and ticket templates (issue 51, docs/replies-and-macros.md), the same four
 * routes for each of `/api/canned-replies`, `/api/macros` and `/api/ticket-templates`:
 * - GET    <base>             staff -> the shared items and the caller's personal ones, by name;
 *                             with `?since=CURSOR[&limit]` -> ReplyDeltaPage (the phone's copy: changes
 *                             after the cursor, oldest first, `deleted` ids).
 * - POST   <base>             staff; the kind's create schema -> 201 item. `scope: 'shared'` needs admin (403).
 * - PATCH  <base>/:id         staff; the kind's patch schema -> item. Shared: admin; personal: the owner (else 404).
 * - DELETE <base>/:id         staff; as PATCH -> 204.
 * `user` role: 403; anonymous: 401. Writes run in the route's transaction with an optional
 * Idempotency-Key (settings are edited online, but a retried request must not add a second item).
 */
import Router from '@koa/router';
import type { z } from 'zod';
import {
  DELTA_PAGE_DEFAULT,
  cannedReplyCreateSchema,
  cannedReplyPatchSchema,
  deltaQuerySchema,
  macroCreateSchema,
  macroPatchSchema,
  ticketTemplateCreateSchema,
  ticketTemplatePatchSchema,
  type ReplyDeltaPage,
} from '@portal/shared';
import type { ReplyItemKind } from '../../db/schema';
import { nextCursor } from '../../db/sync';
import { requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { presentMacro, presentReply, presentTemplate } from './presenter';
import { itemsSince, listItems, type ReplyItemRow } from './repository';
import { KIND_TEXT, changeItem, createItem, removeItem, type NewItem } from './service';

/** One kind's routes: where, its schemas, and how a validated body becomes a row's name and data. */
interface KindRoutes<C extends z.ZodType, P extends z.ZodType> {
  kind: ReplyItemKind;
  base: string;
  create: C;
  patch: P;
  toNew(body: z.output<C>): NewItem;
  toChange(body: z.output<P>): { name?: string | undefined; data?: Record<string, unknown> };
  present(row: ReplyItemRow): unknown;
}

/** Drops undefined fields (a template PATCH changes only what it sends). */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const KINDS = [
  {
    kind: 'reply',
    base: '/api/canned-replies',
    create: cannedReplyCreateSchema,
    patch: cannedReplyPatchSchema,
    toNew: (b) => ({ name: b.title, scope: b.scope, data: { body: b.body } }),
    toChange: (b) => ({ name: b.title, ...(b.body !== undefined ? { data: { body: b.body } } : {}) }),
    present: presentReply,
  } satisfies KindRoutes<typeof cannedReplyCreateSchema, typeof cannedReplyPatchSchema>,
  {
    kind: 'macro',
    base: '/api/macros',
    create: macroCreateSchema,
    patch: macroPatchSchema,
    toNew: (b) => ({ name: b.name, scope: b.scope, data: { actions: b.actions } }),
    toChange: (b) => ({ name: b.name, ...(b.actions !== undefined ? { data: { actions: b.actions } } : {}) }),
    present: presentMacro,
  } satisfies KindRoutes<typeof macroCreateSchema, typeof macroPatchSchema>,
  {
    kind: 'template',
    base: '/api/ticket-templates',
    create: ticketTemplateCreateSchema,
    patch: ticketTemplatePatchSchema,
    toNew: ({ name, scope, ...data }) => ({ name, scope, data }),
    toChange: ({ name, ...data }) => {
      const changed = defined(data);
      return { name, ...(Object.keys(changed).length ? { data: changed } : {}) };
    },
    present: presentTemplate,
  } satisfies KindRoutes<typeof ticketTemplateCreateSchema, typeof ticketTemplatePatchSchema>,
];

/** Adds one kind's four routes to `router`. */
function addKind<C extends z.ZodType, P extends z.ZodType>(router: Router<AppState>, s: Services, k: KindRoutes<C, P>): void {
  const listInput = validate({ query: deltaQuerySchema });
  const createInput = validate({ body: k.create });
  const patchInput = validate({ params: idParamsSchema, body: k.patch, notFoundMessage: KIND_TEXT[k.kind].notFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: KIND_TEXT[k.kind].notFound });
  const write = transaction(s, { idempotent: true });

  router.get(k.base, requireStaff(), listInput, async (ctx) => {
    const { since, limit } = listInput.get(ctx).query;
    const me = ctx.state.auth!.user.id;
    if (since === undefined) {
      ctx.body = (await listItems(s.db, k.kind, me)).map(k.present);
      return;
    }
    const max = limit ?? DELTA_PAGE_DEFAULT;
    const rows = await itemsSince(s.db, k.kind, me, Number(since), max);
    const page = rows.slice(0, max);
    ctx.body = {
      items: page.filter((r) => !r.deletedAt).map(k.present),
      deleted: page.filter((r) => r.deletedAt).map((r) => r.id),
      cursor: nextCursor(page, since),
      more: rows.length > max,
    } satisfies ReplyDeltaPage<unknown>;
  });

  router.post(k.base, requireStaff(), createInput, write, async (ctx) => {
    const row = await createItem(txOf(ctx), k.kind, k.toNew(createInput.get(ctx).body as z.output<C>), ctx.state.auth!.user, s.clock());
    ctx.status = 201;
    ctx.body = k.present(row);
  });

  router.patch(`${k.base}/:id`, requireStaff(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = k.present(await changeItem(txOf(ctx), k.kind, params.id, k.toChange(body as z.output<P>), ctx.state.auth!.user, s.clock()));
  });

  router.delete(`${k.base}/:id`, requireStaff(), idInput, transaction(s), async (ctx) => {
    await removeItem(txOf(ctx), k.kind, idInput.get(ctx).params.id, ctx.state.auth!.user, s.clock());
    ctx.status = 204;
  });
}

/** The replies router (see the module doc for the routes). */
export function replyRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  for (const k of KINDS) addKind(router, s, k as KindRoutes<z.ZodType, z.ZodType>);
  return router;
}
