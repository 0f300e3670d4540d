import { describe, expect, it } from 'vitest';
import type { Ticket } from '@portal/shared';
import { ANY_ASSIGNEE, assigneeValue, matchesAssignee, matchesTag, parseAssignee } from './search';

const mine: Pick<Ticket, 'assignedTo'> = { assignedTo: 'u-alice' };
const nobodys: Pick<Ticket, 'assignedTo'> = { assignedTo: null };

describe('assignee filter (the search itself: offline/searchIndex.test.ts)', () => {
  it('filters by assignee: one user (Mine), unassigned, anyone', () => {
    expect(matchesAssignee(mine, { kind: 'user', id: 'u-alice' })).toBe(true);
    expect(matchesAssignee(nobodys, { kind: 'user', id: 'u-alice' })).toBe(false);
    expect(matchesAssignee(nobodys, { kind: 'unassigned' })).toBe(true);
    expect(matchesAssignee(mine, { kind: 'unassigned' })).toBe(false);
    expect(matchesAssignee(mine, ANY_ASSIGNEE) && matchesAssignee(nobodys, ANY_ASSIGNEE)).toBe(true);
  });

  it('round-trips the select value', () => {
    for (const f of [ANY_ASSIGNEE, { kind: 'unassigned' } as const, { kind: 'user', id: 'abc' } as const]) expect(parseAssignee(assigneeValue(f))).toEqual(f);
  });

  it('filters by tag ignoring case, as the server (tickets from older builds have no tags)', () => {
    expect(matchesTag({ tags: ['Onsite', 'vpn'] }, 'onsite')).toBe(true);
    expect(matchesTag({ tags: ['Onsite'] }, 'vpn')).toBe(false);
    expect(matchesTag({}, 'vpn')).toBe(false);
    expect(matchesTag({}, '')).toBe(true);
  });
});
