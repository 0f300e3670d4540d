import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_ENDPOINT, installFakePush, uninstallFakePush } from './push.fake';
import { PushSetupError, SUBSCRIBE_TIMEOUT_MS, base64UrlToBytes, pushAvailability, subscribeToPush, unsubscribeFromPush } from './push';
import { saveSession } from './session';
import { stubFetch } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  uninstallFakePush();
});

describe('lib/push', () => {
  it('decodes a base64url VAPID key', () => {
    expect(Array.from(base64UrlToBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });

  it("reports 'unsupported' without the Push API and the permission otherwise", () => {
    expect(pushAvailability()).toBe('unsupported'); // plain jsdom
    installFakePush({ permission: 'denied' });
    expect(pushAvailability()).toBe('denied');
  });

  it('never prompts from subscribeToPush: without permission it refuses', async () => {
    const fake = installFakePush({ permission: 'default' });
    await expect(subscribeToPush('AQID')).rejects.toMatchObject({ reason: 'dismissed' });
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it("wraps the push service's refusal as PushSetupError 'failed'", async () => {
    const fake = installFakePush({ permission: 'granted' });
    fake.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    const error = await subscribeToPush('AQID').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushSetupError);
    expect(error).toMatchObject({ reason: 'failed', message: 'Registration failed - push service error' });
  });

  it('unsubscribeFromPush unsubscribes the browser and DELETEs the endpoint with the session token', async () => {
    const fake = installFakePush({ permission: 'granted', subscribed: true });
    saveSession({ user: { id: 'a', username: 'admin', email: null, role: 'admin' }, token: 'tok' });
    const { requests } = stubFetch(() => [204]);
    await expect(unsubscribeFromPush()).resolves.toBe(true);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/push/subscriptions', body: { endpoint: FAKE_ENDPOINT } });
    expect(requests[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('unsubscribeFromPush never throws and gives up on a server that does not answer (logout is never blocked)', async () => {
    installFakePush({ permission: 'granted', subscribed: true });
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    vi.useFakeTimers();
    const done = unsubscribeFromPush(3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(done).resolves.toBe(false);
  });

  it('unsubscribeFromPush resolves false when there is nothing to remove', async () => {
    const { requests } = stubFetch(() => [204]);
    await expect(unsubscribeFromPush()).resolves.toBe(false);
    expect(requests).toHaveLength(0);
  });
});

describe('subscribeToPush timeout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    uninstallFakePush();
  });

  it("fails with 'failed' when the push service never answers (offline), instead of hanging", async () => {
    const fake = installFakePush({ permission: 'granted' });
    fake.subscribe.mockImplementationOnce(() => new Promise(() => undefined));
    vi.useFakeTimers();
    const attempt = subscribeToPush('AQID').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS);
    expect(await attempt).toMatchObject({ reason: 'failed', message: 'The push service did not answer.' });
  });
});
