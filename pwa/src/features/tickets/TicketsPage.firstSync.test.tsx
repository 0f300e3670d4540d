/**
 * The ticket screen on a device whose first sync has not ended (a technician who has just signed
 * in): the server's list is shown; when the signal goes, the device has no tickets and says so, but
 * a ticket already open keeps its Update Ticket panel and what is typed in it. The API is the
 * in-memory model (offline/model-server.testkit.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { renderWithProviders } from '../../lib/test-utils';
import { registerOfflineFeature } from '../../offline';
import { ticketsOffline } from './offline';
import TicketsPage from './TicketsPage';
import { ticketsPageHarness } from './ticketsPage.testkit';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const h = ticketsPageHarness({ network: 'up', neverSynced: true });

const NOT_DOWNLOADED = 'Tickets have not been downloaded to this device yet. Connect to the internet and they will sync.';
const render = () => renderWithProviders(<AuthProvider><TicketsPage /></AuthProvider>);

/** The browser goes offline (the model API stops answering too). */
function signalGoes() {
  h.network = 'down';
  const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onTestFinished(() => offline.mockRestore());
  window.dispatchEvent(new Event('offline'));
}

describe('TicketsPage before the first sync', () => {
  it('keeps the open ticket and its typed comment when the signal goes; the list says nothing was downloaded', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'TKT-000002' }));
    signalGoes(); // at once: the opened ticket never reaches the device
    const form = await screen.findByRole('form', { name: 'Update ticket TKT-000002' });
    fireEvent.change(within(form).getByLabelText('Update Comment'), { target: { value: 'Typed before the first sync' } });

    expect(await screen.findByText(NOT_DOWNLOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'TKT-000001' })).toBeNull(); // the server's list is gone
    expect(await h.db.tickets.count()).toBe(0);
    const after = screen.getByRole('form', { name: 'Update ticket TKT-000002' });
    expect(after).toBe(form); // never unmounted
    expect((within(after).getByLabelText('Update Comment') as HTMLTextAreaElement).value).toBe('Typed before the first sync');
  });

  it('with no ticket open, the whole screen says nothing was downloaded', async () => {
    render();
    expect(await screen.findByRole('button', { name: 'TKT-000001' })).toBeTruthy();
    signalGoes();
    expect(await screen.findByText(NOT_DOWNLOADED)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
