/**
 * The Update Ticket panel's Assets section shows the customer's "Which device?" answer (issue 53,
 * docs/assets.md), also on a ticket no client was matched to; without an answer or a client the
 * section is not shown.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketWithAssets } from '@portal/shared';
import { renderWithProviders } from '../../lib/test-utils';
import { TicketAssetPicker } from './TicketAssetPicker';

const ticket = (over: Partial<TicketWithAssets>) => ({ id: 't1', ticketNumber: 'TKT-000001', version: 1, clientId: null, assetIds: [], device: null, ...over }) as TicketWithAssets;

describe('TicketAssetPicker', () => {
  it("shows the customer's device text on a ticket without a client, and asks for the client first", async () => {
    renderWithProviders(<TicketAssetPicker ticket={ticket({ device: 'the printer by reception' })} user={null} />);
    expect((await screen.findByText(/Which device\? \(the customer's words\)/)).textContent).toBe("Which device? (the customer's words): the printer by reception");
    expect(screen.getByText('Choose the client before the assets.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save assets' })).toBeNull();
  });

  it('shows nothing without a client or a device text', () => {
    const { container } = renderWithProviders(<TicketAssetPicker ticket={ticket({})} user={null} />);
    expect(container.querySelector('.ticket-assets')).toBeNull();
  });
});
