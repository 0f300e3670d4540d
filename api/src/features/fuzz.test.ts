/**
 * Fuzz test of the whole API (issue 17, "No 500s"). Deterministic (fast-check with a fixed seed) and
 * bounded (FUZZ_REQUESTS, default 2,100 requests, one after another; about 40 s on a 2-core machine
 * at load 16, a fraction of that when idle).
 *
 * 1. Named cases: every finding of the probe that a request can show, each as its own test.
 * 2. Random malformed requests across EVERY route the app serves (read from its routers, so routes
 *    added later are fuzzed too), every role (anonymous, user, technician, admin) and method (the
 *    route's own and others): hostile field values (NUL, lone surrogates, huge/negative/fractional
 *    numbers, wrong types, deep nesting, long strings, injection and traversal strings), missing and
 *    unknown fields, invalid JSON, wrong content types and charsets, corrupt or unknown
 *    Content-Encoding, bad path parameters and query strings, odd headers.
 *    Asserted: no 5xx; a rejected request (4xx) changes no row count (nor the content digest of the
 *    core tables); nothing is logged at error level; the server is healthy afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@portal/shared';
import { createSession } from './auth/sessions';
import { notificationJobs, pushSubscriptions, sessions, users } from '../db/schema';
import { BODY_NOT_DECODED } from '../http/error-handler';
import type { RequestSchemas } from '../http/validate';
import { startTestApp, ticketBody, type TestApp, type TestUser } from '../test/app';

const SEED = 17;
const RANDOM_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_100);
const PUSH_KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
/** A public literal address: passes the push endpoint rules without DNS; nothing is ever sent here. */
const PUBLIC_ENDPOINT = 'https://93.184.215.14/push/fuzz';

type Role = 'anonymous' | 'user' | 'technician' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'technician', 'admin'];

let t: TestApp;
let dist: string;
const actors = {} as Record<Exclude<Role, 'anonymous'>, TestUser & { token: string }>;
/** Users and tickets the fuzzer may change or delete (actors are never a path parameter). */
const victims = { users: [] as string[], tickets: [] as string[], jobs: [] as string[] };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>fuzz</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'void 0');
  t = await startTestApp({ env: { PWA_DIST: dist, PUSH_MAX_PER_SESSION: '3', PUSH_MAX_PER_USER: '5' } });
  actors.admin = await t.loginAs('admin');
  actors.technician = await t.loginAs('technician');
  actors.user = await t.loginAs('user');
  for (const role of ['technician', 'user', 'admin'] as const) victims.users.push((await t.createUser(role)).id);
  for (let i = 0; i < 3; i += 1) victims.tickets.push((await t.createTicket({ severity: i === 0 ? 'urgent' : 'low' })).id);
  await t.request('PATCH', `/api/tickets/${victims.tickets[0]}`, { token: actors.technician.token, body: { status: 'in_progress', comment: 'seed' } });
  await t.request('POST', '/api/settings/notification-emails', { token: actors.admin.token, body: { email: 'ops@example.com' } });
  await t.request('POST', '/api/settings/system', { token: actors.admin.token, body: { key: 'support_sms_number', value: '+1 555 0100' } });
  await t.request('POST', '/api/push/subscriptions', { token: actors.technician.token, body: { endpoint: PUBLIC_ENDPOINT, keys: PUSH_KEYS } });
  const jobs = await t.db.select({ id: notificationJobs.id }).from(notificationJobs).limit(3);
  await t.db.update(notificationJobs).set({ status: 'failed' }).where(eq(notificationJobs.id, jobs[0]!.id));
  victims.jobs.push(...jobs.map((j) => j.id));
}, 120_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Database fingerprint: row counts of every table, plus change markers of the core tables.

/**
 * PostgreSQL's current snapshot (`xmin:xmax:in-progress`): every INSERT, UPDATE or DELETE takes a new
 * transaction id and moves `xmax`, so an unchanged snapshot proves nothing was written and the
 * costlier fingerprint below can be skipped.
 */
