import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { base64UrlToBytes } from '../../lib/push';
import { saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { FAKE_ENDPOINT, FAKE_KEYS, installFakePush, uninstallFakePush } from '../../lib/push.fake';
import { PUSH_TEXT } from './messages';
import { PushControl } from './PushControl';

afterEach(() => {
  vi.unstubAllGlobals();
  uninstallFakePush();
});

const tech: PublicUser = { id: 't1', username: 'tina', email: null, role: 'technician' };
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function setup(user: PublicUser, answer: (req: RecordedRequest) => [number, unknown?] = () => [201]) {
  saveSession({ user, token: 'tok' });
  const stub = stubFetch((req) => {
    if (req.url === '/api/auth/me') return [200, { user }];
    if (req.url === '/api/push/public-key') return [200, { publicKey: PUBLIC_KEY }];
    return answer(req);
  });
  renderWithProviders(
    <AuthProvider>
      <PushControl />
    </AuthProvider>,
  );
  const pushCalls = () => stub.requests.filter((r) => r.url === '/api/push/subscriptions');
  return { ...stub, pushCalls };
}

describe('PushControl', () => {
  it('asks for permission, subscribes with the server key and posts the subscription', async () => {
    const fake = installFakePush();
    const { pushCalls } = setup(tech);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.enable }));

    expect(await screen.findByText(PUSH_TEXT.enabledTitle)).toBeTruthy();
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    const opts = fake.subscribe.mock.calls[0][0] as PushSubscriptionOptionsInit;
    expect(opts.userVisibleOnly).toBe(true);
    expect(Array.from(opts.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(PUBLIC_KEY)));
    expect(pushCalls()).toEqual([
      expect.objectContaining({ method: 'POST', body: { endpoint: FAKE_ENDPOINT, expirationTime: null, keys: FAKE_KEYS } }),
    ]);
    expect(await screen.findByText(PUSH_TEXT.on)).toBeTruthy();
  });

  it('says the browser blocks notifications instead of offering the button', async () => {
    installFakePush({ permission: 'denied' });
    setup(tech);
    expect(await screen.findByText(PUSH_TEXT.blocked)).toBeTruthy();
    expect(screen.getByText(PUSH_TEXT.blockedHint)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PUSH_TEXT.enable })).toBeNull();
  });

  it('says notifications are unavailable in a browser without the Push API', async () => {
    installFakePush({ push: false });
    setup(tech);
    expect(await screen.findByText(PUSH_TEXT.unavailable)).toBeTruthy();
    expect(screen.getByText(PUSH_TEXT.unsupportedHint)).toBeTruthy();
  });

  it('explains a prompt that was dismissed, and sends nothing', async () => {
    const fake = installFakePush();
    fake.answer = 'default';
    const { pushCalls } = setup(tech);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.enable }));
    expect(await screen.findByText(PUSH_TEXT.dismissed)).toBeTruthy();
    expect(screen.getByText(PUSH_TEXT.failedTitle)).toBeTruthy();
    expect(fake.subscribe).not.toHaveBeenCalled();
    expect(pushCalls()).toHaveLength(0);
  });

  it("shows the push service failure (e.g. offline) and keeps 'Enable notifications'", async () => {
    const fake = installFakePush({ permission: 'granted' });
    fake.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    const { pushCalls } = setup(tech);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.enable }));
    expect(await screen.findByText(PUSH_TEXT.pushServiceFailed)).toBeTruthy();
    expect(pushCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: PUSH_TEXT.enable })).toBeTruthy();
  });

  it("shows 'Notifications on' for a subscribed device, re-links it to the user, and 'Turn off' removes it", async () => {
    const fake = installFakePush({ permission: 'granted', subscribed: true });
    const { pushCalls } = setup(tech, () => [204]);
    expect(await screen.findByText(PUSH_TEXT.on)).toBeTruthy();
    await waitFor(() => expect(pushCalls().map((r) => r.method)).toEqual(['POST']));

    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXT.turnOff }));
    expect(await screen.findByText(PUSH_TEXT.disabledTitle)).toBeTruthy();
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushCalls()[1]).toMatchObject({ method: 'DELETE', body: { endpoint: FAKE_ENDPOINT } });
    expect(await screen.findByRole('button', { name: PUSH_TEXT.enable })).toBeTruthy();
  });

  it('renders nothing for a user who is not staff', async () => {
    installFakePush();
    const { requests } = setup({ ...tech, role: 'user' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/auth/me')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Notifications on this device' })).toBeNull();
  });
});
