/**
 * Checklist routes (issue 52 items 1, 2, 7; docs/api.md "Checklists"). Staff tick and add; admins
 * write templates. Writes run in the route's transaction and accept an Idempotency-Key (the phone's
 * outbox resends a tick with the same key: applied once).
 * - POST   /api/tickets/:id/checklist          checklistItemCreateSchema -> 201 ChecklistItem (200 when `id` is already this ticket's item; 409 another ticket's)
 * - PATCH  /api/tickets/:id/checklist/:itemId  checklistItemPatchSchema -> 200 ChecklistItem (merge by time)
 * - GET    /api/checklist-templates            staff -> ChecklistTemplate[]
 * - POST   /api/checklist-templates            admin; checklistTemplateSchema -> 201 ChecklistTemplate; 409 name taken
 * - GET    /api/checklist-templates/:id        staff -> ChecklistTemplate
 * - PUT    /api/checklist-templates/:id        admin; checklistTemplateSchema -> ChecklistTemplate
 * - PATCH  /api/checklist-templates/:id        admin; checklistTemplatePatchSchema (name and/or items) -> ChecklistTemplate; 409 name taken
 * - DELETE /api/checklist-templates/:id        admin; 204
 */
import Router from '@koa/router';
import { CHECKLIST_MSG, MSG, checklistItemCreateSchema, checklistItemParamsSchema, checklistItemPatchSchema, checklistTemplatePatchSchema, checklistTemplateSchema } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { addItem, patchItem, type ChecklistTicketPort } from './service';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, patchTemplate, updateTemplate } from './templates';

export function checklistRoutes(s: Services, tickets: ChecklistTicketPort): Router<AppState> {
  const router = new Router<AppState>();
  const write = transaction(s, { idempotent: true });
  const addInput = validate({ params: idParamsSchema, body: checklistItemCreateSchema, notFoundMessage: MSG.ticketNotFound });
  const patchInput = validate({ params: checklistItemParamsSchema, body: checklistItemPatchSchema, notFoundMessage: CHECKLIST_MSG.itemNotFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: CHECKLIST_MSG.templateNotFound });
  const templateInput = validate({ body: checklistTemplateSchema });
  const templateEdit = validate({ params: idParamsSchema, body: checklistTemplateSchema, notFoundMessage: CHECKLIST_MSG.templateNotFound });
  const templatePatch = validate({ params: idParamsSchema, body: checklistTemplatePatchSchema, notFoundMessage: CHECKLIST_MSG.templateNotFound });

  router.post('/api/tickets/:id/checklist', requireStaff(), addInput, write, async (ctx) => {
    const { params, body } = addInput.get(ctx);
    const { created, ...item } = await addItem(txOf(ctx), tickets, params.id, body, ctx.state.auth!.user, s.clock());
    ctx.status = created ? 201 : 200;
    ctx.body = item;
  });
  router.patch('/api/tickets/:id/checklist/:itemId', requireStaff(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = await patchItem(txOf(ctx), tickets, params.id, params.itemId, body, ctx.state.auth!.user, s.clock());
  });

  router.get('/api/checklist-templates', requireStaff(), async (ctx) => {
    ctx.body = await listTemplates(s.db);
  });
  router.post('/api/checklist-templates', requireAdmin(), templateInput, write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createTemplate(txOf(ctx), templateInput.get(ctx).body, s.clock());
  });
  router.get('/api/checklist-templates/:id', requireStaff(), idInput, async (ctx) => {
    ctx.body = await getTemplate(s.db, idInput.get(ctx).params.id);
  });
  router.put('/api/checklist-templates/:id', requireAdmin(), templateEdit, write, async (ctx) => {
    const { params, body } = templateEdit.get(ctx);
    ctx.body = await updateTemplate(txOf(ctx), params.id, body, s.clock());
  });
  router.patch('/api/checklist-templates/:id', requireAdmin(), templatePatch, write, async (ctx) => {
    const { params, body } = templatePatch.get(ctx);
    ctx.body = await patchTemplate(txOf(ctx), params.id, body, s.clock());
  });
  router.delete('/api/checklist-templates/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    await deleteTemplate(txOf(ctx), idInput.get(ctx).params.id);
    ctx.status = 204;
  });
  return router;
}
