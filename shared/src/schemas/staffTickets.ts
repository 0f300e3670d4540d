/**
 * Staff-created tickets (issue 51, docs/replies-and-macros.md "New Ticket"): a customer calls or
 * walks in and a technician or admin opens the ticket for them. `POST /api/tickets/staff`.
 */
import { z } from 'zod';
import { ticketCreateSchema } from './tickets';
import { checklistItemsSchema, macroAssigneeSchema } from './replies';

/**
 * POST /api/tickets/staff body: the public form's fields (SPEC.md 5 messages) without files, plus
 * the assignee (`me` by default, `unassigned` or a technician/admin id) and `notifyCustomer`
 * (false = "Do not notify the customer": no confirmation e-mail or SMS). `templateId` names the
 * ticket template it started from (kept by the phone for its list, not stored). `clientId` and
 * `contactId` (optional; a contact needs its client) link the new ticket to a client card: the
 * caller picked them, so the e-mail matching of new tickets leaves that ticket alone. `assetIds`
 * (the picked client's assets) are linked in the same transaction, each with its `asset_link` row.
 */
export const ticketStaffCreateSchema = ticketCreateSchema.omit({ attachments: true, device: true }).extend({
  assignee: macroAssigneeSchema.default('me'),
  notifyCustomer: z.boolean({ error: 'notifyCustomer must be true or false' }).default(true),
  templateId: z.uuid('templateId must be a ticket template id').optional(),
  /** The checklist the ticket starts with (its template's, issue 52), stored in the same transaction. */
  checklist: checklistItemsSchema.optional(),
  clientId: z.uuid('clientId must be a client id').optional(),
  contactId: z.uuid('contactId must be a contact id').optional(),
  /** The picked client's assets the ticket is about (issue 53: "New ticket for this asset", the asset picker). */
  assetIds: z.array(z.uuid('assetIds must be asset ids')).max(50, 'Choose at most 50 assets.').optional(),
});
export type TicketStaffCreateInput = z.input<typeof ticketStaffCreateSchema>;
export type TicketStaffCreate = z.output<typeof ticketStaffCreateSchema>;

/** Texts of the New Ticket screen (tests find elements by them). */
export const STAFF_TICKET_TEXT = {
  newTicket: 'New Ticket',
  doNotNotify: 'Do not notify the customer',
  numberedOnSync: 'Ticket will be numbered when it syncs',
  fromTemplate: 'Start from a template',
  created: 'Ticket Created',
  create: 'Create Ticket',
  creating: 'Creating...',
} as const;
