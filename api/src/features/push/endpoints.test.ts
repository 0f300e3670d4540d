/**
 * Push endpoint rules (no server-side request forgery): https only; hosts resolving to loopback, private or link-local
 * addresses are refused when subscribing AND before each send (DNS resolved each time), unless
 * PUSH_ALLOW_HOSTS lists the host; subscriptions are limited per session and per user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@portal/shared';
import { pushSubscriptions, sessions } from '../../db/schema';
import { checkPushEndpoint, createWebPush, guardedAgent, isPublicAddress } from '../../notify/providers/push';
import { EndpointRefusedError } from '../../notify/types';
import { startTestApp, type TestApp } from '../../test/app';
import { allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { PUSH_PEER_HOST } from '../../test/push-peer';

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
/** Public literal addresses (documentation ranges are refused, so these are real allocations). */
const PUBLIC = (n: number) => `https://93.184.215.${n}/push/${n}`;

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and mapped forms', () => {
    for (const ip of [
      '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3',
      '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2001:db8::1', 'not-an-ip',
    ]) expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('checkPushEndpoint resolves host names and honours the allow list', async () => {
    const lookup = (answers: Record<string, string[]>) => async (host: string) => (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const policy = { allowHosts: [], lookup: lookup({ 'push.example.com': ['93.184.215.14'], 'evil.example.com': ['93.184.215.14', '10.0.0.5'], 'v6.example.com': ['::1'] }) };
    expect(await checkPushEndpoint('https://push.example.com/x', policy)).toBeNull();
    expect(await checkPushEndpoint('https://evil.example.com/x', policy)).toMatch(/resolves to 10\.0\.0\.5/);
    expect(await checkPushEndpoint('https://v6.example.com/x', policy)).toMatch(/resolves to ::1/);
    expect(await checkPushEndpoint('https://nowhere.example.com/x', policy)).toMatch(/does not resolve/);
    expect(await checkPushEndpoint('http://push.example.com/x', policy)).toBe('not https');
    expect(await checkPushEndpoint('https://[::1]:8443/x', policy)).toMatch(/not a public address/);
    expect(await checkPushEndpoint('https://127.0.0.1:8443/x', { ...policy, allowHosts: ['127.0.0.1'] })).toBeNull();
    // A real resolver: localhost is loopback.
    expect(await checkPushEndpoint('https://localhost:8443/x', { allowHosts: [] })).toMatch(/resolves to (127\.0\.0\.1|::1)/);
  });

  it('the send-time agent refuses a host that re-resolves to an internal address (DNS rebinding)', async () => {
    let answer = '93.184.215.14';
    const agent = guardedAgent({ allowHosts: [], lookup: async () => [{ address: answer, family: 4 }] });
    answer = '127.0.0.1';
    const push = createWebPush({
      keys: async () => ({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', privateKey: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls' }),
      subject: 'mailto:a@example.com',
      agent,
      lookup: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    const err = await push.send({ endpoint: 'https://rebind.example.com/x', keys: KEYS }, { title: 't', body: 'b', url: '/' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EndpointRefusedError);
    expect((err as Error).message).toMatch(/127\.0\.0\.1/);
    agent.destroy();
  });
});

describe('POST /api/push/subscriptions endpoint rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUSH_MAX_PER_SESSION: '2', PUSH_MAX_PER_USER: '3' } });
  });
  afterAll(() => t.close());

  const subscribe = (token: string, endpoint: string) => t.request('POST', '/api/push/subscriptions', { token, body: { endpoint, keys: KEYS } });
  const count = async () => (await t.db.select().from(pushSubscriptions)).length;

  it('refuses loopback, private and link-local endpoints, by literal or by name, and stores nothing', async () => {
    const tech = await t.loginAs('technician');
    const before = await count();
    for (const endpoint of [
      'https://127.0.0.1:8443/push/x', 'https://localhost:8443/push/x', 'https://10.1.2.3/push/x', 'https://192.168.0.10/push/x',
      'https://169.254.169.254/latest/meta-data', 'https://[::1]/push/x', 'https://[fe80::1]/push/x', 'https://[::ffff:127.0.0.1]/push/x',
      'https://0.0.0.0/push/x',
    ]) {
      const res = await subscribe(tech.token, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toEqual({ message: MSG.pushEndpointPrivate, code: 'validation_failed', fieldErrors: { endpoint: [MSG.pushEndpointPrivate] } });
    }
    const insecure = await subscribe(tech.token, 'http://93.184.215.14/push/x');
    expect(insecure.body.fieldErrors).toEqual({ endpoint: [MSG.pushEndpointInsecure] });
    expect(await count()).toBe(before);
    expect((await subscribe(tech.token, PUBLIC(1))).status).toBe(201);
  });

  it('keeps at most PUSH_MAX_PER_SESSION per session and PUSH_MAX_PER_USER per user, dropping the oldest', async () => {
    const tech = await t.createUser('technician');
    const tokens: string[] = [];
    for (let i = 0; i < 3; i += 1) tokens.push((await t.request('POST', '/api/auth/login', { body: { username: tech.username, password: tech.password } })).body.token);
    const endpointsOf = async () => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tech.id))).map((r) => r.endpoint).sort();

    for (let i = 10; i < 15; i += 1) {
      t.clock.advance(1000);
      expect((await subscribe(tokens[0]!, PUBLIC(i))).status).toBe(201);
    }
    expect(await endpointsOf()).toEqual([PUBLIC(13), PUBLIC(14)].sort());

    t.clock.advance(1000);
    await subscribe(tokens[1]!, PUBLIC(20));
    t.clock.advance(1000);
    await subscribe(tokens[2]!, PUBLIC(30));
    t.clock.advance(1000);
    await subscribe(tokens[2]!, PUBLIC(31));
    // Per user 3: the least recently subscribed (13, 14) went; every endpoint belongs to a live session.
    expect(await endpointsOf()).toEqual([PUBLIC(20), PUBLIC(30), PUBLIC(31)].sort());
    const sessionIds = new Set((await t.db.select().from(sessions).where(eq(sessions.userId, tech.id))).map((s) => s.id));
    expect((await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tech.id))).every((r) => sessionIds.has(r.sessionId))).toBe(true);
  });
});

