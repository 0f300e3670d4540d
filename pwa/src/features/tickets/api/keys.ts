import type { TicketStatus } from '@portal/shared';

/** Server-side filters of the staff list and tab counts (docs/api.md "Paging and lists"). */
export interface ServerTicketFilter {
  /** One status tab; undefined = every status. */
  status?: TicketStatus | undefined;
  /** 'mine', 'unassigned' or a user id; undefined = everyone's. */
  assignee?: string | undefined;
  /** Search text (1-100 characters); undefined = none. */
  q?: string | undefined;
  /** A tag name (docs/tags.md); undefined = every ticket. */
  tag?: string | undefined;
}

/** Every server read of the ticket screen starts with this key part (invalidated after each sync pass). */
export const TICKETS_SERVER_KEY = 'tickets-server' as const;

/** Query string of a filter (`status=open&assignee=mine&q=...&tag=...`), empty parts left out. */
export function filterParams(f: ServerTicketFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.assignee) p.set('assignee', f.assignee);
  if (f.q) p.set('q', f.q);
  if (f.tag) p.set('tag', f.tag);
  return p;
}
