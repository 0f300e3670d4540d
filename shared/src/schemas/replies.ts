/**
 * Canned replies, macros and ticket templates (issue 51, docs/replies-and-macros.md): the request
 * schemas of `/api/canned-replies`, `/api/macros`, `/api/ticket-templates` and the shapes they
 * answer. One contract for the API and the phone.
 *
 * Scope: `shared` items are written by admins and used by all staff; `personal` items belong to
 * the technician (or admin) who made them and only they see and change them.
 */
import { z } from 'zod';
import { CONTACT_METHODS, SEVERITIES, TICKET_STATUSES, type ContactMethod, type Severity, type TicketStatus } from '../constants';
import { templateProblem } from '../rules/replyVariables';
import { safeText } from './text';
import { timeEntryCreateSchema } from './sla';
import { CHECKLIST_MAX_ITEMS, templateItemSchema, type TemplateItem } from './checklists';

/** A checklist a macro adds or a template starts a ticket with (issue 52): items with text and "required". */
export const checklistItemsSchema = z.array(templateItemSchema).max(CHECKLIST_MAX_ITEMS, `A checklist holds at most ${CHECKLIST_MAX_ITEMS} items.`);

/** Who may see and change an item. */
export const REPLY_SCOPES = ['shared', 'personal'] as const;
export type ReplyScope = (typeof REPLY_SCOPES)[number];

/** Texts of the forms and the API (tests find elements and messages by them). */
export const REPLY_TEXT = {
  titleRequired: 'Title is required',
  nameRequired: 'Name is required',
  bodyRequired: 'Write the text of the reply',
  macroNoChange: 'A macro must change something: add a reply or note, a status, a resolution, an assignee, a severity, a time entry or a checklist.',
  macroNotFound: 'Macro not found',
  replyNotFound: 'Canned reply not found',
  templateNotFound: 'Ticket template not found',
  /** Shared items are settings that admins manage. */
  sharedNeedsAdmin: 'Only admins can change shared items',
  /** Macro applied with a resolved/closed status and no resolution anywhere. */
  macroNeedsResolution: (macro: string, status: string) =>
    `${macro} sets the status to ${status}, which needs a resolution. Write one in Resolution, then Update Ticket.`,
  tooMany: (what: string, max: number) => `At most ${max} ${what} can be kept. Delete one first.`,
} as const;

/** Most items of one kind a scope may hold: the phone syncs them all, so they stay bounded. */
export const REPLY_LIMITS = { sharedPerKind: 500, personalPerKind: 200 } as const;

