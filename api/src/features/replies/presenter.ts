/**
 * Replies presenter: the ONE place a `reply_items` row becomes a CannedReply, Macro or
 * TicketTemplate (shared/src/schemas/replies.ts). `data` holds what the shared schema validated
 * on save (db/schema/replies.ts).
 */
import type { CannedReply, Macro, TicketTemplate } from '@portal/shared';
import type { ReplyItemRow } from './repository';

function common(r: ReplyItemRow) {
  return {
    id: r.id,
    scope: r.ownerId ? ('personal' as const) : ('shared' as const),
    ownerId: r.ownerId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Row of kind `reply` -> CannedReply. */
export function presentReply(r: ReplyItemRow): CannedReply {
  return { ...common(r), title: r.name, body: String(r.data.body ?? '') };
}

/** Row of kind `macro` -> Macro. */
export function presentMacro(r: ReplyItemRow): Macro {
  return { ...common(r), name: r.name, actions: (r.data.actions ?? {}) as Macro['actions'] };
}

/** Row of kind `template` -> TicketTemplate. */
export function presentTemplate(r: ReplyItemRow): TicketTemplate {
  const d = r.data as Partial<Omit<TicketTemplate, 'id' | 'name'>>;
  return { ...common(r), name: r.name, issue: d.issue ?? '', severity: d.severity ?? 'medium', contactMethod: d.contactMethod ?? null, assignee: d.assignee ?? 'me', checklist: d.checklist ?? [] };
}
