/**
 * "Create client from this ticket" (issue 50 item 2): the client and contact a ticket's own fields
 * suggest (shared ClientDraft). Reads the ticket's customer columns only; creates nothing.
 */
import { eq } from 'drizzle-orm';
import { MSG, toE164, type ClientDraft } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts } from '../../db/schema';
import { notFound } from '../../http/errors';
import { clientDomainOf } from './matching';
import { findClientByName } from './repository';

/** The draft for ticket `ticketId`. @throws 404 MSG.ticketNotFound. */
export async function clientDraftFromTicket(db: Database, ticketId: string, phoneCountry: string): Promise<ClientDraft> {
  const t = ticketFacts;
  const [row] = await db
    .select({ clientName: t.clientName, businessName: t.businessName, email: t.customerEmail, phone: t.customerPhone, contactMethod: t.contactMethod })
    .from(t)
    .where(eq(t.id, ticketId))
    .limit(1);
  if (!row) throw notFound(MSG.ticketNotFound);
  const name = row.businessName?.trim() || row.clientName.trim();
  const domain = clientDomainOf(row.email);
  const phone = toE164(row.phone, phoneCountry);
  const existing = await findClientByName(db, name);
  return {
    name,
    emailDomains: domain ? [domain] : [],
    phone,
    contact: { name: row.clientName.trim(), email: row.email.trim().toLowerCase() || null, phone, preferredContactMethod: row.contactMethod, primary: true },
    existingClientId: existing?.id ?? null,
  };
}
