import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BillingEntries, PublicUser, TagList, TimeReport } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import TimeBillingPage from './TimeBillingPage';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: string, minutes: number, billable: boolean) => ({
  ...{ id, ticketId: `t-${id}`, ticketNumber: `TKT-00000${id}`, clientId: null, client: 'Tag Co', technicianId: 'u1', technician: 'tech' },
  ...{ minutes, billable, note: null, createdAt: '2026-11-02T10:00:00.000Z', invoicedAt: null, invoicedBy: null },
});

const me: PublicUser = { id: 'u-admin', username: 'admin', email: null, role: 'admin', createdAt: '2024-01-02T10:00:00Z' };
const render = () =>
  renderWithProviders(
    <AuthProvider>
      <TimeBillingPage />
    </AuthProvider>,
  );

/** The server as the screen sees it: entries and report answer `tag=vpn` with fewer rows. */
function server() {
  saveSession({ user: me, token: 't' });
  const tags: TagList = { tags: [{ id: 'g1', name: 'Onsite', ticketCount: 2 }, { id: 'g2', name: 'vpn', ticketCount: 1 }], techniciansMayCreate: false };
  const byTag = [
    { tag: 'Onsite', entries: 2, totalMinutes: 75, billableMinutes: 30 },
    { tag: 'vpn', entries: 1, totalMinutes: 30, billableMinutes: 30 },
    { tag: null, entries: 1, totalMinutes: 20, billableMinutes: 20 },
  ];
  return stubFetch((req) => {
    const url = new URL(req.url, 'http://x');
    const vpn = url.searchParams.get('tag') === 'vpn';
    if (url.pathname === '/api/auth/me') return [200, { user: me }];
    if (url.pathname === '/api/tags') return [200, tags];
    if (url.pathname === '/api/time-report/entries') return [200, { from: '', to: '', entries: vpn ? [entry('1', 30, true)] : [entry('1', 30, true), entry('2', 45, false)], truncated: false } satisfies BillingEntries];
    const report: TimeReport = { from: '', to: '', tag: vpn ? 'vpn' : null, rows: [], totalMinutes: 0, billableMinutes: 0, byTag: vpn ? byTag.slice(1, 2) : byTag, visits: [], visitCount: 0, visitMinutes: 0, partsTotal: 0 };
    return [200, report];
  });
}

describe('Time & Billing by tag (issue 57 item 3)', () => {
  it('shows the time by tag, untagged as (no tag), and says several tags count under each', async () => {
    server();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'By tag' }));
    const table = await screen.findByRole('table', { name: 'Time by tag' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Onsite21.25 h0.50 h0.75 h', 'vpn10.50 h0.50 h0.00 h', '(no tag)10.33 h0.33 h0.00 h']);
    expect(screen.getByText('An entry on a ticket with several tags counts under each of them.')).toBeTruthy();
  });

  it('filters the entries, the report and both CSV links by the chosen tag', async () => {
    const { requests } = server();
    render();
    expect(await screen.findByText('Total 1.25 h · Billable 0.50 h · Not billable 0.75 h')).toBeTruthy();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Tag' }), { target: { value: 'vpn' } });
    expect(await screen.findByText('Total 0.50 h · Billable 0.50 h · Not billable 0.00 h')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/time-report/entries?') && r.url.endsWith('&tag=vpn'))).toBe(true);
    expect(requests.some((r) => r.url.startsWith('/api/time-report?') && r.url.endsWith('&tag=vpn'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/&tag=vpn&format=csv$/);
    expect(screen.getByRole('link', { name: 'Export invoice lines (QuickBooks / Xero)' }).getAttribute('href')).toMatch(/&tag=vpn&format=invoice$/);
    expect(screen.getByText(/tickets tagged vpn/)).toBeTruthy();
    expect(screen.getByText('On-site visits are not split by tag: pick All tags to see them.')).toBeTruthy();
  });
});
