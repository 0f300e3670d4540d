import type { Ticket } from '@portal/shared';

/**
 * Ticket search and assignee filter of the ticket screen, pure so it runs on the cached
 * tickets with no network and is unit-tested. Designed for 10,000 cached tickets: each ticket's
 * searchable text is built once and kept in a WeakMap keyed by the ticket object (the live query
 * hands out the same objects until a ticket changes), so a keystroke costs one `includes` per token
 * per ticket.
 */

/** Assignee filter: everyone, nobody assigned, or one user id ('Mine' is the signed-in user's id). */
export type AssigneeFilter = { kind: 'any' } | { kind: 'unassigned' } | { kind: 'user'; id: string };

export const ANY_ASSIGNEE: AssigneeFilter = { kind: 'any' };

/** The fields searched: number, client, business, e-mail, phone and issue text. */
type Searchable = Pick<Ticket, 'ticketNumber' | 'clientName' | 'businessName' | 'customerEmail' | 'customerPhone' | 'issue'>;

interface Index {
  text: string;
  digits: string;
}

const cache = new WeakMap<object, Index>();

function indexOf(t: Searchable): Index {
  let entry = cache.get(t);
  if (!entry) {
    const text = [t.ticketNumber, t.clientName, t.businessName ?? '', t.customerEmail, t.customerPhone, t.issue].join('\n').toLowerCase();
    entry = { text, digits: t.customerPhone.replace(/\D/g, '') };
    cache.set(t, entry);
  }
  return entry;
}

/** The query split into lower-case words; every word must match (AND). */
export function searchTokens(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * True when every token occurs in one of the searched fields. A token of digits (and phone
 * punctuation) with at least 3 digits also matches the phone number ignoring its formatting, so
 * '5550101' finds '(555) 010-1'.
 */
export function matchesTokens(t: Searchable, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true;
  const { text, digits } = indexOf(t);
  return tokens.every((token) => {
    if (text.includes(token)) return true;
    if (!/^[\d()+.-]+$/.test(token)) return false;
    const d = token.replace(/\D/g, '');
    return d.length >= 3 && digits.includes(d);
  });
}

/**
 * True when the server's list search (`q` of GET /api/tickets/list: one case-insensitive
 * substring) finds what {@link matchesTokens} finds: an empty query or a single word that is not
 * a phone number (phone digits match here ignoring formatting, on the server only as typed).
 * Other searches (several words, phone numbers) run on the device's tickets.
 */
export function serverCanSearch(query: string): boolean {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return true;
  return tokens.length === 1 && !/^[\d()+.-]+$/.test(tokens[0]);
}

/** True when the ticket passes the assignee filter. */
export function matchesAssignee(t: Pick<Ticket, 'assignedTo'>, filter: AssigneeFilter): boolean {
  if (filter.kind === 'any') return true;
  if (filter.kind === 'unassigned') return !t.assignedTo;
  return t.assignedTo === filter.id;
}

/** The tickets matching `query` and `assignee`, in their given order. */
export function filterTickets<T extends Searchable & Pick<Ticket, 'assignedTo'>>(tickets: readonly T[], query: string, assignee: AssigneeFilter): T[] {
  const tokens = searchTokens(query);
  if (tokens.length === 0 && assignee.kind === 'any') return tickets as T[];
  return tickets.filter((t) => matchesAssignee(t, assignee) && matchesTokens(t, tokens));
}

/** Serialises a filter for a <select> value: 'any', 'unassigned' or 'user:<id>'. */
export function assigneeValue(f: AssigneeFilter): string {
  return f.kind === 'user' ? `user:${f.id}` : f.kind;
}

/** Parses a <select> value made by {@link assigneeValue}. */
export function parseAssignee(value: string): AssigneeFilter {
  if (value.startsWith('user:')) return { kind: 'user', id: value.slice(5) };
  return value === 'unassigned' ? { kind: 'unassigned' } : ANY_ASSIGNEE;
}
