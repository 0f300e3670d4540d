import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboundFailure, InboundMailStatus } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { InboundMailSection } from './InboundMailSection';

afterEach(() => vi.unstubAllGlobals());

const status: InboundMailStatus = { imapConfigured: true, smtpPort: null, connected: true, idle: true, lastFetchAt: '2026-11-26T10:00:00.000Z', lastError: null, lastErrorAt: null, imported: 3 };
const failure: InboundFailure = {
  id: '0f5e7a8e-8c57-4a8e-9d1c-2d6b8f3f4a11',
  messageId: '<x@example.com>',
  sender: 'eve@example.com',
  subject: '<b>bold</b> subject',
  reason: 'could not parse: no sender address (From)',
  size: 120,
  retryable: true,
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('Inbound Mail section', () => {
  it('shows the status and the could-not-import list as plain text; Retry posts and says the outcome', async () => {
    let failures = [failure];
    const stub = stubFetch((req) => {
      if (req.method === 'GET' && req.url === '/api/settings/inbound-mail') return [200, status];
      if (req.method === 'GET') return [200, { failures }];
      failures = [];
      return [200, { ok: true, message: 'Imported as ticket TKT-000004.' }];
    });
    renderWithProviders(<InboundMailSection />);
    expect(await screen.findByText(/Connected \(new mail arrives at once\)\./)).toBeTruthy();
    const rows = await screen.findAllByText('<b>bold</b> subject');
    expect(rows.length).toBeGreaterThan(0);
    expect(document.querySelector('b')).toBeNull();
    const list = screen.getByText('could not parse: no sender address (From)').closest('tr, li') as HTMLElement;
    fireEvent.click(within(list).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Imported as ticket TKT-000004.')).toBeTruthy();
    expect(stub.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`/api/settings/inbound-mail/failures/${failure.id}/retry`]);
    expect(await screen.findByText('Every message was imported.')).toBeTruthy();
  });
});
