import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { SlaCompliance, TimeReport } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { MonthFigures, monthRange } from './MonthFigures';

const CLIENT = '7d3c8c1e-7a4e-4b8e-9a43-2f1f0f7a9b10';

afterEach(() => vi.unstubAllGlobals());

describe("the client card's 'This month' (issue 50 item 5)", () => {
  it('asks for this month of this client and shows total, billable, not billable and the SLA shares', async () => {
    const { from, to } = monthRange();
    const visits = [{ clientId: CLIENT, client: 'Acme', visits: 2, visitMinutes: 95, partLines: 3, partQuantity: 4, partsTotal: 120.5 }];
    const report: TimeReport = { from, to, tag: null, rows: [], byTag: [], totalMinutes: 200, billableMinutes: 120, visits, visitCount: 2, visitMinutes: 95, partsTotal: 120.5 };
    const sla: SlaCompliance = {
      from,
      to,
      rows: [],
      clients: [{ clientId: CLIENT, client: 'Acme', tickets: 4, responseMet: 3, responseBreached: 1, resolutionMet: 0, resolutionBreached: 0, medianFirstResponseMinutes: 20 }],
    };
    const { requests } = stubFetch((req) => [200, req.url.startsWith('/api/time-report') ? report : sla]);
    renderWithProviders(<MonthFigures clientId={CLIENT} />);
    expect(await screen.findByText('3 h 20 min')).toBeTruthy();
    expect(screen.getByText('2 h')).toBeTruthy();
    expect(screen.getByText('1 h 20 min')).toBeTruthy();
    expect(screen.getByText('3 of 4 met (75%)')).toBeTruthy();
    expect(screen.getByText('1 h 35 min')).toBeTruthy();
    expect(screen.getByText('3 parts · 120.50')).toBeTruthy();
    expect(screen.getByText('No targets due yet')).toBeTruthy();
    expect(requests.map((r) => r.url).sort()).toEqual([
      `/api/sla-compliance?from=${from}&to=${to}&clientId=${CLIENT}`,
      `/api/time-report?from=${from}&to=${to}&clientId=${CLIENT}`,
    ]);
    expect(from).toBe(`${to.slice(0, 7)}-01`);
  });

  it('says so when the client had no tickets this month', async () => {
    stubFetch((req) => [200, req.url.startsWith('/api/time-report') ? { from: '', to: '', rows: [], totalMinutes: 0, billableMinutes: 0, visits: [], visitCount: 0, visitMinutes: 0, partsTotal: 0 } : { from: '', to: '', rows: [], clients: [] }]);
    renderWithProviders(<MonthFigures clientId={CLIENT} />);
    expect(await screen.findAllByText('No tickets this month')).toHaveLength(2);
    expect(screen.getAllByText('0 min')).toHaveLength(4);
  });
});
