/** A queued update made by a macro says which one ('Macro: {name}', as in Work History). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingUpdates } from './PendingUpdates';
import type { TicketUpdateItem } from './offline';

const item = (macroName?: string): TicketUpdateItem =>
  ({
    seq: 1,
    kind: 'ticket.update',
    key: 'k',
    state: 'queued',
    label: 'TKT-000001',
    entityId: 't1',
    stream: 'ticket:t1',
    attempts: 0,
    createdAt: '',
    payload: { patch: { baseVersion: 1, status: 'resolved', macroId: 'm1' }, seen: { status: 'open' }, ...(macroName ? { macroName } : {}) },
  }) as unknown as TicketUpdateItem;

describe('PendingUpdates', () => {
  it("names the macro of a waiting update, and nothing for an update without one", () => {
    const { unmount } = render(<PendingUpdates items={[item('Resolved on site')]} technicians={[]} />);
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    expect(screen.getByText('Macro: Resolved on site')).toBeTruthy();
    expect(screen.getByText('Status: Resolved')).toBeTruthy();
    unmount();
    render(<PendingUpdates items={[item()]} technicians={[]} />);
    expect(screen.queryByText(/^Macro:/)).toBeNull();
  });
});
