/**
 * Named cases of the API probe ("No 500s"): every finding a request can show, each as its
 * own test: NUL bytes, lone surrogates, out-of-range integers and dates, corrupt bodies, proxy hops,
 * per-IP login limits, internal push endpoints, the last admin, Secure cookies. Each rejected
 * request is a 400 with the expected message that changes no row (fuzz.testkit.ts fingerprint).
 * The random requests over every route are in fuzz.test.ts.
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@portal/shared';
import { createSession } from './auth/sessions';
import { pushSubscriptions, users } from '../db/schema';
import { BODY_NOT_DECODED } from '../http/error-handler';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { PUBLIC_ENDPOINT, PUSH_KEYS, fuzzHarness, json, type Spec } from './fuzz.testkit';

const h = fuzzHarness();
const { actors, victims } = h;
const fingerprint = () => h.fingerprint();
const send = (spec: Spec, token?: string) => h.send(spec, token);
let t: TestApp;
beforeAll(() => {
  t = h.t;
});

describe('named cases from the probe', () => {
  const expect400 = async (spec: Omit<Spec, 'label' | 'headers'> & { headers?: Record<string, string> }, message?: string) => {
    const before = await fingerprint();
    const res = await send({ headers: { 'content-type': 'application/json' }, label: 'named', ...spec } as Spec);
    expect(res.status, res.text).toBe(400);
    const body = JSON.parse(res.text) as { code: string; message: string; fieldErrors?: Record<string, string[]> };
    expect(body.code).toBe('validation_failed');
    if (message) expect(JSON.stringify(body)).toContain(message);
    expect(await fingerprint()).toEqual(before);
    return body;
  };

  for (const field of ['clientName', 'businessName', 'customerPhone', 'issue'] as const) {
    it(`NUL byte: POST /api/tickets with a NUL in ${field} -> 400`, async () => {
      const body = await expect400({ role: 'anonymous', method: 'POST', path: '/api/tickets', body: json(ticketBody({ [field]: 'text with a\u0000NUL byte inside' })) });
      expect(body.fieldErrors).toEqual({ [field]: [MSG.textInvalid] });
    });
  }

  it('NUL byte: POST /api/auth/login with a NUL in the username (anonymous) -> 400', async () => {
    await expect400({ role: 'anonymous', method: 'POST', path: '/api/auth/login', body: json({ username: 'adm\u0000in', password: 'x' }) }, MSG.textInvalid);
  });

  for (const field of ['comment', 'resolution'] as const) {
    it(`NUL byte: PATCH /api/tickets/:id with a NUL in ${field} (staff) -> 400`, async () => {
      await expect400({ role: 'technician', method: 'PATCH', path: `/api/tickets/${victims.tickets[1]}`, body: json({ [field]: 'a\u0000b' }) }, MSG.textInvalid);
    });
  }

  it('NUL byte: POST and PATCH /api/users with a NUL in the username (admin) -> 400', async () => {
    await expect400({ role: 'admin', method: 'POST', path: '/api/users', body: json({ username: 'nul\u0000user', password: 'secret-pass', role: 'user' }) }, MSG.textInvalid);
    await expect400({ role: 'admin', method: 'PATCH', path: `/api/users/${victims.users[0]}`, body: json({ username: 'nul\u0000user' }) }, MSG.textInvalid);
  });

  it('lone surrogate: PATCH /api/tickets/:id {"comment":"\\ud800"} -> 400 (no notification job with invalid JSON)', async () => {
    await expect400({ role: 'technician', method: 'PATCH', path: `/api/tickets/${victims.tickets[1]}`, body: '{"comment":"\\ud800"}' }, MSG.textInvalid);
    await expect400({ role: 'anonymous', method: 'POST', path: '/api/tickets', body: json(ticketBody({ issue: 'broken \udc00 surrogate in the issue text' })) }, MSG.textInvalid);
  });

  it('integer out of range: PATCH /api/tickets/:id {"comment":"ok","baseVersion":3000000000} -> 400', async () => {
    const body = await expect400({ role: 'technician', method: 'PATCH', path: `/api/tickets/${victims.tickets[1]}`, body: json({ comment: 'ok', baseVersion: 3_000_000_000 }) });
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(['baseVersion']);
  });

  it('invalid date: POST /api/push/subscriptions with "expirationTime":1e300 -> 400', async () => {
    const body = await expect400({ role: 'technician', method: 'POST', path: '/api/push/subscriptions', body: `{"endpoint":"${PUBLIC_ENDPOINT}/x","expirationTime":1e300,"keys":${json(PUSH_KEYS)}}` });
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(['expirationTime']);
  });

  for (const encoding of ['gzip', 'br', 'deflate']) {
    it(`corrupt body: POST /api/tickets with Content-Encoding: ${encoding} and a body that is not compressed -> 400`, async () => {
      await expect400({ role: 'anonymous', method: 'POST', path: '/api/tickets', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: json(ticketBody()) }, BODY_NOT_DECODED);
    });
  }

  it('corrupt body: a truncated gzip body -> 400; an unknown Content-Encoding -> 415; a well-compressed body works', async () => {
    const gz = zlib.gzipSync(Buffer.from(json(ticketBody())));
    await expect400({ role: 'anonymous', method: 'POST', path: '/api/tickets', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gz.subarray(0, gz.length - 10) }, BODY_NOT_DECODED);
    const unknown = await send({ role: 'anonymous', method: 'POST', path: '/api/tickets', headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' }, body: json(ticketBody()), label: 'named' });
    expect(unknown.status).toBe(415);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'validation_failed' });
    const ok = await send({ role: 'anonymous', method: 'POST', path: '/api/tickets', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gz, label: 'named' });
    expect(ok.status).toBe(201);
  });

  it('proxy hops: X-Forwarded-For: 10.9.0.$i, 127.0.0.1 no longer bypasses RATE_LIMIT_LOGIN=3 (TRUST_PROXY=true)', async () => {
    const proxied = await startTestApp({ db: t.db, env: { TRUST_PROXY: 'true' }, rateLimits: { login: { points: 3, durationSec: 900 } } });
    try {
      const statuses = [];
      for (let i = 1; i <= 8; i += 1) {
        const res = await proxied.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong' }, headers: { 'X-Forwarded-For': `10.9.0.${i}, 127.0.0.1` } });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('per-IP login limit: one password against 60 usernames from one IP -> 429', async () => {
    const limited = await startTestApp({ db: t.db, rateLimits: { loginIp: { points: 10, durationSec: 900 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 60; i += 1) statuses.push((await limited.request('POST', '/api/auth/login', { body: { username: `spray-${i}`, password: 'Winter2024!' } })).status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it('push endpoints: https://127.0.0.1:<port> and other internal addresses are refused; subscriptions are limited per user and session', async () => {
    for (const endpoint of ['https://127.0.0.1:8443/push/x', 'https://localhost/push/x', 'https://10.0.0.8/push/x', 'https://169.254.169.254/push/x', 'https://[::1]/push/x']) {
      await expect400({ role: 'technician', method: 'POST', path: '/api/push/subscriptions', body: json({ endpoint, keys: PUSH_KEYS }) }, MSG.pushEndpointPrivate);
    }
    const session = await createSession(t.db, actors.technician.id, t.clock.now(), 1);
    for (let i = 0; i < 8; i += 1) {
      const res = await send({ role: 'technician', method: 'POST', path: '/api/push/subscriptions', headers: { 'content-type': 'application/json' }, body: json({ endpoint: `${PUBLIC_ENDPOINT}/limit-${i}`, keys: PUSH_KEYS }), label: 'named' }, session.token);
      expect(res.status).toBe(201);
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.sessionId, session.sessionId))).toHaveLength(3);
    expect((await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, actors.technician.id))).length).toBeLessThanOrEqual(5);
  });

  it('accounts: the last admin can be neither demoted nor deleted; an admin password reset revokes the user\'s sessions', async () => {
    const others = (await t.db.select().from(users).where(eq(users.role, 'admin'))).filter((u) => u.id !== actors.admin.id);
    for (const u of others) await t.db.update(users).set({ role: 'technician' }).where(eq(users.id, u.id));
    try {
      const demote = await expect400({ role: 'admin', method: 'PATCH', path: `/api/users/${actors.admin.id}`, body: json({ role: 'user' }) });
      expect(demote.message).toBe(MSG.lastAdminDemote);
      const del = await expect400({ role: 'admin', method: 'DELETE', path: `/api/users/${actors.admin.id}` });
      expect(del.message).toBe(MSG.lastAdminDelete);
    } finally {
      for (const u of others) await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, u.id));
    }
    const victim = await t.createUser('technician');
    const victimToken = (await createSession(t.db, victim.id, t.clock.now(), 1)).token;
    expect((await t.request('PATCH', `/api/users/${victim.id}`, { token: actors.admin.token, body: { password: 'new-password' } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: victimToken })).status).toBe(401);
  });

  it('cookies: with PUBLIC_URL=https://... the session cookie is Secure', async () => {
    const https = await startTestApp({ db: t.db, env: { PUBLIC_URL: 'https://support.example.com' } });
    try {
      const res = await https.request('POST', '/api/auth/login', { body: { username: actors.user.username, password: actors.user.password } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/;\s*secure/i);
    } finally {
      await https.close();
    }
  });
});
