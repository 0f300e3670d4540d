/**
 * Ticket checklists and checklist templates (issue 52 items 1, 2, 7; docs/recurring-tickets.md): the
 * request schemas and API types of `/api/tickets/:id/checklist` and `/api/checklist-templates`,
 * shared by the API and the PWA. Texts follow the safe-text rule.
 */
import { z } from 'zod';
import { safeText } from './text';

/** The exact messages of checklists (tests and the PWA find them by these texts). */
export const CHECKLIST_MSG = {
  textRequired: 'Checklist item text is required.',
  itemNotFound: 'Checklist item not found',
  itemOfOtherTicket: 'This checklist item belongs to another ticket.',
  templateNotFound: 'Checklist template not found',
  templateNameRequired: 'Template name is required.',
  templateNameTaken: 'A checklist template with this name already exists.',
  templateItemsRequired: 'A checklist template needs at least one item.',
  nothingToChange: 'Send done, text or required.',
  itemIdTaken: 'This checklist item id is already used by another ticket.',
  templateNothingToChange: 'Send name or items.',
} as const;

/** The most items one checklist or template may hold. */
export const CHECKLIST_MAX_ITEMS = 100;

/**
 * The refusal of Resolved/Closed while required items are open (issue 52 item 1), pluralised:
 * "1 required checklist item is still open", "2 required checklist items are still open".
 */
export function requiredItemsOpenMessage(open: number): string {
  return open === 1 ? '1 required checklist item is still open' : `${open} required checklist items are still open`;
}

/** One checklist item of a ticket as the API returns it (times ISO 8601; doneBy a username or null). */
export interface ChecklistItem {
  id: string;
  text: string;
  required: boolean;
  done: boolean;
  doneBy: string | null;
  doneAt: string | null;
}

/** "3/7": items done of all (cards, kanban); null for a ticket without a checklist. */
export function checklistProgress(items: readonly Pick<ChecklistItem, 'done'>[] | undefined): string | null {
  if (!items || items.length === 0) return null;
  return `${items.filter((i) => i.done).length}/${items.length}`;
}

/** A checklist's count as list pages carry it (`Ticket.checklistProgress`): done of total. */
export interface ChecklistCount {
  done: number;
  total: number;
}

/**
 * The progress a card shows: from the full checklist when the ticket carries it (single reads, the
 * delta feed, the phone's copy with its unsent ticks), else from the list page's count; null when
 * the ticket has no checklist.
 */
export function ticketChecklistProgress(t: { checklist?: readonly Pick<ChecklistItem, 'done'>[] | undefined; checklistProgress?: ChecklistCount | null | undefined }): string | null {
  if (t.checklist) return checklistProgress(t.checklist);
  const c = t.checklistProgress;
  return c && c.total > 0 ? `${c.done}/${c.total}` : null;
}

/** Required items not done (the phone refuses Resolved/Closed while any is open, as the server does). */
export function openRequiredItems(items: readonly Pick<ChecklistItem, 'done' | 'required'>[] | undefined): number {
  return (items ?? []).filter((i) => i.required && !i.done).length;
}

/**
 * Merge by time of one item's tick/untick (issue 52 item 1; the server and the phone's model).
 * `changedAt`: when the item's `done` last moved on the server; `at`: when this change was made
 * (the phone's clock), capped at the server's `now` (a phone clock ahead counts as now). The change
 * applies when it is not older than the last one: the later of two changes of one item wins,
 * whatever order they arrive in. Different items never conflict.
 * @returns whether `done` takes the change, and the time it is recorded at.
 */
export function mergeChecklistTick(item: { changedAt: Date }, change: { at?: string | undefined }, now: Date): { apply: boolean; at: Date } {
  const at = change.at ? new Date(Math.min(Date.parse(change.at), now.getTime())) : now;
  return { apply: at.getTime() >= item.changedAt.getTime(), at };
}

/** Outbox kind of an item added or edited from the Update Ticket panel (stored on queued items: never rename). */
export const CHECKLIST_ITEM_KIND = 'ticket.checklistItem';

