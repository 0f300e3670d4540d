/**
 * Clients routes (issue 50, docs/api.md "Clients"). Staff read and edit; admins archive and delete;
 * `user` 403, anonymous 401. Writes run in the route's transaction; edits accept an Idempotency-Key
 * (the PWA outbox resends them with the same key, applied once).
 * - GET    /api/clients                       `?q=&after=&limit=&archived=` -> ClientPage (keyset, name order)
 * - GET    /api/clients?since=CURSOR          -> ClientDeltaPage (whole cards; deleted ids)
 * - POST   /api/clients                       clientCreateSchema -> 201 Client; 409 name taken
 * - GET    /api/clients/unlinked-tickets      admin; `?after=&limit=` -> UnlinkedTicketPage ("Tickets without a client")
 * - GET    /api/clients/from-ticket/:id       -> ClientDraft ("Create client from this ticket"; creates nothing)
 * - GET    /api/clients/:id                   -> Client (contacts, sites, open ticket count)
 * - GET    /api/clients/:id/visits            -> ClientVisits: the newest 50 on-site visits of its tickets and the total (issue 54)
 * - PATCH  /api/clients/:id                   clientPatchSchema -> Client (`archived`: admin)
 * - DELETE /api/clients/:id                   admin; 204; 409 when tickets refer to it (archive instead)
 * - POST   /api/clients/:id/contacts          contactCreateSchema -> 201 Contact
 * - PATCH  /api/clients/:id/contacts/:childId contactPatchSchema -> Contact
 * - DELETE /api/clients/:id/contacts/:childId admin; 204 (archived when tickets refer to it)
 * - POST   /api/clients/:id/sites             siteCreateSchema -> 201 Site
 * - PATCH  /api/clients/:id/sites/:childId    sitePatchSchema -> Site
 * - DELETE /api/clients/:id/sites/:childId    admin; 204
 */
import Router from '@koa/router';
import { CLIENT_MSG, MSG, clientChildParamsSchema, clientCreateSchema, clientListQuerySchema, clientPatchSchema, contactCreateSchema, unlinkedTicketsQuerySchema, contactPatchSchema, siteCreateSchema, sitePatchSchema } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { clientDraftFromTicket } from './draft';
import { listUnlinkedTickets } from './unlinked';
import { createContact, createSite, deleteContact, deleteSite, patchContact, patchSite } from './children';
import { clientVisits, clientsSince, createClient, deleteClient, getClient, listClients, patchClient, type ClientDeps, type ClientPorts } from './service';

export function clientRoutes(s: Services, ports: ClientPorts): Router<AppState> {
  const router = new Router<AppState>();
  const deps: ClientDeps = { phoneCountry: s.config.phoneCountry };
  const write = transaction(s, { idempotent: true });
  const listInput = validate({ query: clientListQuerySchema });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: CLIENT_MSG.notFound });
  const ticketIdInput = validate({ params: idParamsSchema, notFoundMessage: MSG.ticketNotFound });
  const createInput = validate({ body: clientCreateSchema });
  const patchInput = validate({ params: idParamsSchema, body: clientPatchSchema, notFoundMessage: CLIENT_MSG.notFound });
  const contactCreate = validate({ params: idParamsSchema, body: contactCreateSchema, notFoundMessage: CLIENT_MSG.notFound });
  const contactPatch = validate({ params: clientChildParamsSchema, body: contactPatchSchema, notFoundMessage: CLIENT_MSG.contactNotFound });
  const contactId = validate({ params: clientChildParamsSchema, notFoundMessage: CLIENT_MSG.contactNotFound });
  const siteCreate = validate({ params: idParamsSchema, body: siteCreateSchema, notFoundMessage: CLIENT_MSG.notFound });
  const sitePatch = validate({ params: clientChildParamsSchema, body: sitePatchSchema, notFoundMessage: CLIENT_MSG.siteNotFound });
  const siteId = validate({ params: clientChildParamsSchema, notFoundMessage: CLIENT_MSG.siteNotFound });

  router.get('/api/clients', requireStaff(), listInput, async (ctx) => {
    const q = listInput.get(ctx).query;
    ctx.body = q.since === undefined ? await listClients(s.db, q) : await clientsSince(s.db, q.since, q.limit);
  });
  router.post('/api/clients', requireStaff(), createInput, write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createClient(txOf(ctx), deps, createInput.get(ctx).body, ctx.state.auth!.user, s.clock());
  });
  const unlinkedInput = validate({ query: unlinkedTicketsQuerySchema });
  router.get('/api/clients/unlinked-tickets', requireAdmin(), unlinkedInput, async (ctx) => {
    const q = unlinkedInput.get(ctx).query;
    ctx.body = await listUnlinkedTickets(s.db, { after: q.after, limit: q.limit ?? 50 });
  });
  router.get('/api/clients/from-ticket/:id', requireStaff(), ticketIdInput, async (ctx) => {
    ctx.body = await clientDraftFromTicket(s.db, ticketIdInput.get(ctx).params.id, deps.phoneCountry);
  });
  router.get('/api/clients/:id', requireStaff(), idInput, async (ctx) => {
    ctx.body = await getClient(s.db, idInput.get(ctx).params.id);
  });
  router.get('/api/clients/:id/visits', requireStaff(), idInput, async (ctx) => {
    ctx.body = await clientVisits(s.db, ports, idInput.get(ctx).params.id);
  });
  router.patch('/api/clients/:id', requireStaff(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = await patchClient(txOf(ctx), deps, params.id, body, ctx.state.auth!.user, s.clock());
  });
  router.delete('/api/clients/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    await deleteClient(txOf(ctx), ports, idInput.get(ctx).params.id, s.clock());
    ctx.status = 204;
  });

  router.post('/api/clients/:id/contacts', requireStaff(), contactCreate, write, async (ctx) => {
    const { params, body } = contactCreate.get(ctx);
    ctx.status = 201;
    ctx.body = await createContact(txOf(ctx), deps, params.id, body, s.clock());
  });
  router.patch('/api/clients/:id/contacts/:childId', requireStaff(), contactPatch, write, async (ctx) => {
    const { params, body } = contactPatch.get(ctx);
    ctx.body = await patchContact(txOf(ctx), deps, params.id, params.childId, body, s.clock());
  });
  router.delete('/api/clients/:id/contacts/:childId', requireAdmin(), contactId, transaction(s), async (ctx) => {
    const { params } = contactId.get(ctx);
    await deleteContact(txOf(ctx), params.id, params.childId, s.clock());
    ctx.status = 204;
  });

  router.post('/api/clients/:id/sites', requireStaff(), siteCreate, write, async (ctx) => {
    const { params, body } = siteCreate.get(ctx);
    ctx.status = 201;
    ctx.body = await createSite(txOf(ctx), params.id, body, s.clock());
  });
  router.patch('/api/clients/:id/sites/:childId', requireStaff(), sitePatch, write, async (ctx) => {
    const { params, body } = sitePatch.get(ctx);
    ctx.body = await patchSite(txOf(ctx), params.id, params.childId, body, s.clock());
  });
  router.delete('/api/clients/:id/sites/:childId', requireAdmin(), siteId, transaction(s), async (ctx) => {
    const { params } = siteId.get(ctx);
    await deleteSite(txOf(ctx), params.id, params.childId, s.clock());
    ctx.status = 204;
  });
  return router;
}
