import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, STAFF_ROLES, type PublicUser } from '@portal/shared';
import { AuthProvider } from '../lib/auth';
import { TOKEN_KEY, USER_KEY, saveSession } from '../lib/session';
import { renderWithProviders, stubFetch } from '../lib/test-utils';
import { RequireAuth } from './RequireAuth';

afterEach(() => vi.unstubAllGlobals());

const admin: PublicUser = { id: 'a', username: 'admin', email: null, role: 'admin' };
const plain: PublicUser = { id: 'u', username: 'plainuser', email: null, role: 'user' };

function renderGuarded() {
  renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/login" element={<p>login page</p>} />
        <Route
          path="/technician"
          element={
            <RequireAuth roles={STAFF_ROLES}>
              <p>ticket screen</p>
            </RequireAuth>
          }
        />
      </Routes>
    </AuthProvider>,
    { route: '/technician' },
  );
}

describe('RequireAuth (SPEC.md 2, DESIGN.md 4)', () => {
  it("sends visitors to /login with 'Access Denied'", async () => {
    stubFetch(() => [200, {}]);
    renderGuarded();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText(MSG.loginRequired)).toBeTruthy();
  });

  it("shows 'Loading...' while the session is checked, then the page for a staff role", async () => {
    saveSession({ user: admin, token: 't' });
    stubFetch(() => [200, { user: admin }]);
    renderGuarded();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('ticket screen')).toBeTruthy();
  });

  it("sends a logged-in user with the wrong role to / and says why (SPEC.md 6)", async () => {
    saveSession({ user: plain, token: 't' });
    stubFetch(() => [200, { user: plain }]);
    renderGuarded();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText(MSG.staffRequired)).toBeTruthy();
  });

  it('clears a session whose token the server rejects (401 from /api/auth/me)', async () => {
    saveSession({ user: admin, token: 'expired' });
    stubFetch(() => [401, { message: 'Not logged in', code: 'unauthenticated' }]);
    renderGuarded();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('keeps the session when the check fails for network reasons (offline)', async () => {
    saveSession({ user: admin, token: 't' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderGuarded();
    expect(await screen.findByText('ticket screen')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
  });
});
