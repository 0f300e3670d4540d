/**
 * The ticket screen against the server (issue 16): online, tab counts come from
 * GET /api/tickets/counts and the list from GET /api/tickets/list, merged with this device's unsent
 * edits; a ticket that is not on the device is found by a server search, opened and kept in the
 * cache; offline (or when the server fails) counts and list come from the cache, marked
 * 'Counts from this device'. The API is the in-memory model (offline/model-server.testkit.ts).
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketEditDefaults } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { registerOfflineFeature, type OfflineDb } from '../../offline';
import { ModelServer, TECH_ID, freshDb, pullAll, setOfflineDb } from '../../offline/model-server.testkit';
import { displayTicket, enqueueTicketUpdate, ticketsOffline } from './offline';
import TicketsPage from './TicketsPage';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

let server: ModelServer;
let db: OfflineDb;
let network: 'up' | 'down';
let requests: string[];
const tech = { id: TECH_ID, username: 'tech', email: null, role: 'technician' as const };

beforeEach(async () => {
  server = new ModelServer();
  server.createTicket();
  server.createTicket();
  db = freshDb().db;
  setOfflineDb(db);
  await pullAll({ db, transport: server.transport(TECH_ID) });
  // Created after this device's last sync: only the server has them.
  for (let i = 0; i < 3; i++) server.createTicket();
  network = 'up';
  requests = [];
  saveSession({ user: tech, token: 't0ken' });
  stubFetch(async (req: RecordedRequest) => {
    requests.push(req.url);
    if (network === 'down') throw new TypeError('Failed to fetch');
    if (req.url === '/api/auth/me') return [200, { user: tech }];
    const res = server.handle({ method: req.method, url: req.url, body: req.body }, TECH_ID);
    return [res.status, res.body];
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  cleanup(); // unmount first: a live read still in flight must not meet a closed database
  db.close();
});

const render = () => renderWithProviders(<AuthProvider><TicketsPage /></AuthProvider>);

describe('TicketsPage online (issue 16)', () => {
  it('shows the server counts and list, merged with unsent edits', async () => {
    const first = (await db.tickets.toArray()).find((t) => t.ticketNumber === 'TKT-000001')!;
    const shown = displayTicket(first, []);
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), status: 'resolved' }, user: { id: TECH_ID, username: 'tech' } });
    render();
    expect(await screen.findByText('All (5)')).toBeTruthy(); // the server's 5, not the 2 cached
    expect(await screen.findByRole('button', { name: 'TKT-000005' })).toBeTruthy();
    expect(screen.getByText('5 tickets')).toBeTruthy();
    expect(screen.queryByText('Counts from this device')).toBeNull();
    expect(requests.some((u) => u.startsWith('/api/tickets/counts'))).toBe(true);
    expect(requests.some((u) => u.startsWith('/api/tickets/list?'))).toBe(true);
    expect(requests).not.toContain('/api/tickets'); // never the whole table
    await vi.waitFor(() => {
      const card = screen.getByRole('button', { name: 'TKT-000001' }).closest('.ticket-card') as HTMLElement;
      expect(within(card).getByText('Pending')).toBeTruthy(); // the unsent edit is shown
      expect(within(card).getByText('Resolved')).toBeTruthy();
    });
  });

  it('finds a ticket that is not on the device by its number, opens it and keeps it', async () => {
    const old = [...server.tickets.values()].find((t) => t.ticketNumber === 'TKT-000004')!;
    expect(await db.tickets.get(old.id)).toBeUndefined();
    render();
    fireEvent.change(await screen.findByLabelText('Search tickets'), { target: { value: 'TKT-000004' } });
    fireEvent.click(await screen.findByRole('button', { name: 'TKT-000004' }, { timeout: 3000 }));
    expect(await screen.findByRole('form', { name: 'Update ticket TKT-000004' })).toBeTruthy();
    await vi.waitFor(async () => expect(await db.tickets.get(old.id)).toMatchObject({ ticketNumber: 'TKT-000004' }));
    expect(await db.ticketUpdates.where('ticketId').equals(old.id).count()).toBe(1); // its history came too
    expect(await db.records.get(['tickets.opened', old.id])).toBeTruthy();
  });

  it('offline, counts and list come from the device and say so', async () => {
    network = 'down';
    render();
    expect(await screen.findByText('Counts from this device')).toBeTruthy();
    expect(screen.getByText('All (2)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'TKT-000005' })).toBeNull();
  });
});
