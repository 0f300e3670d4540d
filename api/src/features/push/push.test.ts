/**
 * Push subscription API (DESIGN.md 4 and 6): the VAPID public key, subscribe (upsert by
 * endpoint, owned by user + session), unsubscribe (own only), and removal on logout and password
 * change. Role checks are in features/access.test.ts; delivery in notify/*.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptions, settings } from '../../db/schema';
import { VAPID_KEYS_SETTING } from '../../notify/providers/push';
import { startTestApp, type TestApp } from '../../test/app';
import { PUSH_PEER_HOST, startPushPeer, type PushPeer } from '../../test/push-peer';

let t: TestApp;
let peer: PushPeer;

beforeAll(async () => {
  t = await startTestApp({ env: { PUSH_ALLOW_HOSTS: PUSH_PEER_HOST } });
  peer = await startPushPeer();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const rowsFor = (endpoint: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const subscribe = (token: string, body: unknown) => t.request('POST', '/api/push/subscriptions', { token, body });

describe('GET /api/push/public-key', () => {
  it('generates the VAPID keys once, stores them, and gives every app on the database the same key', async () => {
    const tech = await t.loginAs('technician');
    const first = await t.request('GET', '/api/push/public-key', { token: tech.token });
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey as string, 'base64url')).toHaveLength(65);
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, VAPID_KEYS_SETTING));
    expect(JSON.parse(stored!.value).publicKey).toBe(first.body.publicKey);

    const second = await startTestApp({ db: t.db });
    try {
      const other = await second.loginAs('admin');
      expect((await second.request('GET', '/api/push/public-key', { token: other.token })).body).toEqual(first.body);
    } finally {
      await second.close();
    }
  });

  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const app = await startTestApp({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } });
    try {
      const admin = await app.loginAs('admin');
      expect((await app.request('GET', '/api/push/public-key', { token: admin.token })).body).toEqual({ publicKey: keys.publicKey });
    } finally {
      await app.close();
    }
  });
});

describe('POST/DELETE /api/push/subscriptions', () => {
  it('stores a subscription for the user and session, and moves an endpoint to whoever subscribes it last', async () => {
    const a = await t.loginAs('technician');
    const b = await t.loginAs('admin');
    const sub = peer.subscribe().json;
    const res = await subscribe(a.token, sub);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ endpoint: sub.endpoint });
    expect(await rowsFor(sub.endpoint)).toEqual([
      expect.objectContaining({ userId: a.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth }),
    ]);
    expect((await subscribe(a.token, sub)).status).toBe(201);
    expect(await rowsFor(sub.endpoint)).toHaveLength(1);

    expect((await subscribe(b.token, { ...sub, keys: { ...sub.keys, auth: 'bmV3LWF1dGg' } })).status).toBe(201);
    expect(await rowsFor(sub.endpoint)).toEqual([expect.objectContaining({ userId: b.id, auth: 'bmV3LWF1dGg' })]);
  });

  it('refuses bodies that are not push subscriptions, and plain-http endpoints', async () => {
    const tech = await t.loginAs('technician');
    const sub = peer.subscribe().json;
    for (const body of [{}, { endpoint: 'not a url', keys: sub.keys }, { endpoint: sub.endpoint }, { endpoint: sub.endpoint, keys: { p256dh: '', auth: '' } }]) {
      const res = await subscribe(tech.token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const insecure = await subscribe(tech.token, { ...sub, endpoint: 'http://127.0.0.1:9/push/x' });
    expect(insecure.status).toBe(400);
    expect(insecure.body.fieldErrors).toEqual({ endpoint: ['Push endpoint must be an https URL'] });
    expect(await rowsFor(sub.endpoint)).toEqual([]);
  });

  it('removes only the caller\'s own subscription', async () => {
    const owner = await t.loginAs('technician');
    const other = await t.loginAs('technician');
    const sub = peer.subscribe().json;
    await subscribe(owner.token, sub);
    const foreign = await t.request('DELETE', '/api/push/subscriptions', { token: other.token, body: { endpoint: sub.endpoint } });
    expect(foreign.status).toBe(204);
    expect(await rowsFor(sub.endpoint)).toHaveLength(1);
    const own = await t.request('DELETE', '/api/push/subscriptions', { token: owner.token, body: { endpoint: sub.endpoint } });
    expect(own.status).toBe(204);
    expect(await rowsFor(sub.endpoint)).toEqual([]);
    expect((await t.request('DELETE', '/api/push/subscriptions', { token: owner.token, body: {} })).status).toBe(400);
  });
});

describe('subscriptions follow the login session (device)', () => {
  it('logout removes this session\'s subscriptions and keeps the user\'s other devices', async () => {
    const user = await t.createUser('technician');
    const login = async () => (await t.request('POST', '/api/auth/login', { body: { username: user.username, password: user.password } })).body.token as string;
    const phone = await login();
    const laptop = await login();
    const phoneSub = peer.subscribe().json;
    const laptopSub = peer.subscribe().json;
    await subscribe(phone, phoneSub);
    await subscribe(laptop, laptopSub);

    expect((await t.request('POST', '/api/auth/logout', { token: phone })).status).toBe(204);
    expect(await rowsFor(phoneSub.endpoint)).toEqual([]);
    expect(await rowsFor(laptopSub.endpoint)).toHaveLength(1);
  });

  it('a password change removes the subscriptions of the sessions it revokes', async () => {
    const user = await t.createUser('technician');
    const login = async () => (await t.request('POST', '/api/auth/login', { body: { username: user.username, password: user.password } })).body.token as string;
    const current = await login();
    const old = await login();
    const currentSub = peer.subscribe().json;
    const oldSub = peer.subscribe().json;
    await subscribe(current, currentSub);
    await subscribe(old, oldSub);
    const res = await t.request('POST', '/api/auth/change-password', {
      token: current,
      body: { currentPassword: user.password, newPassword: 'another-secret', confirmPassword: 'another-secret' },
    });
    expect(res.status).toBe(200);
    expect(await rowsFor(oldSub.endpoint)).toEqual([]);
    expect(await rowsFor(currentSub.endpoint)).toHaveLength(1);
  });
});
