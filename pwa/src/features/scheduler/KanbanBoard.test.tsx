import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { KanbanColumn, SchedulerTicket } from '@portal/shared';
import { renderWithProviders } from '../../lib/test-utils';
import { KanbanBoard } from './KanbanBoard';

afterEach(cleanup);

const card = (n: number, status: SchedulerTicket['status']): SchedulerTicket => ({
  id: `id-${n}`,
  ticketNumber: `TKT-00000${n}`,
  clientName: `Client ${n}`,
  businessName: null,
  clientId: null,
  client: null,
  severity: 'high',
  status,
  assignedTo: null,
  assigneeName: null,
  issue: 'issue',
  version: 3,
  createdAt: '2025-06-18T12:00:00.000Z',
  updatedAt: '2025-06-18T12:00:00.000Z',
});

const columns: KanbanColumn[] = [
  { status: 'open', count: 60, tickets: [card(1, 'open')] },
  { status: 'in_progress', count: 0, tickets: [] },
  { status: 'resolved', count: 1, tickets: [card(2, 'resolved')] },
  { status: 'closed', count: 0, tickets: [] },
];

describe('KanbanBoard (SPEC.md 2 Kanban Board)', () => {
  it('shows columns with counts, cards and the empty texts', () => {
    renderWithProviders(<KanbanBoard columns={columns} marks={new Map()} canMove onMove={() => {}} onOpen={() => {}} />);
    expect(screen.getByText('No in progress tickets')).toBeTruthy();
    expect(screen.getByText('No closed tickets')).toBeTruthy();
    const open = screen.getByRole('region', { name: 'Open' });
    expect(within(open).getByText('TKT-000001')).toBeTruthy();
    expect(within(open).getByText('Client 1')).toBeTruthy();
    expect(within(open).getByText('Unassigned')).toBeTruthy();
    expect(within(open).getByText('High')).toBeTruthy();
  });

  it("moves a card with its 'Move to' menu (the non-drag way) and offers only the other columns", () => {
    const onMove = vi.fn();
    renderWithProviders(<KanbanBoard columns={columns} marks={new Map()} canMove onMove={onMove} onOpen={() => {}} />);
    const menu = screen.getByLabelText('Move TKT-000001 to') as HTMLSelectElement;
    expect(Array.from(menu.options).map((o) => o.text)).toEqual(['Move to…', 'In Progress', 'Resolved', 'Closed']);
    fireEvent.change(menu, { target: { value: 'resolved' } });
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 'id-1', version: 3 }), 'resolved');
  });

  it('opens the full list from a count badge and from "Show all" when the column is cut', () => {
    const onOpen = vi.fn();
    renderWithProviders(<KanbanBoard columns={columns} marks={new Map()} canMove onMove={() => {}} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open: 60 tickets. Show all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show all 60' }));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith({ status: 'open' });
  });

  it('marks a queued move and links a conflict to the ticket screen; no menu without a session', () => {
    renderWithProviders(
      <KanbanBoard columns={columns} marks={new Map([['id-1', 'pending'], ['id-2', 'conflict']])} canMove={false} onMove={() => {}} onOpen={() => {}} />,
    );
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Conflict')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open ticket to resolve' }).getAttribute('href')).toBe('/technician?ticket=id-2');
    expect(screen.queryByLabelText('Move TKT-000001 to')).toBeNull();
  });
});