async function snapshot(): Promise<string> {
  const result = (await t.db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as { rows: { s: string }[] };
  return result.rows[0]!.s;
}

let fingerprintSql: string | undefined;

/**
 * One row: the row count of every table of the schema (tables added later included), plus change
 * markers of the core tables (versions, update times, the users and settings contents).
 */
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintSql) {
    const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: { table_name: string }[];
    };
    const parts = tables.rows.map((r) => `(select count(*) from "${r.table_name}")::text as "${r.table_name}"`);
    parts.push(
      `(select md5(coalesce(string_agg(concat_ws('|', id, username, password, email, role), ',' order by id), '')) from users) as "users*"`,
      `(select concat_ws('|', sum(version), max(updated_at), max(sync_seq)) from support_tickets) as "support_tickets*"`,
      `(select md5(coalesce(string_agg(concat_ws('|', key, value, description, updated_at), ',' order by key), '')) from settings) as "settings*"`,
      `(select concat_ws('|', max(updated_at), sum(failures)) from push_subscriptions) as "push_subscriptions*"`,
      `(select concat_ws('|', max(updated_at), sum(attempts)) from notification_jobs) as "notification_jobs*"`,
      `(select concat_ws('|', max(expires_at), max(created_at)) from sessions) as "sessions*"`,
    );
    fingerprintSql = `select ${parts.join(', ')}`;
  }
  const result = (await t.db.execute(sql.raw(fingerprintSql))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Requests

interface Spec {
  method: string;
  path: string;
  role: Role;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What the generator did, for failure messages. */
  label: string;
}

interface Result {
  status: number;
  text: string;
}

async function send(spec: Spec, token?: string): Promise<Result> {
  const headers: Record<string, string> = { ...spec.headers };
  const auth = token ?? (spec.role === 'anonymous' ? undefined : actors[spec.role].token);
  if (auth && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) headers.authorization = `Bearer ${auth}`;
  const payload = spec.method === 'GET' || spec.method === 'HEAD' || spec.body === undefined ? undefined : typeof spec.body === 'string' ? spec.body : new Uint8Array(spec.body);
  const res = await fetch(t.url + spec.path, { method: spec.method, headers, body: payload });
  return { status: res.status, text: await res.text() };
}

const json = (value: unknown) => JSON.stringify(value);
const describeSpec = (s: Spec) => `${s.role} ${s.method} ${s.path} [${s.label}] ${typeof s.body === 'string' ? s.body.slice(0, 200) : s.body ? `<${s.body.length} bytes>` : ''}`;

// ---------------------------------------------------------------------------------------------------
// 1. Named cases of the probe

describe('named cases from the probe (issue 17)', () => {
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

// ---------------------------------------------------------------------------------------------------
// 2. Random malformed requests over every route

interface Route {
  method: string;
  path: string;
  schemas: RequestSchemas;
}

/** Every route of the app's routers, with the schemas of its `validate(...)` step. */
function listRoutes(): Route[] {
  const routes: Route[] = [];
  for (const mw of t.app.middleware as unknown as { router?: { stack: { methods: string[]; path: string; stack: { schemas?: RequestSchemas }[] }[] } }[]) {
    for (const layer of mw.router?.stack ?? []) {
      const schemas = Object.assign({}, ...layer.stack.map((m) => m.schemas ?? {})) as RequestSchemas;
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) routes.push({ method, path: layer.path, schemas });
    }
  }
  return routes;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; format?: string; values?: unknown[]; entries?: Record<string, unknown>; element?: z.ZodType; checks?: { _zod: { def: { check: string; minimum?: number; value?: number } } }[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A plausible value for a schema (for routes without a hand-written body): fields of the right type. */
function sample(schema: z.ZodType | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, depth + 1);
    case 'pipe':
      return sample(def.in, depth + 1);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'string':
      return def.format === 'uuid' || def.format === 'guid' ? victims.tickets[0] : def.format === 'email' ? 'fuzz@example.com' : def.format === 'url' ? PUBLIC_ENDPOINT : 'plausible text value';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [sample(def.element, depth + 1)];
    default:
      return undefined;
  }
}

/** A valid (or nearly valid) body per known route; other routes get `sample(schema)`. */
function baseBody(route: Route): Record<string, unknown> {
  const key = `${route.method} ${route.path}`;
  switch (key) {
    case 'POST /api/auth/login':
      return { username: 'no-such-user', password: 'wrong-password' };
    case 'POST /api/auth/change-password':
      return { currentPassword: 'not-the-password', newPassword: 'new-password-1' };
    case 'POST /api/tickets':
      return { ...ticketBody() };
    case 'PATCH /api/tickets/:id':
      return { status: 'in_progress', comment: 'fuzz comment', resolution: 'fuzz resolution', assignedTo: actors.technician.id, baseVersion: 1 };
    case 'POST /api/users':
      return { username: `fuzz-${randomUUID().slice(0, 6)}`, password: 'secret-pass', email: 'fuzz@example.com', role: 'technician' };
    case 'PATCH /api/users/:id':
      return { username: 'renamed-victim', email: 'victim@example.com', role: 'user', password: 'reset-password' };
    case 'POST /api/settings/system':
      return { key: 'support_sms_number', value: '+1 555 0199', description: 'fuzz' };
    case 'POST /api/settings/notification-emails':
    case 'DELETE /api/settings/notification-emails':
      return { email: 'fuzz-ops@example.com' };
    case 'POST /api/push/subscriptions':
      return { endpoint: `${PUBLIC_ENDPOINT}/random`, expirationTime: null, keys: { ...PUSH_KEYS } };
    case 'DELETE /api/push/subscriptions':
      return { endpoint: `${PUBLIC_ENDPOINT}/random` };
    default: {
      const sampled = sample(route.schemas.body);
      return typeof sampled === 'object' && sampled !== null ? (sampled as Record<string, unknown>) : {};
    }
  }
}

/** Nested arrays `depth` deep, as JSON text. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** What PostgreSQL cannot store (NUL, lone surrogates), short and long enough to pass length rules. */
const UNSTORABLE_STRINGS = [
  'a\u0000b', '\u0000', '\ud800', 'x\udfff', '\udc00\ud800', 'ok \ud83d', 'fuzz\u0000@example.com', '+1 555\u0000 0100',
  'A long enough text with a NUL\u0000 byte in the middle of it', 'A long enough text with a lone \ud800 surrogate in it', 'trailing high surrogate, long enough \udbff',
];
const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --", "' OR '1'='1", '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd', '%00', '\u202egnp.exe', '🙂'.repeat(50), ' ', '', 'x'.repeat(20_000), '<script>alert(1)</script>', '${jndi:ldap://x/a}',
  'null', '0', '-1', '1e309', 'NaN', '\\', '"', '\r\nX-Injected: 1', 'a'.repeat(101), 'admin', 'ADMIN ', '\t\n', '\u0001\u0002\u001f', '\uffff\ufffe',
  'https://127.0.0.1/push', 'http://example.com', 'javascript:alert(1)', 'ftp://x', 'https://[::1]/x', 'fuzz@example.com', '+1 555 0100', randomUUID(),
];
const HOSTILE_NUMBERS = [3e9, 2_147_483_648, 2_147_483_647, -1, 0, 1.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 1e-300, 8.64e15 + 1];
const HOSTILE_OTHERS: unknown[] = [null, true, false, [], {}, [1, 2], { $gt: '' }, { nested: { deeper: { deepest: ['x'] } } }, Array.from({ length: 1000 }, () => 'x')];

/** A hostile value; fast-check picks. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_OTHERS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

const RAW_BODIES = ['{"a":', '{"a":1}}', 'nul', '\u0000', '', '[', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"clientName":1e999}', '"just a string"', '12', 'null', `${nested(5_000)}`, `{"a":${nested(2_000)}}`, '{"x":"\\ud800"}', '{"x":"\\u0000"}', '\ufeff{}', '{"a":1,"a":2}'];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/xml', 'application/json; charset=nope', ''];
const ENCODINGS = ['gzip', 'br', 'deflate', 'zstd', 'gzip, gzip', 'identity', 'GZIP', 'x-unknown'];
const BAD_PARAMS = ['not-a-uuid', '%00', '..%2F..%2Fetc%2Fpasswd', '%ZZ', '%', 'x'.repeat(3000), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '%F0%9F%99%82', '%C0%AF', '1 OR 1=1', 'vapid_keys', 'support_sms_number', 'notification_emails'];
const QUERIES = [
  '', 'since=0', 'since=-1', 'since=1e5', `since=${'9'.repeat(16)}`, 'since=%00', 'since=abc', 'since=1&since=2', 'since[]=1', 'limit=0', 'limit=-5', 'limit=1e309', 'limit=NaN',
  'limit=99999999999999999999', 'limit=1.5', 'status=lost', 'status=%00', 'status[$ne]=x', `ticketId=${randomUUID()}`, 'ticketId=not-a-uuid', '__proto__[x]=1',
  'constructor[prototype][x]=1', '%ZZ=1', 'a=%ZZ', 'since=%ud800', `x=${'y'.repeat(5000)}`,
];
const HEADER_SETS: Record<string, string>[] = [
  {}, { 'idempotency-key': randomUUID() }, { 'idempotency-key': 'not-a-uuid' }, { 'idempotency-key': 'x'.repeat(500) }, { 'x-forwarded-for': '127.0.0.1, ::1, garbage' },
  { authorization: 'Bearer ' + 'x'.repeat(300) }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: 'Bearer' }, { authorization: 'Bearer a b' },
  { cookie: 'session=' + 'x'.repeat(100) }, { cookie: 'session=%00; session=x' }, { 'x-request-id': '../../etc' }, { 'x-request-id': 'y'.repeat(1000) },
  { accept: 'text/html' }, { 'accept-encoding': 'br, gzip' }, { 'x-http-method-override': 'DELETE' },
];
const STATIC_PATHS = ['/', '/technician', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00', '/assets/..%2F..%2Fpackage.json', '/index.html%00', '/assets/missing.js', '/%ZZ', '/api', '/api/', '/api/unknown/route', '/api/%00'];

interface Plan {
  routeIndex: number;
  role: Role;
  otherMethod: string | null;
  param: { kind: 'victim' | 'bad' | 'random'; index: number };
  query: string;
  headers: Record<string, string>;
  body:
    | { kind: 'valid' }
    | { kind: 'set' | 'setNested'; field: number; value: unknown }
    | { kind: 'delete'; field: number }
    | { kind: 'unknownField'; value: unknown }
    | { kind: 'replace'; value: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'contentType'; type: string }
    | { kind: 'encoding'; encoding: string; mode: 'plain' | 'truncated' | 'valid' | 'garbage' }
    | { kind: 'tooLarge' };
}

/** Plans over `routeCount` API routes; about one in twelve requests goes to a static (PWA) path instead. */
function planArbitrary(routeCount: number): fc.Arbitrary<Plan> {
  const body = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'valid' as const }) },
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), field: fc.nat(20), value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('setNested' as const), field: fc.nat(20), value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), field: fc.nat(20) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknownField' as const), value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_BODIES) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('contentType' as const), type: fc.constantFrom(...CONTENT_TYPES) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('encoding' as const), encoding: fc.constantFrom(...ENCODINGS), mode: fc.constantFrom('plain' as const, 'truncated' as const, 'valid' as const, 'garbage' as const) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'tooLarge' as const }) },
  );
  return fc.record({
    routeIndex: fc.oneof({ weight: 11, arbitrary: fc.nat(routeCount - 1) }, { weight: 1, arbitrary: fc.integer({ min: routeCount, max: routeCount + STATIC_PATHS.length - 1 }) }),
    role: fc.constantFrom(...ROLES),
    otherMethod: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), { freq: 8 }),
    param: fc.record({ kind: fc.constantFrom('victim' as const, 'victim' as const, 'bad' as const, 'random' as const), index: fc.nat(100) }),
    query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: fc.constantFrom(...QUERIES) }),
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: fc.constantFrom(...HEADER_SETS) }),
    body,
  });
}

