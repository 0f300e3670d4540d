/**
 * The ticket screen against the server: online, tab counts come from
 * GET /api/tickets/counts and the list from GET /api/tickets/list, merged with this device's unsent
 * edits; a ticket that is not on the device is found by a server search, opened and kept in the
 * cache; offline (or when the server fails) counts and list come from the cache, marked
 * 'Counts from this device'. The API is the in-memory model (offline/model-server.testkit.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ticketEditDefaults } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { renderWithProviders } from '../../lib/test-utils';
import { registerOfflineFeature } from '../../offline';
import { TECH_ID } from '../../offline/model-server.testkit';
import { displayTicket, enqueueTicketUpdate, ticketsOffline } from './offline';
import TicketsPage from './TicketsPage';
import { ticketsPageHarness } from './ticketsPage.testkit';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const h = ticketsPageHarness({
  network: 'up',
  // Created after this device's last sync: only the server has them.
  afterSync: (server) => {
    for (let i = 0; i < 3; i++) server.createTicket();
  },
});

const render = () => renderWithProviders(<AuthProvider><TicketsPage /></AuthProvider>);

describe('TicketsPage online', () => {
  it('shows the server counts and list, merged with unsent edits', async () => {
    const first = (await h.db.tickets.toArray()).find((t) => t.ticketNumber === 'TKT-000001')!;
    const shown = displayTicket(first, []);
    await enqueueTicketUpdate(h.db, { shown, values: { ...ticketEditDefaults(shown), status: 'resolved' }, user: { id: TECH_ID, username: 'tech' } });
    render();
    expect(await screen.findByText('All (5)')).toBeTruthy(); // the server's 5, not the 2 cached
    expect(await screen.findByRole('button', { name: 'TKT-000005' })).toBeTruthy();
    expect(screen.getByText('5 tickets')).toBeTruthy();
    expect(screen.queryByText('Counts from this device')).toBeNull();
    expect(h.requests.some((u) => u.startsWith('/api/tickets/counts'))).toBe(true);
    expect(h.requests.some((u) => u.startsWith('/api/tickets/list?'))).toBe(true);
    expect(h.requests).not.toContain('/api/tickets'); // never the whole table
    await vi.waitFor(() => {
      const card = screen.getByRole('button', { name: 'TKT-000001' }).closest('.ticket-card') as HTMLElement;
      expect(within(card).getByText('Pending')).toBeTruthy(); // the unsent edit is shown
      expect(within(card).getByText('Resolved')).toBeTruthy();
    });
  });

  it('finds a ticket that is not on the device by its number, opens it and keeps it', async () => {
    const old = [...h.server.tickets.values()].find((t) => t.ticketNumber === 'TKT-000004')!;
    expect(await h.db.tickets.get(old.id)).toBeUndefined();
    render();
    fireEvent.change(await screen.findByLabelText('Search tickets'), { target: { value: 'TKT-000004' } });
    fireEvent.click(await screen.findByRole('button', { name: 'TKT-000004' }, { timeout: 3000 }));
    expect(await screen.findByRole('form', { name: 'Update ticket TKT-000004' })).toBeTruthy();
    await vi.waitFor(async () => expect(await h.db.tickets.get(old.id)).toMatchObject({ ticketNumber: 'TKT-000004' }));
    expect(await h.db.ticketUpdates.where('ticketId').equals(old.id).count()).toBe(1); // its history came too
    expect(await h.db.records.get(['tickets.opened', old.id])).toBeTruthy();
  });

  it('keeps the open ticket and the comment being typed when the server stops answering and the list falls back to the device', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'TKT-000001' }));
    const form = await screen.findByRole('form', { name: 'Update ticket TKT-000001' });
    fireEvent.change(within(form).getByLabelText('Update Comment'), { target: { value: 'Typed as the signal went' } });
    // The phone loses its signal: the browser says offline and the list falls back to the device.
    h.network = 'down';
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => offline.mockRestore());
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('Counts from this device')).toBeTruthy();
    const after = screen.getByRole('form', { name: 'Update ticket TKT-000001' });
    expect(after).toBe(form); // the same form: never unmounted
    expect((within(after).getByLabelText('Update Comment') as HTMLTextAreaElement).value).toBe('Typed as the signal went');
  });

  it('keeps a ticket opened from the server list open when the signal goes before it reached the device', async () => {
    const fresh = [...h.server.tickets.values()].find((t) => t.ticketNumber === 'TKT-000005')!;
    render();
    fireEvent.change(await screen.findByLabelText('Search tickets'), { target: { value: 'TKT-000005' } });
    fireEvent.click(await screen.findByRole('button', { name: 'TKT-000005' }, { timeout: 5000 }));
    // The signal goes at once: the ticket is only in the server's list, not yet on the device.
    h.network = 'down';
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => offline.mockRestore());
    window.dispatchEvent(new Event('offline'));
    const form = await screen.findByRole('form', { name: 'Update ticket TKT-000005' });
    fireEvent.change(within(form).getByLabelText('Update Comment'), { target: { value: 'Typed with no signal' } });
    expect(await screen.findByText('Counts from this device')).toBeTruthy();
    expect(await screen.findByText('0 of 2 tickets')).toBeTruthy(); // the device's list, without it
    expect(await h.db.tickets.get(fresh.id)).toBeUndefined();
    const after = screen.getByRole('form', { name: 'Update ticket TKT-000005' });
    expect(after).toBe(form);
    expect((within(after).getByLabelText('Update Comment') as HTMLTextAreaElement).value).toBe('Typed with no signal');
  });

  it('offline, counts and list come from the device and say so', async () => {
    h.network = 'down';
    render();
    expect(await screen.findByText('Counts from this device')).toBeTruthy();
    expect(screen.getByText('All (2)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'TKT-000005' })).toBeNull();
  });
});
