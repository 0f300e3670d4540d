import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ticketCreateSchema, type ContactMethod, type Severity, type TicketCreate } from '@portal/shared';

/** What the inputs hold; severity and contact method start unselected (''). */
export interface TicketFormValues {
  clientName: string;
  businessName: string;
  customerEmail: string;
  customerPhone: string;
  severity: Severity | '';
  contactMethod: ContactMethod | '';
  issue: string;
  /** "Which device?" (optional, issue 53): free text; '' = none. */
  device: string;
}

/**
 * The support form's validation: the shared schema, exactly like the API (SPEC.md 5, DESIGN.md 2).
 * Its own module so zod loads after the form is usable (TicketForm's lazy resolver).
 */
export const ticketResolver = zodResolver(ticketCreateSchema) as unknown as Resolver<TicketFormValues, unknown, TicketCreate>;