/** Path parameter value for `:name` of a route. */
function paramValue(route: Route, name: string, p: Plan['param']): string {
  if (p.kind === 'bad') return BAD_PARAMS[p.index % BAD_PARAMS.length]!;
  if (p.kind === 'random') return randomUUID();
  if (name === 'key') return 'support_sms_number';
  const pool = route.path.startsWith('/api/users') ? victims.users : route.path.startsWith('/api/notifications') ? victims.jobs : route.path.startsWith('/api/tickets') ? victims.tickets : [...victims.tickets, ...victims.users, ...victims.jobs];
  return pool[p.index % pool.length]!;
}

/** Turns a plan into a concrete request. */
function toSpec(routes: Route[], plan: Plan): Spec {
  if (plan.routeIndex >= routes.length) {
    const staticPath = STATIC_PATHS[(plan.routeIndex - routes.length) % STATIC_PATHS.length]!;
    return { method: plan.otherMethod ?? 'GET', path: staticPath, role: plan.role, headers: plan.headers, label: 'static' };
  }
  const route = routes[plan.routeIndex]!;
  const method = plan.otherMethod ?? route.method;
  const pathname = route.path.replace(/:(\w+)/g, (_m, name: string) => paramValue(route, name, plan.param));
  const urlPath = plan.query ? `${pathname}?${plan.query}` : pathname;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...plan.headers };
  const base = baseBody(route);
  const fields = Object.keys(base);
  const b = plan.body;
  let body: string | Buffer = json(base);
  let label: string = b.kind;
  switch (b.kind) {
    case 'valid':
      break;
    case 'set': {
      const field = fields.length ? fields[b.field % fields.length]! : 'anything';
      body = json({ ...base, [field]: b.value });
      label = `set ${field}`;
      break;
    }
    case 'setNested': {
      const objectField = fields.find((f) => typeof base[f] === 'object' && base[f] !== null);
      if (objectField) {
        const inner = base[objectField] as Record<string, unknown>;
        const innerFields = Object.keys(inner);
        const field = innerFields[b.field % Math.max(1, innerFields.length)] ?? 'x';
        body = json({ ...base, [objectField]: { ...inner, [field]: b.value } });
        label = `set ${objectField}.${field}`;
      } else {
        body = json({ ...base, [fields[b.field % Math.max(1, fields.length)] ?? 'x']: b.value });
      }
      break;
    }
    case 'delete': {
      const field = fields[b.field % Math.max(1, fields.length)];
      const copy = { ...base };
      if (field) delete copy[field];
      body = json(copy);
      label = `delete ${field}`;
      break;
    }
    case 'unknownField':
      body = json({ ...base, unexpected_field: b.value });
      break;
    case 'replace':
      body = json(b.value);
      break;
    case 'raw':
      body = b.text;
      break;
    case 'contentType':
      if (b.type) headers['content-type'] = b.type;
      else delete headers['content-type'];
      label = `content-type ${b.type}`;
      break;
    case 'encoding': {
      headers['content-encoding'] = b.encoding;
      const plain = Buffer.from(json(base));
      const compressed = b.encoding.startsWith('br') ? zlib.brotliCompressSync(plain) : b.encoding.startsWith('deflate') ? zlib.deflateSync(plain) : zlib.gzipSync(plain);
      body = b.mode === 'plain' ? plain : b.mode === 'truncated' ? compressed.subarray(0, Math.max(1, compressed.length - 7)) : b.mode === 'valid' ? compressed : Buffer.concat([compressed.subarray(0, 10), Buffer.from('garbage!!')]);
      label = `content-encoding ${b.encoding} ${b.mode}`;
      break;
    }
    case 'tooLarge':
      body = json({ ...base, padding: 'p'.repeat(300_000) });
      break;
  }
  return { method, path: urlPath, role: plan.role, headers, body, label };
}

