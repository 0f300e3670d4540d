/**
 * Links between a ticket's client and their Customer Vault entry (docs/vault.md "Tickets and vault
 * entries"): a vault entry matches a ticket when the business names are equal (ignoring case and
 * surrounding spaces) or the e-mail domains are equal, except the big free mail providers (two
 * strangers with gmail.com addresses are not one client).
 */

/** Domains never used to match clients. */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'ymail.com',
  'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.net', 'gmx.de',
  'web.de', 'mail.com', 'zoho.com', 'yandex.com', 'comcast.net', 'att.net', 'verizon.net',
];

/** The lower-case domain of an e-mail address that may match a client, or null (none, or a free mail domain). */
export function clientDomainOf(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return null;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domain && !FREE_MAIL_DOMAINS.includes(domain) ? domain : null;
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
