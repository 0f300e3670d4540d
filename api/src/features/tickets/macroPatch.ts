/**
 * What PATCH /api/tickets/:id adds around the merge (issue 51, docs/replies-and-macros.md):
 * - `macroId`: the update applies a macro. Its work-history rows are one group naming the macro
 *   (`macro` on each entry); a macro that sets a resolved/closed status must leave a resolution
 *   (shared `macroResolutionProblem`, 400, nothing applied: the route's transaction rolls back).
 * - `timeEntry`: minutes worked, recorded in the same transaction (sla port), so an update queued
 *   offline records its time once with its Idempotency-Key.
 * - `checklist`: items appended to the ticket's checklist (a macro's, issue 52), after the fields, with
 *   an 'Added "x"' history row each in the macro's group; the answer's ticket carries the new version
 *   and the whole checklist. (A macro's own items do not block the status it sets.)
 * - `assetIds`: the ticket's assets, linked and unlinked in the same transaction (assetLinks.ts);
 *   the rows other features' subscribers added to the change (reactionHistory.ts) are in the answer.
 * - `tagsAdd` / `tagsRemove`: the ticket's tags as set operations (tagLinks.ts, docs/tags.md).
 * The update itself is service.ts `patchTicket`, unchanged: the same merge rule, 409 and alerts.
 */
import { macroResolutionProblem, type TicketPatch, type TicketPatchResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { addChecklistItems, checklistsOf } from '../checklists/port';
import { macroForUpdate } from '../replies/port';
import { recordTimeEntry } from '../sla/port';
import { applyAssetLinks } from './assetLinks';
import { lockTicketForChecklist, recordChecklistChanges } from './checklistHistory';
import { applyTagLinks } from './tagLinks';
import { tagMacro } from './historyRepository';
import { presentTicketUpdate } from './presenter';
import { takeReactionRows } from './reactionHistory';
import { patchTicket } from './service';

/** patchTicket's arguments after the patch (the event bus, attachments). */
type PatchRest = Parameters<typeof patchTicket> extends [Database, string, TicketPatch, AuthUser, Date, ...infer R] ? R : never;

/** Applies `patch` (module doc) in `tx`; throws as patchTicket does, plus 400 for an unknown macro or a missing resolution. */
export async function patchTicketWithMacro(tx: Database, ticketId: string, patch: TicketPatch, actor: AuthUser, now: Date, ...rest: PatchRest): Promise<TicketPatchResult> {
  const macro = patch.macroId ? await macroForUpdate(tx, patch.macroId, actor.id) : null;
  const patched = await patchTicket(tx, ticketId, patch, actor, now, ...rest);
  // Rows other features' subscribers added to this change (e.g. assets unlinked on a client change).
  patched.updates = [...patched.updates, ...takeReactionRows(tx, ticketId).map(presentTicketUpdate)];
  const linked = await applyAssetLinks(tx, ticketId, patch, patched, actor, now);
  const result = await applyTagLinks(tx, ticketId, patch, linked, actor, now);
  if (macro) {
    const problem = patch.status !== undefined ? macroResolutionProblem(macro.name, result.ticket) : null;
    if (problem) throw badRequest(problem, { resolution: [problem] });
    await tagMacro(tx, result.updates.map((u) => u.id), macro);
    result.updates = result.updates.map((u) => ({ ...u, macro }));
  }
  if (patch.checklist) await appendChecklist(tx, ticketId, patch.checklist, actor, now, macro, result);
  if (patch.timeEntry) {
    result.timeEntry = await recordTimeEntry(tx, ticketId, actor, { ...patch.timeEntry, note: macro?.name ?? null }, now);
  }
  return result;
}

/** Appends `items` to the ticket (patch `checklist`), tags their history rows with `macro`, and updates `result`. */
async function appendChecklist(
  tx: Database,
  ticketId: string,
  items: NonNullable<TicketPatch['checklist']>,
  actor: AuthUser,
  now: Date,
  macro: { id: string; name: string } | null,
  result: TicketPatchResult,
): Promise<void> {
  await addChecklistItems(tx, ticketId, items, now);
  const added = await recordChecklistChanges(tx, ticketId, actor, items.map((i) => `Added "${i.text}"${i.required ? ' (required)' : ''}`), now);
  if (macro) await tagMacro(tx, added.map((u) => u.id), macro);
  result.updates = [...result.updates, ...added.map((u) => (macro ? { ...u, macro } : u))];
  const locked = await lockTicketForChecklist(tx, ticketId);
  result.ticket = { ...result.ticket, version: locked!.version, updatedAt: now.toISOString(), checklist: (await checklistsOf(tx, [ticketId])).get(ticketId) ?? [] };
}
