/**
 * Feedback after a drain (SPEC.md 8 'Ticket Updated') and the counter texts
 * (DESIGN.md 5 "N updates waiting to sync").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import type { TicketCreateItem } from '../features/support/offline';
import type { TicketUpdateItem } from '../features/tickets/offline';
import { registerOfflineFeatures } from '../offline-registry';
import type { DrainReport } from './core';
import { feedback } from './OfflineSync';
import { attentionText, queueText, waitingText } from './syncText';

beforeAll(registerOfflineFeatures); // the texts come from the kinds' notices

const report = (r: Partial<DrainReport>): DrainReport => ({ sent: [], conflicts: [], failed: [], unknown: [], stoppedBy: null, remaining: 0, retryAt: null, ...r });
const sent = (ticketNumber: string) => ({ seq: 1, kind: 'ticket.update', entityId: 'x', label: ticketNumber });

describe('drain feedback', () => {
  it("says 'Ticket Updated' for synced updates, naming the ticket or counting tickets", () => {
    expect(feedback(report({ sent: [sent('TKT-000001')] }))).toEqual({ title: 'Ticket Updated', description: 'Ticket TKT-000001 has been updated.' });
    expect(feedback(report({ sent: [sent('TKT-000001'), sent('TKT-000001'), sent('TKT-000002')] }))?.description).toBe('2 tickets have been updated.');
    expect(feedback(report({ sent: [{ seq: 2, kind: 'ticket.create', entityId: null, label: 'Support request' }] }))).toBeNull();
    // A rejected support request is reported once, by the form that puts it back for correcting.
    const rejected: TicketCreateItem = {
      seq: 3,
      kind: 'ticket.create',
      key: 'k',
      state: 'failed',
      stream: 'create:k',
      createdAt: '2026-01-01T00:00:00.000Z',
      attempts: 1,
      nextAttemptAt: 0,
      lastError: null,
      error: { status: 400, message: 'Invalid' },
      userId: null,
      userName: null,
      label: 'Support request',
      entityId: null,
      payload: { clientName: 'x', customerEmail: 'x', customerPhone: 'x', severity: 'low', contactMethod: 'email', issue: 'x' },
      conflict: null,
      result: null,
    };
    expect(feedback(report({ failed: [rejected] }))).toBeNull();
  });

  it("names the kind of the newest sent item: a note and the merge queued after it, sent together, say 'Tickets Merged'", () => {
    const merge = { seq: 2, kind: 'ticket.merge', entityId: 'x', label: 'TKT-000001' };
    const both = feedback(report({ sent: [sent('TKT-000001'), merge] }));
    expect(both?.title).toBe(feedback(report({ sent: [merge] }))?.title);
    expect(both?.title).not.toBe('Ticket Updated');
    expect(feedback(report({ sent: [merge, { ...sent('TKT-000002'), seq: 3 }] }))?.title).toBe('Ticket Updated');
  });

  it('puts conflicts and rejections first, with the server message', () => {
    const item = { label: 'TKT-000003', kind: 'ticket.update', error: { status: 404, message: MSG.ticketNotFound } } as TicketUpdateItem;
    expect(feedback(report({ sent: [sent('TKT-000001')], conflicts: [item] }))).toMatchObject({ title: 'Update Conflict', description: `TKT-000003: ${MSG.conflict}`, variant: 'destructive' });
    expect(feedback(report({ failed: [item] }))).toMatchObject({ title: 'Update Failed', description: `TKT-000003: ${MSG.ticketNotFound}` });
  });

  it('counts updates waiting to sync in words', () => {
    expect(waitingText(0)).toBe('All updates synced');
    expect(waitingText(1)).toBe('1 update waiting to sync');
    expect(waitingText(5)).toBe('5 updates waiting to sync');
    expect(attentionText(1)).toBe('1 update needs attention');
    expect(attentionText(2)).toBe('2 updates need attention');
  });

  it("never says 'All updates synced' while an update needs attention", () => {
    expect(queueText(0, 0)).toBe('All updates synced');
    expect(queueText(0, 1)).toBeNull();
    expect(queueText(2, 1)).toBe('2 updates waiting to sync');
  });
});