describe('random malformed requests (issue 17)', () => {
  it(`${RANDOM_REQUESTS} requests over every route, role and method: no 5xx, rejected requests change nothing, healthy after`, { timeout: 300_000 }, async () => {
    const routes = listRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    // Coverage first: every route with every role and its own method, then fast-check's random plans.
    const fixed = fc.sample(planArbitrary(routes.length), { seed: SEED, numRuns: routes.length * ROLES.length }).map((plan, i) => ({
      ...plan,
      routeIndex: Math.floor(i / ROLES.length),
      role: ROLES[i % ROLES.length]!,
      otherMethod: null,
    }));
    const random = fc.sample(planArbitrary(routes.length), { seed: SEED + 1, numRuns: Math.max(0, RANDOM_REQUESTS - fixed.length) });
    const plans = [...fixed, ...random];
    expect(plans.length).toBeGreaterThanOrEqual(Math.min(2_000, RANDOM_REQUESTS));

    const failures: string[] = [];
    const seen = new Set<string>();
    const statuses = new Map<number, number>();
    let before = await fingerprint();
    let beforeSnapshot = await snapshot();
    for (const plan of plans) {
      const spec = toSpec(routes, plan);
      let token: string | undefined;
      // Logout and change-password act on the caller's session: give them a throwaway one.
      if (spec.role !== 'anonymous' && /^\/api\/auth\/(logout|change-password)/.test(spec.path)) {
        token = (await createSession(t.db, actors[spec.role].id, t.clock.now(), 1)).token;
        before = await fingerprint();
        beforeSnapshot = await snapshot();
      }
      let res: Result;
      try {
        res = await send(spec, token);
      } catch (err) {
        failures.push(`network error ${String(err)} ${String((err as { cause?: unknown }).cause)}: ${describeSpec(spec)}`);
        before = await fingerprint();
        beforeSnapshot = await snapshot();
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (plan.routeIndex < routes.length) seen.add(`${routes[plan.routeIndex]!.method} ${routes[plan.routeIndex]!.path} ${spec.role} ${spec.method}`);
      if (res.status >= 500) failures.push(`${res.status} ${res.text.slice(0, 120)}: ${describeSpec(spec)}`);
      const afterSnapshot = await snapshot();
      if (afterSnapshot !== beforeSnapshot) {
        const after = await fingerprint();
        if (res.status >= 400) {
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          if (changed.length) failures.push(`${res.status} changed ${changed.join(', ')}: ${describeSpec(spec)}`);
        }
        before = after;
        beforeSnapshot = afterSnapshot;
      }
    }
    expect(failures.slice(0, 25), `${failures.length} failures`).toEqual([]);

    // Every route was tried with every role and its own method; many statuses came back.
    for (const route of routes) for (const role of ROLES) expect(seen.has(`${route.method} ${route.path} ${role} ${route.method}`), `${route.method} ${route.path} as ${role}`).toBe(true);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 201, 400, 401, 403, 404, 413, 415]));
    // No 500 was logged, so no customer data went to the error log.
    expect(t.logger.entries.filter((e) => e.level === 'error')).toEqual([]);

    // Healthy after: health, a new ticket, a login.
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect((await t.request('POST', '/api/tickets', { body: ticketBody() })).status).toBe(201);
    const fresh = await t.createUser('technician');
    expect((await t.request('POST', '/api/auth/login', { body: { username: fresh.username, password: fresh.password } })).status).toBe(200);
    const adminStillThere = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(adminStillThere.length).toBeGreaterThan(0);
    expect((await t.db.select().from(sessions)).length).toBeGreaterThan(0);
  });
});
