import { describe, expect, it } from 'vitest';
import type { Ticket } from '@portal/shared';
import { ANY_ASSIGNEE, assigneeValue, filterTickets, parseAssignee, serverCanSearch } from './search';

const base: Ticket = {
  id: 't1', ticketNumber: 'TKT-000123', clientName: 'Wes Warehouse', businessName: 'Acme Logistics', customerEmail: 'wes@acme.test',
  customerPhone: '(555) 010-2030', severity: 'high', contactMethod: 'phone', issue: 'Barcode scanners cannot reach the inventory server',
  status: 'open', assignedTo: 'u-alice', resolution: null, version: 1, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z',
  firstResponseDueAt: null, resolutionDueAt: null, firstResponseAt: null, resolvedAt: null, waitingOnCustomer: false,
};
const other: Ticket = { ...base, id: 't2', ticketNumber: 'TKT-000124', clientName: 'Dana', businessName: null, customerEmail: 'dana@home.test', customerPhone: '555 777 8888', issue: 'Printer jams on every page', assignedTo: null };
const tickets = [base, other];
const ids = (q: string, a = ANY_ASSIGNEE) => filterTickets(tickets, q, a).map((t) => t.id);

describe('ticket search', () => {
  it.each([
    ['000123', ['t1']],
    ['tkt-000124', ['t2']],
    ['wes', ['t1']],
    ['ACME', ['t1']],
    ['dana@home', ['t2']],
    ['inventory server', ['t1']],
    ['printer page', ['t2']],
    ['555', ['t1', 't2']],
    ['5550102030', ['t1']],
    ['010-2030', ['t1']],
    ['(555) 777', ['t2']],
    ['nothing-like-this', []],
    ['', ['t1', 't2']],
  ])('%j finds %j', (q, expected) => expect(ids(q)).toEqual(expected));

  it('filters by assignee: one user (Mine), unassigned, anyone; combined with the search', () => {
    expect(ids('', { kind: 'user', id: 'u-alice' })).toEqual(['t1']);
    expect(ids('', { kind: 'unassigned' })).toEqual(['t2']);
    expect(ids('printer', { kind: 'user', id: 'u-alice' })).toEqual([]);
  });

  it('round-trips the select value', () => {
    for (const f of [ANY_ASSIGNEE, { kind: 'unassigned' } as const, { kind: 'user', id: 'abc' } as const]) expect(parseAssignee(assigneeValue(f))).toEqual(f);
  });

  it('searches 10,000 tickets, returning the same list object when nothing filters', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ ...base, id: `t${i}`, ticketNumber: `TKT-${String(i).padStart(6, '0')}`, clientName: `Client ${i}` }));
    expect(filterTickets(many, '', ANY_ASSIGNEE)).toBe(many);
    expect(filterTickets(many, 'client 9999', ANY_ASSIGNEE).map((t) => t.id)).toEqual(['t9999']);
    expect(filterTickets(many, 'TKT-00999', ANY_ASSIGNEE)).toHaveLength(10);
  });
});

describe('serverCanSearch', () => {
  it('sends one word to the server, keeps several words and phone numbers on the device', () => {
    expect(serverCanSearch('')).toBe(true);
    expect(serverCanSearch('  TKT-000001 ')).toBe(true);
    expect(serverCanSearch('acme')).toBe(true);
    expect(serverCanSearch('acme logistics')).toBe(false);
    expect(serverCanSearch('(555) 010-2030')).toBe(false);
    expect(serverCanSearch('5550102030')).toBe(false);
  });
});
