import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_LINK_TEXT, type TicketStatusView } from '@portal/shared';
import { ServiceReports } from './ServiceReports';

const view = (reports: TicketStatusView['reports']): TicketStatusView => ({
  ticketNumber: 'TKT-000123',
  status: 'resolved',
  severity: 'medium',
  technicianFirstName: 'Maria',
  resolution: null,
  survey: null,
  supportPhone: '+1 555 0100',
  createdAt: '2026-11-01T09:00:00.000Z',
  timeline: [],
  canReply: true,
  ...(reports ? { reports } : {}),
});

describe('status page service reports (issue 54)', () => {
  it('links each report to its download under the status token', () => {
    const reports = [{ visitId: '0b4c8f5e-1c1a-4f7e-9d5e-2a6b7c8d9e0f', departedAt: '2026-11-02T10:00:00+01:00', fileName: 'service-report-TKT-000123-2026-11-02.pdf' }];
    render(<ServiceReports view={view(reports)} token="tok_en" formatTime={(iso) => iso.slice(0, 10)} />);
    const link = screen.getByRole('link', { name: REPORT_LINK_TEXT });
    expect(link.getAttribute('href')).toBe('/api/ticket-status/tok_en/visits/0b4c8f5e-1c1a-4f7e-9d5e-2a6b7c8d9e0f/report.pdf');
    expect(link.getAttribute('download')).toBe('service-report-TKT-000123-2026-11-02.pdf');
    expect(screen.getByText('(visit of 2026-11-02)')).toBeTruthy();
  });

  it('shows nothing without reports (or from an older API without the field)', () => {
    const { container } = render(<ServiceReports view={view(undefined)} token="t" formatTime={(iso) => iso} />);
    expect(container.innerHTML).toBe('');
  });
});