/**
 * What a queued add (`POST /api/tickets/:id/checklist` with `{ id, text, required }`) or edit
 * (`PATCH .../checklist/:itemId` with `{ text, required }`) sends. `itemId` is made on the device
 * for an add, so ticks queued after it name the item.
 */
export interface ChecklistItemPayload {
  op: 'add' | 'edit';
  itemId: string;
  text: string;
  required: boolean;
  /** An edit's text before it, for "Not Yet Synced" and messages; never sent. */
  previousText?: string;
}

/** Outbox kind of a queued tick/untick (stored on queued items: never rename). */
export const CHECKLIST_TICK_KIND = 'ticket.checklistTick';

/** What a queued tick sends (`PATCH /api/tickets/:id/checklist/:itemId` with `{ done, at }`) and shows. */
export interface ChecklistTickPayload {
  itemId: string;
  done: boolean;
  /** When it was ticked (ISO 8601, the phone's clock): the server merges the same item by it. */
  at: string;
  /** The item's text, for "Not Yet Synced" and messages; never sent. */
  text: string;
}

const itemText = safeText({ error: CHECKLIST_MSG.textRequired }).trim().min(1, CHECKLIST_MSG.textRequired).max(500);

/**
 * POST /api/tickets/:id/checklist (add one item at the end). `id`: optional, made on the device for
 * an item added offline (a tick queued right after it names it); an add resent with the same id
 * answers the item it made (landed once).
 */
export const checklistItemCreateSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
  text: itemText,
  required: z.boolean({ error: 'required must be true or false' }).default(false),
});
export type ChecklistItemCreate = z.output<typeof checklistItemCreateSchema>;

/**
 * PATCH /api/tickets/:id/checklist/:itemId: tick/untick (`done`) and edit (`text`, `required`).
 * `at`: when the change was made (the phone's clock for a tick queued offline); the same item ticked
 * and unticked is merged by it: a change older than the item's last tick/untick does not move `done`.
 */
export const checklistItemPatchSchema = z
  .object({
    done: z.boolean({ error: 'done must be true or false' }).optional(),
    text: itemText.optional(),
    required: z.boolean({ error: 'required must be true or false' }).optional(),
    at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 time' }).optional(),
  })
  .refine((p) => p.done !== undefined || p.text !== undefined || p.required !== undefined, { message: CHECKLIST_MSG.nothingToChange });
export type ChecklistItemPatch = z.output<typeof checklistItemPatchSchema>;

export const checklistItemParamsSchema = z.object({ id: z.uuid(), itemId: z.uuid() });

/** One item of a template. */
export const templateItemSchema = z.object({
  text: itemText,
  required: z.boolean({ error: 'required must be true or false' }).default(false),
});
export type TemplateItem = z.output<typeof templateItemSchema>;

/** POST /api/checklist-templates, PUT /api/checklist-templates/:id (all fields). */
export const checklistTemplateSchema = z.object({
  name: safeText({ error: CHECKLIST_MSG.templateNameRequired }).trim().min(1, CHECKLIST_MSG.templateNameRequired).max(120),
  items: z.array(templateItemSchema).min(1, CHECKLIST_MSG.templateItemsRequired).max(CHECKLIST_MAX_ITEMS),
});
export type ChecklistTemplateInput = z.input<typeof checklistTemplateSchema>;

/** PATCH /api/checklist-templates/:id: name and/or items (the items replace the template's list). */
export const checklistTemplatePatchSchema = checklistTemplateSchema
  .partial()
  .refine((p) => p.name !== undefined || p.items !== undefined, { message: CHECKLIST_MSG.templateNothingToChange });
export type ChecklistTemplatePatch = z.output<typeof checklistTemplatePatchSchema>;
export type ChecklistTemplateBody = z.output<typeof checklistTemplateSchema>;

/** A checklist template as the API returns it. */
export interface ChecklistTemplate {
  id: string;
  name: string;
  items: TemplateItem[];
  createdAt: string;
  updatedAt: string;
}
