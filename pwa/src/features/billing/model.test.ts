/** Time & Billing model (issue 57 item 1): month ranges in UTC and the grouping by client and technician. */
import { describe, expect, it } from 'vitest';
import type { BillingEntry } from '@portal/shared';
import { groupEntries, monthRange } from './model';

const entry = (over: Partial<BillingEntry>): BillingEntry => ({
  id: 'e',
  ticketId: 't',
  ticketNumber: 'TKT-000001',
  clientId: null,
  client: 'Loose Co',
  technicianId: 'u1',
  technician: 'tina',
  minutes: 30,
  billable: true,
  note: null,
  createdAt: '2026-10-05T10:00:00.000Z',
  invoicedAt: null,
  invoicedBy: null,
  ...over,
});

describe('Time & Billing model', () => {
  it('this month and last month are whole UTC months, across a year end', () => {
    expect(monthRange('this', new Date('2026-11-29T23:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('last', new Date('2026-11-29T23:30:00Z'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthRange('last', new Date('2027-01-10T00:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('last', new Date('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('groups by client object or unlinked name, and by technician, with billable, not billable and invoiced minutes', () => {
    const list = [
      entry({ id: 'a', clientId: 'c1', client: 'Acme', minutes: 90 }),
      entry({ id: 'b', clientId: 'c1', client: 'Acme', minutes: 30, billable: false, technicianId: 'u2', technician: 'omar', invoicedAt: '2026-11-02T09:00:00.000Z' }),
      entry({ id: 'c', minutes: 45 }),
    ];
    expect(groupEntries(list, 'client').map((g) => [g.label, g.client, g.entries.length, g.minutes, g.billable, g.nonBillable, g.invoiced])).toEqual([
      ['Acme', { clientId: 'c1' }, 2, 120, 90, 30, 30],
      ['Loose Co', { client: 'Loose Co' }, 1, 45, 45, 0, 0],
    ]);
    expect(groupEntries(list, 'technician').map((g) => [g.label, g.client, g.minutes])).toEqual([
      ['omar', null, 30],
      ['tina', null, 135],
    ]);
  });
});
