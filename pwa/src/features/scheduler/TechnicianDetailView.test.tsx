import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TechnicianDetail, TicketUpdateEntry } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { TechnicianDetailView } from './TechnicianDetailView';

const AT = '2026-11-20T10:00:00.000Z';
const entry = (id: string, over: Partial<TicketUpdateEntry>): TicketUpdateEntry => ({
  id,
  ticketId: 't1',
  updatedBy: 'u1',
  updatedByName: 'tech1',
  updateType: 'comment',
  previousValue: null,
  newValue: null,
  comment: null,
  reply: false,
  createdAt: AT,
  ...over,
});

const DETAIL: TechnicianDetail = {
  range: 'week',
  timeZone: 'UTC',
  from: AT,
  to: AT,
  generatedAt: AT,
  kpi: {
    technicianId: 'u1',
    username: 'tech1',
    role: 'technician',
    total: 1,
    byStatus: { open: 0, in_progress: 1, resolved: 0, closed: 0 },
    avgResolutionHours: null,
    resolutionRate: 0,
    satisfactionPercent: null,
    surveyCount: 0,
    activeTickets: 1,
    workload: 'light',
    avgFirstResponseMinutes: null,
    respondedTickets: 0,
  },
  tickets: [
    {
      id: 't1',
      ticketNumber: 'TKT-0001',
      clientName: 'Ada',
      businessName: null,
      clientId: null,
      client: null,
      severity: 'medium',
      status: 'in_progress',
      assignedTo: 'u1',
      assigneeName: 'tech1',
      issue: 'Printer jams',
      version: 3,
      createdAt: AT,
      updatedAt: AT,
      resolution: null,
      survey: null,
      history: [
        entry('h3', { comment: 'We are on it', reply: true }),
        entry('h2', { comment: 'Check the tray first' }),
        entry('h1', { updateType: 'status_change', previousValue: 'open', newValue: 'in_progress' }),
      ],
    },
  ],
  nextCursor: null,
  feedback: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('TechnicianDetailView work history (SPEC.md 2, the shared WorkHistoryList)', () => {
  it('marks replies and internal notes as the ticket screen does, and shows the change', async () => {
    stubFetch(() => [200, DETAIL]);
    renderWithProviders(
      <TechnicianDetailView id="u1" name="tech1" params={{ range: 'week', tz: 'UTC' }} online onBack={vi.fn()} onOpen={vi.fn()} />,
    );
    const list = await screen.findByRole('list', { name: 'Work History, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Reply to Customer')).toBeTruthy();
    expect(within(items[0]!).getByText('E-mailed')).toBeTruthy();
    expect(within(items[1]!).getByText('Internal Note')).toBeTruthy();
    expect(within(items[1]!).getByText('Staff only')).toBeTruthy();
    expect(within(items[2]!).getByText('Changed from Open to In Progress')).toBeTruthy();
  });
});
