/** My Replies 'Your phone': letters refused before sending; a number saved with PATCH /api/auth/me becomes the signed-in user's. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type PublicUser } from '@portal/shared';
import { AuthProvider, useAuth } from '../../lib/auth';
import { NO_CONNECTION_TEXT } from '../../lib/connection';
import { loadSession, saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { MyPhone } from './MyPhone';

afterEach(() => vi.unstubAllGlobals());

const me: PublicUser = { id: 'u-tech', username: 'tech', email: null, phone: null, role: 'technician', createdAt: '2024-01-02T10:00:00Z' };

function ShownPhone() {
  return <p>user phone: {useAuth().user?.phone ?? 'none'}</p>;
}

describe('MyPhone', () => {
  it('refuses letters, then saves the number as the signed-in user\'s', async () => {
    saveSession({ user: me, token: 't' });
    const stub = stubFetch((req) => {
      if (req.method === 'PATCH' && req.url === '/api/auth/me') return [200, { user: { ...me, phone: (req.body as { phone: string }).phone } }];
      return [200, { user: me }];
    });
    renderWithProviders(
      <AuthProvider>
        <MyPhone disabled={false} />
        <ShownPhone />
      </AuthProvider>,
    );
    const input = screen.getByRole('textbox', { name: /Your phone/ });
    fireEvent.change(input, { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText(MSG.phoneNumberInvalid)).toBeTruthy();
    expect(stub.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '555 0188' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText('user phone: 555 0188')).toBeTruthy();
    await waitFor(() => expect(loadSession()?.user.phone).toBe('555 0188'));
    expect(stub.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ phone: '555 0188' }]);
  });

  it("says the server was not reached when there is no answer, and the server's field message when it refuses", async () => {
    saveSession({ user: me, token: 't' });
    let offline = true;
    stubFetch((req) => {
      if (req.method !== 'PATCH') return [200, { user: me }];
      if (offline) throw new TypeError('Failed to fetch');
      return [400, { message: 'Validation failed', code: 'validation_failed', fieldErrors: { phone: ['That number is taken.'] } }];
    });
    renderWithProviders(
      <AuthProvider>
        <MyPhone disabled={false} />
      </AuthProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Your phone/ }), { target: { value: '555 0188' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText(NO_CONNECTION_TEXT)).toBeTruthy();
    offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText('That number is taken.')).toBeTruthy();
  });
});
