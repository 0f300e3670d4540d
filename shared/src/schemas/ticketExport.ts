import { z } from 'zod';
import { tagFilterParam } from './tags';

/** Longest date range of one ticket export, in days (a year and a day, so any calendar year fits). */
export const TICKET_EXPORT_MAX_DAYS = 366;

const day = (field: string) => z.iso.date({ message: `${field} must be a date (YYYY-MM-DD)` });

/**
 * GET /api/tickets/export.csv query: tickets created from `from` to `to`, both whole UTC days
 * included, optionally only those of client `clientId` (issue 50). `to` before `from` or a range
 * over {@link TICKET_EXPORT_MAX_DAYS} days -> 400. `tag`: only tickets with that tag (name, ignoring case;
 * issue 57 item 3).
 */
export const ticketExportQuerySchema = z
  .object({ from: day('from'), to: day('to'), clientId: z.uuid('clientId must be a client id').optional(), tag: tagFilterParam })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < TICKET_EXPORT_MAX_DAYS, {
    message: `The range may span at most ${TICKET_EXPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type TicketExportQuery = z.infer<typeof ticketExportQuerySchema>;

/** Column headings of the ticket CSV export, in order ('Client' is the customer's name as typed; 'Client Account' the ticket's client object, issue 50; 'Visits' its on-site close-outs not superseded, issue 54; 'Tags' its tag names in name order joined by ', ', issue 57). */
export const TICKET_EXPORT_COLUMNS = [
  'Ticket Number',
  'Created',
  'Updated',
  'Status',
  'Severity',
  'Client',
  'Business',
  'Client Account',
  'E-mail',
  'Phone',
  'Contact Method',
  'Assigned To',
  'Issue',
  'Resolution',
  'Visits',
  'Tags',
] as const;
