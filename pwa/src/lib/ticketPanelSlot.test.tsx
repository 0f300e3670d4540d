/**
 * The Update Ticket panel's extras (lib/ticketPanelSlot): an extra whose lazy code cannot load
 * (offline before the service worker cached its chunk) shows one line in its place; the panel
 * around it and the other extras keep rendering (the whole app unmounted before, first-week e2e).
 */
import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXTRA_UNAVAILABLE, TicketPanelExtras, TicketPanelExtrasProvider } from './ticketPanelSlot';

const ticket = { id: 't1', ticketNumber: 'TKT-000001', status: 'open' };

describe('TicketPanelExtras', () => {
  it('shows the unavailable line for an extra that fails to load and keeps the others', async () => {
    const Broken = lazy(() => Promise.reject(new Error('Unable to preload CSS for /assets/visits.css')));
    const Working = ({ ticket: t }: { ticket: typeof ticket }) => <p>Visits of {t.ticketNumber}</p>;
    render(
      <TicketPanelExtrasProvider extras={[Broken, Working]}>
        <h2>Update ticket</h2>
        <TicketPanelExtras ticket={ticket} />
      </TicketPanelExtrasProvider>,
    );
    expect(await screen.findByText(EXTRA_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText('Visits of TKT-000001')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Update ticket' })).toBeTruthy();
  });
});
