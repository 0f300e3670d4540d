/**
 * POST /api/tickets/staff (issue 51, docs/replies-and-macros.md "New Ticket"): a technician or
 * admin opens a ticket for a customer who called or walked in. The same create as the public form
 * (create.ts `createTickets`: one statement, a gap-free number, the status link, the new-ticket
 * alerts and the customer's confirmation), with the assignee (`me` by default), the staff member
 * as the author of its 'created' entry, no customer message when `notifyCustomer` is false, and
 * the client and contact the caller picked (`clientId`, `contactId`: checked through the clients port)
 * and that client's assets (`assetIds`: linked through the assets port, one `asset_link` row each).
 * Staff only (`user`: 403); `Idempotency-Key` makes a create queued offline land once.
 * Answer: 201 `TicketCreated` without `statusUrl` (the link's token goes to the customer only).
 */
import type Router from '@koa/router';
import { MSG, ticketStaffCreateSchema, type TicketCreated } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { checkTicketLinks } from '../clients/port';
import { linkAssetsOnCreate } from './assetLinks';
import { createTickets } from './create';
import { addChecklistItems } from '../checklists/port';
import { isAssignable } from './repository';
import { newStatusLink, type StatusLinkDeps } from './statusLinks';

/** Adds the route to the tickets router. */
export function addStaffCreate(router: Router<AppState>, s: Services, links: StatusLinkDeps): void {
  const input = validate({ body: ticketStaffCreateSchema });
  router.post('/api/tickets/staff', requireStaff(), input, transaction(s, { idempotent: true }), async (ctx) => {
    const { assignee, notifyCustomer, templateId: _template, clientId, contactId, checklist, assetIds, ...form } = input.get(ctx).body;
    const actor = ctx.state.auth!.user;
    const tx = txOf(ctx);
    const assignedTo = assignee === 'me' ? actor.id : assignee === 'unassigned' ? null : assignee;
    if (assignedTo && assignedTo !== actor.id && !(await isAssignable(tx, assignedTo))) {
      throw badRequest(MSG.assigneeInvalid, { assignee: [MSG.assigneeInvalid] });
    }
    const picked = { clientId: clientId ?? null, contactId: contactId ?? null };
    // The picked client and contact must exist and belong together (clients port: 404 / 400 under contactId).
    if (picked.clientId || picked.contactId) await checkTicketLinks(tx, { ...picked, siteId: null });
    const now = s.clock();
    const staff = { actor: { id: actor.id, username: actor.username }, assignedTo, notifyCustomer, links: picked };
    const [created] = await createTickets(tx, s.events, [{ input: form, now, statusLink: newStatusLink(links, now), staff }]);
    if (created && checklist?.length) await addChecklistItems(tx, created.id, checklist, now); // the template's (issue 52)
    if (created && assetIds?.length) await linkAssetsOnCreate(tx, { ticketId: created.id, clientId: picked.clientId, assetIds, actor, now }); // issue 53
    ctx.status = 201;
    ctx.body = created satisfies TicketCreated | undefined;
  });
}