describe('send-time endpoint check', () => {
  let h: NotifyTestApp;
  beforeAll(async () => {
    h = await startNotifyTestApp();
  });
  afterAll(() => h.close());

  it('a stored subscription whose host is not allowed (older row, changed DNS) is refused, deleted, and nothing is sent', async () => {
    const tech = await h.t.loginAs('technician');
    const [session] = await h.t.db.select().from(sessions).where(eq(sessions.userId, tech.id));
    const port = new URL(h.push.subscribe().json.endpoint).port;
    // localhost resolves to the peer's loopback address but is not in PUSH_ALLOW_HOSTS (127.0.0.1 is).
    const endpoint = `https://localhost:${port}/push/sneaky`;
    await h.t.db.insert(pushSubscriptions).values({ endpoint, p256dh: KEYS.p256dh, auth: KEYS.auth, userId: tech.id, sessionId: session!.id });
    const received = h.push.received.length;
    const ticket = await h.t.createTicket();
    await h.t.notifier.dispatcher.runOnce();
    const job = (await allJobs(h.t.db)).find((j) => j.ticketId === ticket.id && j.channel === 'push' && j.recipient === `push:${tech.username}`)!;
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toMatch(/^Push endpoint refused: localhost resolves to .*; subscription removed$/);
    expect(await h.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    expect(h.push.received.slice(received).filter((r) => r.endpoint.includes('sneaky'))).toEqual([]);
    expect(PUSH_PEER_HOST).toBe('127.0.0.1');
  });
});