/** A mustache reply text: 1..max characters, only known variables (replyVariables.ts). */
export const templateText = (max: number, required: string = REPLY_TEXT.bodyRequired) =>
  safeText({ error: required })
    .trim()
    .min(1, required)
    .max(max)
    .superRefine((v, ctx) => {
      const problem = templateProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const title = (required: string) => safeText({ error: required }).trim().min(1, required).max(120);
const scope = z.enum(REPLY_SCOPES, { message: 'Scope must be shared or personal' });

/** POST /api/canned-replies. */
export const cannedReplyCreateSchema = z.object({
  title: title(REPLY_TEXT.titleRequired),
  body: templateText(5000),
  scope: scope.default('personal'),
});
export type CannedReplyCreate = z.output<typeof cannedReplyCreateSchema>;
export type CannedReplyCreateInput = z.input<typeof cannedReplyCreateSchema>;

/** PATCH /api/canned-replies/:id: title and/or body (the scope stays). */
export const cannedReplyPatchSchema = z
  .object({ title: title(REPLY_TEXT.titleRequired).optional(), body: templateText(5000).optional() })
  .refine((v) => v.title !== undefined || v.body !== undefined, { message: 'Change the title or the text' });
export type CannedReplyPatch = z.output<typeof cannedReplyPatchSchema>;

/** Common fields of the three item kinds as the API returns them (ISO times). */
interface ScopedItem {
  id: string;
  scope: ReplyScope;
  /** The owner of a personal item; null for shared ones. */
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A canned reply. */
export interface CannedReply extends ScopedItem {
  title: string;
  body: string;
}

/** The assignee a macro or template sets: the person applying it, nobody, or a user id. */
export const macroAssigneeSchema = z.union([z.literal('me'), z.literal('unassigned'), z.uuid()], {
  error: "Assignee must be 'me', 'unassigned' or a user id",
});
export type MacroAssignee = z.infer<typeof macroAssigneeSchema>;

/**
 * What a macro changes, all in one ticket update. `comment`: a reply to the customer (`reply`
 * true, e-mailed) or an internal note, with variables. `timeEntry`: minutes worked, recorded with
 * the update. `checklist`: items appended to the ticket's checklist in the same update (issue 52).
 */
export const macroActionsSchema = z
  .object({
    comment: z.object({ text: templateText(10_000), reply: z.boolean({ error: 'Say whether it is a reply or an internal note' }) }).optional(),
    status: z.enum(TICKET_STATUSES, { message: `Status must be one of ${TICKET_STATUSES.join(', ')}` }).optional(),
    resolution: templateText(10_000, 'Write the resolution or leave it out').optional(),
    assignee: macroAssigneeSchema.optional(),
    severity: z.enum(SEVERITIES, { message: `Severity must be one of ${SEVERITIES.join(', ')}` }).optional(),
    timeEntry: timeEntryCreateSchema.pick({ minutes: true, billable: true }).optional(),
    /** Checklist items appended to the ticket with the same update (issue 52); at least one when present. */
    checklist: checklistItemsSchema.min(1, 'Add at least one checklist item or leave the checklist out').optional(),
  })
  .refine((a) => Object.values(a).some((v) => v !== undefined), { message: REPLY_TEXT.macroNoChange });
export type MacroActions = z.output<typeof macroActionsSchema>;

/** POST /api/macros. */
export const macroCreateSchema = z.object({ name: title(REPLY_TEXT.nameRequired), scope: scope.default('personal'), actions: macroActionsSchema });
export type MacroCreate = z.output<typeof macroCreateSchema>;
export type MacroCreateInput = z.input<typeof macroCreateSchema>;

/** PATCH /api/macros/:id: name and/or the whole actions object. */
export const macroPatchSchema = z
  .object({ name: title(REPLY_TEXT.nameRequired).optional(), actions: macroActionsSchema.optional() })
  .refine((v) => v.name !== undefined || v.actions !== undefined, { message: 'Change the name or the actions' });
export type MacroPatch = z.output<typeof macroPatchSchema>;

/** A macro. */
export interface Macro extends ScopedItem {
  name: string;
  actions: {
    comment?: { text: string; reply: boolean };
    status?: TicketStatus;
    resolution?: string;
    assignee?: MacroAssignee;
    severity?: Severity;
    timeEntry?: { minutes: number; billable: boolean };
    checklist?: TemplateItem[];
  };
}

/** POST /api/ticket-templates: what a staff-created ticket starts from. */
export const ticketTemplateCreateSchema = z.object({
  name: title(REPLY_TEXT.nameRequired),
  scope: scope.default('personal'),
  issue: safeText().trim().max(10_000).default(''),
  severity: z.enum(SEVERITIES, { message: `Severity must be one of ${SEVERITIES.join(', ')}` }).default('medium'),
  contactMethod: z.enum(CONTACT_METHODS, { message: `Contact method must be one of ${CONTACT_METHODS.join(', ')}` }).nullable().default(null),
  assignee: macroAssigneeSchema.default('me'),
  /** The checklist a ticket made from the template starts with (issue 52); may be empty. */
  checklist: checklistItemsSchema.default([]),
});
export type TicketTemplateCreate = z.output<typeof ticketTemplateCreateSchema>;
export type TicketTemplateCreateInput = z.input<typeof ticketTemplateCreateSchema>;

/** PATCH /api/ticket-templates/:id: any of the fields but the scope. */
export const ticketTemplatePatchSchema = z
  .object({
    name: title(REPLY_TEXT.nameRequired).optional(),
    issue: safeText().trim().max(10_000).optional(),
    severity: z.enum(SEVERITIES).optional(),
    contactMethod: z.enum(CONTACT_METHODS).nullable().optional(),
    assignee: macroAssigneeSchema.optional(),
    checklist: checklistItemsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Change at least one field' });
export type TicketTemplatePatch = z.output<typeof ticketTemplatePatchSchema>;

/** A ticket template, with the checklist its tickets start with ([] for none). */
export interface TicketTemplate extends ScopedItem {
  name: string;
  issue: string;
  severity: Severity;
  contactMethod: ContactMethod | null;
  assignee: MacroAssignee;
  /** Always sent; absent only in copies phones kept from older builds. */
  checklist?: TemplateItem[];
}

/**
 * `GET /api/canned-replies|macros|ticket-templates?since=CURSOR`: what changed for the caller
 * since the cursor (a phone's copy), oldest first; `deleted` = ids removed since.
 */
export interface ReplyDeltaPage<T> {
  items: T[];
  deleted: string[];
  cursor: string;
  more: boolean;
}
