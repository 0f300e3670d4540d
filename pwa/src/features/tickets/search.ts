import { tagKey, type Ticket } from '@portal/shared';

/**
 * Assignee and tag filters of the ticket screen, pure. The search itself is routed by shared/src/search
 * (the server's list, and offline/searchIndex.ts on the phone's copy: docs/search.md).
 */

/** Assignee filter: everyone, nobody assigned, or one user id ('Mine' is the signed-in user's id). */
export type AssigneeFilter = { kind: 'any' } | { kind: 'unassigned' } | { kind: 'user'; id: string };

export const ANY_ASSIGNEE: AssigneeFilter = { kind: 'any' };

/** True when the ticket passes the assignee filter. */
export function matchesAssignee(t: Pick<Ticket, 'assignedTo'>, filter: AssigneeFilter): boolean {
  if (filter.kind === 'any') return true;
  if (filter.kind === 'unassigned') return !t.assignedTo;
  return t.assignedTo === filter.id;
}

/** True when the ticket has the tag `tag` (ignoring case, as the server's `?tag=`), or `tag` is ''. */
export function matchesTag(t: Pick<Ticket, 'tags'>, tag: string): boolean {
  if (!tag) return true;
  const key = tagKey(tag);
  return (t.tags ?? []).some((n) => tagKey(n) === key);
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
