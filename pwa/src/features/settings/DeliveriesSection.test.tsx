import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDelivery } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { DeliveriesSection } from './DeliveriesSection';
import { SETTINGS_TEXT } from './texts';

afterEach(() => vi.unstubAllGlobals());

const row = (over: Partial<NotificationDelivery>): NotificationDelivery => ({
  id: 'd1',
  channel: 'sms',
  recipient: '+1 555 0100',
  summary: 'Test SMS',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2024-03-05T14:07:00Z',
  updatedAt: '2024-03-05T14:07:00Z',
  ...over,
});

describe('recent deliveries', () => {
  it('lists channel, recipient, summary, status, attempts and the last error of each job (phone cards)', async () => {
    const { requests } = stubFetch(() => [
      200,
      [
        row({ id: 'd2', channel: 'email', recipient: 'ops@example.com', summary: 'New ticket TKT-000012', status: 'failed', attempts: 5, lastError: 'connect ECONNREFUSED 127.0.0.1:2525' }),
        row({}),
      ],
    ]);
    renderWithProviders(<DeliveriesSection />);
    const list = await screen.findByRole('list', { name: 'Recent deliveries' });
    const [failed, sent] = within(list).getAllByRole('listitem');
    expect(within(failed).getByText('E-mail')).toBeTruthy();
    expect(within(failed).getByText('ops@example.com')).toBeTruthy();
    expect(within(failed).getByText('New ticket TKT-000012')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('5 attempts')).toBeTruthy();
    expect(within(failed).getByText('Last error: connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(within(sent).getByText('SMS')).toBeTruthy();
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getByText('1 attempt')).toBeTruthy();
    expect(within(sent).queryByText(/Last error/)).toBeNull();
    expect(requests[0].url).toBe('/api/notifications/deliveries?limit=50');
  });

  it('says so when nothing was sent yet, and Refresh asks again', async () => {
    const { requests } = stubFetch(() => [200, []]);
    renderWithProviders(<DeliveriesSection />);
    expect(await screen.findByText(SETTINGS_TEXT.noDeliveries)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(requests).toHaveLength(2));
  });
});
