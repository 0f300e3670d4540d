import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MSG, MSG } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { NO_CONNECTION_TEXT } from '../../lib/connection';
import { renderWithProviders, stubFetch, type RecordedRequest, type StubAnswer } from '../../lib/test-utils';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

const CHALLENGE = { twoFactorRequired: true, challengeId: 'c1', methods: ['totp'], expiresAt: '2099-01-01T00:00:00Z' };

/** `login` answers POST /api/auth/login, `code` the second step; a thrown TypeError is the browser's "no network". */
function server(login: () => StubAnswer, code: () => StubAnswer = () => [401, { code: 'invalid_code', message: MSG.twoFactorCodeInvalid }]) {
  return stubFetch((req: RecordedRequest): StubAnswer => {
    if (req.url === '/api/config') return [200, { appName: 'Acme IT' }];
    if (req.url === '/api/auth/me') return [401, { message: 'Not signed in' }];
    if (req.url === '/api/auth/login') return login();
    if (req.url.startsWith('/api/auth/login/')) return code();
    return [404, { message: 'Not found' }];
  });
}

const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

function signIn() {
  renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </AuthProvider>,
    { route: '/login' },
  );
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'tech1' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe("LoginPage's failures (SPEC.md 8)", () => {
  it("shows the server's message after 'Login Failed'", async () => {
    server(() => [401, { message: 'Account disabled' }]);
    signIn();
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Account disabled')).toBeTruthy();
  });

  it("says 'Invalid username or password' when the server answers without a message", async () => {
    server(() => [401, '']);
    signIn();
    expect(await screen.findByText(LOGIN_MSG.invalidCredentials)).toBeTruthy();
  });

  it('says the server was not reached, not that the password is wrong, when there is no network', async () => {
    const { requests } = server(offline);
    signIn();
    expect(await screen.findByText(NO_CONNECTION_TEXT)).toBeTruthy();
    expect(screen.getByText('Login Failed')).toBeTruthy();
    expect(screen.queryByText(LOGIN_MSG.invalidCredentials)).toBeNull();
    expect(requests.filter((r) => r.url === '/api/auth/login')).toHaveLength(1);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('correct horse');
  });

  it('keeps the authentication code and says so when the second step cannot reach the server', async () => {
    let codeAnswer: () => StubAnswer = offline;
    server(
      () => [200, CHALLENGE],
      () => codeAnswer(),
    );
    signIn();
    const field = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(NO_CONNECTION_TEXT)).toBeTruthy();
    expect(field.value).toBe('123456');

    codeAnswer = () => [401, { code: 'invalid_code', message: MSG.twoFactorCodeInvalid }];
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.twoFactorCodeInvalid)).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(''));
  });
});
