/**
 * "Merge into…" (docs/merge.md "PWA"): what a typed ticket number means, and the API's refusals said
 * before queuing (itself, a merged target, a closed target).
 */
import { describe, expect, it } from 'vitest';
import { MERGE_MSG } from '@portal/shared';
import { ticketNumberOf } from './findTicket';
import { mergeProblem } from './MergeInto';

describe('Merge into…', () => {
  it('reads TKT-000123, tkt-123, #123 and 123 as one number, and nothing else', () => {
    for (const typed of ['TKT-000123', 'tkt-123', ' #123 ', '123', 'TKT123']) expect(ticketNumberOf(typed)).toBe('TKT-000123');
    for (const typed of ['', '0', 'TKT-', 'printer 123', '12a']) expect(ticketNumberOf(typed)).toBeNull();
  });

  it("refuses the ticket itself, a merged and a closed target with the API's words", () => {
    const source = { id: 'a' };
    const target = { id: 'b', ticketNumber: 'TKT-000002', status: 'open' as const, mergedInto: null };
    expect(mergeProblem(source, target)).toBeNull();
    expect(mergeProblem(source, { ...target, id: 'a' })).toBe(MERGE_MSG.same);
    expect(mergeProblem(source, { ...target, status: 'closed', mergedInto: { id: 'c', ticketNumber: 'TKT-000003' } })).toBe(MERGE_MSG.merged('TKT-000002', 'TKT-000003'));
    expect(mergeProblem(source, { ...target, status: 'closed' })).toBe(MERGE_MSG.closed('TKT-000002'));
  });
});
