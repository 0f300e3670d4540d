import { describe, expect, it } from 'vitest';
import type { SchedulerDashboard, SchedulerTicket, TechnicianKpi } from '@portal/shared';
import { kpiCsv, ownFirst, reflectMoves } from './model';

const kpi = (over: Partial<TechnicianKpi>): TechnicianKpi => ({
  technicianId: 'a',
  username: 'alice',
  role: 'technician',
  total: 4,
  byStatus: { open: 3, in_progress: 1, resolved: 0, closed: 0 },
  avgResolutionHours: null,
  resolutionRate: 0,
  satisfactionPercent: null,
  surveyCount: 0,
  activeTickets: 4,
  workload: 'moderate',
  avgFirstResponseMinutes: 12,
  respondedTickets: 4,
  ...over,
});

const card = (id: string, status: SchedulerTicket['status'], assignedTo: string | null = 'a'): SchedulerTicket => ({
  id,
  ticketNumber: `TKT-${id}`,
  clientName: `Client ${id}`,
  businessName: null,
  clientId: null,
  client: null,
  severity: 'medium',
  status,
  assignedTo,
  assigneeName: assignedTo ? 'alice' : null,
  issue: 'issue',
  version: 1,
  createdAt: '2025-06-18T12:00:00.000Z',
  updatedAt: '2025-06-18T12:00:00.000Z',
});

function dashboard(): SchedulerDashboard {
  return {
    range: 'week',
    timeZone: 'UTC',
    technicianId: null,
    from: '2025-06-16T00:00:00.000Z',
    to: '2025-06-23T00:00:00.000Z',
    generatedAt: '2025-06-18T12:00:00.000Z',
    summary: { total: 5, byStatus: { open: 4, in_progress: 1, resolved: 0, closed: 0 }, assigned: 4, unassigned: 1 },
    technicians: [kpi({})],
    staff: [{ id: 'a', username: 'alice' }],
    kanban: [
      { status: 'open', count: 4, tickets: [card('1', 'open'), card('2', 'open'), card('3', 'open'), card('9', 'open', null)] },
      { status: 'in_progress', count: 1, tickets: [card('4', 'in_progress')] },
      { status: 'resolved', count: 0, tickets: [] },
      { status: 'closed', count: 0, tickets: [] },
    ],
    timeline: [card('1', 'open')],
    daily: [],
    tag: null,
    byTag: [],
  };
}

describe('ownFirst', () => {
  it("puts the viewer's card first and keeps the others in order", () => {
    const rows = [kpi({ technicianId: 'a', username: 'alice' }), kpi({ technicianId: 'b', username: 'bob' }), kpi({ technicianId: 'c', username: 'carol' })];
    expect(ownFirst(rows, 'c').map((r) => r.username)).toEqual(['carol', 'alice', 'bob']);
    expect(ownFirst(rows, undefined).map((r) => r.username)).toEqual(['alice', 'bob', 'carol']);
  });
});

describe('reflectMoves (queued kanban moves on a snapshot)', () => {
  it('moves the card, its counts, the tiles and the assignee KPIs with the shared formulas', () => {
    const { dashboard: d, marks } = reflectMoves(dashboard(), [{ ticketId: '2', status: 'resolved', mark: 'pending' }]);
    expect(d.kanban.map((c) => [c.status, c.count, c.tickets.map((t) => t.id)])).toEqual([
      ['open', 3, ['1', '3', '9']],
      ['in_progress', 1, ['4']],
      ['resolved', 1, ['2']],
      ['closed', 0, []],
    ]);
    expect(d.summary.byStatus).toEqual({ open: 3, in_progress: 1, resolved: 1, closed: 0 });
    expect(d.technicians[0]).toMatchObject({ byStatus: { open: 2, in_progress: 1, resolved: 1, closed: 0 }, resolutionRate: 25, activeTickets: 3, workload: 'light' });
    expect(marks.get('2')).toBe('pending');
    expect(d.timeline).toEqual([card('1', 'open')]);
  });

  it('applies only the last queued move of a ticket and marks conflicts', () => {
    const { dashboard: d, marks } = reflectMoves(dashboard(), [
      { ticketId: '1', status: 'in_progress', mark: 'pending' },
      { ticketId: '1', status: 'closed', mark: 'conflict' },
    ]);
    expect(d.kanban[3]).toMatchObject({ count: 1, tickets: [expect.objectContaining({ id: '1', status: 'closed' })] });
    expect(d.kanban[1]!.count).toBe(1);
    expect(d.timeline[0]!.status).toBe('closed');
    expect(marks.get('1')).toBe('conflict');
  });

  it('ignores moves of tickets that are not on the board and changes nothing without moves', () => {
    const before = dashboard();
    expect(reflectMoves(before, []).dashboard).toBe(before);
    const { dashboard: d, marks } = reflectMoves(before, [{ ticketId: 'elsewhere', status: 'closed', mark: 'pending' }]);
    expect(d.summary).toEqual(before.summary);
    expect(marks.size).toBe(0);
  });

  it('counts an unassigned card in the tiles only', () => {
    const { dashboard: d } = reflectMoves(dashboard(), [{ ticketId: '9', status: 'closed', mark: 'pending' }]);
    expect(d.summary.byStatus.closed).toBe(1);
    expect(d.technicians[0]!.byStatus).toEqual(dashboard().technicians[0]!.byStatus);
  });
});

describe('kpiCsv', () => {
  it('writes RFC 4180 CSV with a header, empty cells for missing figures and quoted text', () => {
    const csv = kpiCsv([kpi({ username: 'o"brien, jr', avgResolutionHours: 5.3, satisfactionPercent: 87, surveyCount: 3 }), kpi({ username: '=cmd' })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Technician,Role,Total Tickets,Open,In Progress,Resolved,Closed,Resolution Rate (%),Avg Resolution (hours),Satisfaction (%),Surveys,Active Tickets,Workload,Avg First Response (minutes)',
    );
    expect(lines[1]).toBe('"o""brien, jr",technician,4,3,1,0,0,0,5.3,87,3,4,Moderate,12');
    expect(lines[2]).toBe("'=cmd,technician,4,3,1,0,0,0,,,0,4,Moderate,12");
  });
});
