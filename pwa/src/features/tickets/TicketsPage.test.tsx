/**
 * The ticket screen offline first (SPEC.md 2 / 4): it renders from IndexedDB
 * without any network, queues updates in the outbox with pending marks and the counter, and shows
 * conflicts (both values, the technician chooses) and rejected updates (server message, Discard).
 * The network is a model of the API (offline/model-server.testkit.ts); the sync engine is not
 * running here, so sending happens only where a test drains the outbox itself.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { renderWithProviders } from '../../lib/test-utils';
import { registerOfflineFeature } from '../../offline';
import { OTHER_ID, TECH_ID, drainOutbox } from '../../offline/model-server.testkit';
import { ticketsOffline } from './offline';
import TicketsPage from './TicketsPage';
import { ticketsPageHarness } from './ticketsPage.testkit';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const h = ticketsPageHarness({ network: 'down' });

const render = () => renderWithProviders(<AuthProvider><TicketsPage /></AuthProvider>);
const drain = () => act(async () => void (await drainOutbox({ db: h.db, transport: h.server.transport(TECH_ID), userId: TECH_ID })));

async function openTicket(number: string) {
  fireEvent.click(await screen.findByRole('button', { name: number }));
  return screen.findByRole('form', { name: `Update ticket ${number}` });
}

describe('TicketsPage offline', () => {
  it('renders tickets, technicians and the last sync time from IndexedDB with no network', async () => {
    render();
    expect(await screen.findByText('Support Ticket Management')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'TKT-000001' })).toBeTruthy();
    expect(screen.getByText('All (2)')).toBeTruthy();
    expect(screen.getByText('All updates synced')).toBeTruthy();
    expect(screen.getByText(/^Last synced /)).toBeTruthy();
    const form = await openTicket('TKT-000002');
    expect(within(form).getByRole('option', { name: 'other' })).toBeTruthy(); // cached technicians
    expect(await screen.findByText('Ticket Created')).toBeTruthy(); // cached work history
  });

  it('opens the ticket named in ?ticket= (the link of a push notification)', async () => {
    const second = (await h.db.tickets.toArray()).find((t) => t.ticketNumber === 'TKT-000002')!;
    renderWithProviders(<AuthProvider><TicketsPage /></AuthProvider>, { route: `/technician?ticket=${second.id}` });
    expect(await screen.findByRole('form', { name: 'Update ticket TKT-000002' })).toBeTruthy();
  });

  it("says 'No Changes' and queues nothing when nothing changed", async () => {
    render();
    const form = await openTicket('TKT-000001');
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText(MSG.noChanges)).toBeTruthy();
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('queues a reply to the customer offline, sends it as reply: true and marks it in the history', async () => {
    render();
    const form = await openTicket('TKT-000001');
    expect((within(form).getByLabelText('Internal note') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText('Update Comment'), { target: { value: 'Please restart your PC' } });
    fireEvent.click(within(form).getByLabelText('Reply to customer'));
    expect(within(form).getByText(/^E-mailed to .* and kept in the work history\.$/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText('1 update waiting to sync')).toBeTruthy();
    const [item] = await h.db.outbox.toArray();
    expect(item.payload).toMatchObject({ patch: { comment: 'Please restart your PC', reply: true } });
    await openTicket('TKT-000001');
    expect(await screen.findByText('Reply to customer: Please restart your PC')).toBeTruthy();

    await drain();
    expect(h.server.history.filter((e) => e.updateType === 'comment').map((e) => [e.comment, e.reply])).toEqual([['Please restart your PC', true]]);
    const entry = (await screen.findByText('Please restart your PC')).closest('li')!;
    expect(within(entry).getByText('Reply to Customer')).toBeTruthy();
    expect(within(entry).getByText('E-mailed')).toBeTruthy();
  });

  it('queues updates offline with pending marks and the counter, and clears them once synced', async () => {
    render();
    let form = await openTicket('TKT-000001');
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'in_progress' } });
    fireEvent.change(within(form).getByLabelText('Update Comment'), { target: { value: 'On site' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText('1 update waiting to sync')).toBeTruthy();
    // The sync bar and the list are separate live reads: either may render first.
    expect(await screen.findByText('Pending')).toBeTruthy();
    await openTicket('TKT-000001'); // phones close the sheet once the update is queued
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
    expect(screen.getByText('Status: In Progress · Internal note: On site')).toBeTruthy();
    expect(screen.getByText('In Progress (1)')).toBeTruthy(); // optimistic

    form = await screen.findByRole('form', { name: 'Update ticket TKT-000001' });
    fireEvent.change(within(form).getByLabelText('Assigned To'), { target: { value: OTHER_ID } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    expect(await screen.findByText('2 updates waiting to sync')).toBeTruthy();
    expect(h.server.history).toHaveLength(2); // nothing sent yet

    await drain();
    expect(await screen.findByText('All updates synced')).toBeTruthy();
    expect(screen.queryByText('Pending')).toBeNull();
    expect(h.server.tickets.get((await h.db.tickets.toArray())[0].id)).toMatchObject({ status: 'in_progress', assignedTo: OTHER_ID, version: 3 });
    await openTicket('TKT-000001');
    expect(await screen.findByText('On site')).toBeTruthy(); // work history from the PATCH answer
  });

  it('shows both values of a conflict and lets the technician keep the current one', async () => {
    render();
    const form = await openTicket('TKT-000001');
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'resolved' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    await screen.findByText('1 update waiting to sync');
    const id = (await h.db.tickets.toArray()).find((t) => t.ticketNumber === 'TKT-000001')!.id;
    h.server.patch(id, { status: 'closed' }, OTHER_ID, null);
    await drain();

    expect(await screen.findByText('1 update needs attention')).toBeTruthy();
    // Honest: never 'All updates synced' beside it, and a link to that ticket.
    expect(screen.queryByText('All updates synced')).toBeNull();
    expect(screen.getByRole('link', { name: 'Review TKT-000001' }).getAttribute('href')).toBe(`/technician?ticket=${id}`);
    await openTicket('TKT-000001');
    expect(screen.getAllByText('Conflict').length).toBeGreaterThan(0);
    expect(await screen.findByText('Your change: Resolved')).toBeTruthy();
    expect(screen.getByText('Current value: Closed')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Current value: Closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Choice' }));
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    expect(await screen.findByText('All updates synced')).toBeTruthy();
    expect(h.server.tickets.get(id)!.status).toBe('closed');
  });

  it("shows a rejected update with the server's message until it is discarded", async () => {
    render();
    const form = await openTicket('TKT-000002');
    fireEvent.change(within(form).getByLabelText('Resolution'), { target: { value: 'Swapped cable' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Ticket' }));
    await screen.findByText('1 update waiting to sync');
    h.server.tickets.clear(); // the ticket is gone on the server: 404
    await drain();
    expect(await screen.findByText('1 update needs attention')).toBeTruthy();
    expect(screen.queryByText('All updates synced')).toBeNull();
    // The sync bar's link opens the ticket that needs attention.
    fireEvent.click(screen.getByRole('link', { name: 'Review TKT-000002' }));
    expect(await screen.findByRole('form', { name: 'Update ticket TKT-000002' })).toBeTruthy();
    expect(await screen.findByText(MSG.ticketNotFound)).toBeTruthy();
    expect(screen.getAllByText('Failed')).toHaveLength(2); // card mark and panel
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('All updates synced')).toBeTruthy();
    expect(await h.db.outbox.count()).toBe(0);
  });
});
