/**
 * Fuzz test of the whole API ("No 500s"). Deterministic (fast-check with a fixed seed) and
 * bounded (FUZZ_REQUESTS, default 2,100 requests, one after another; about 40 s on a 2-core machine
 * at load 16, a fraction of that when idle).
 *
 * Random malformed requests across EVERY route the app serves (read from its routers, so routes
 *    added later are fuzzed too), every role (anonymous, user, technician, admin) and method (the
 *    route's own and others): hostile field values (NUL, lone surrogates, huge/negative/fractional
 *    numbers, wrong types, deep nesting, long strings, injection and traversal strings), missing and
 *    unknown fields, invalid JSON, wrong content types and charsets, corrupt or unknown
 *    Content-Encoding, bad path parameters and query strings, odd headers.
 *    Asserted: no 5xx; a rejected request (4xx) changes no row count (nor the content digest of the
 *    core tables); nothing is logged at error level; the server is healthy afterwards.
 * The named cases of the probe are in probe-cases.test.ts; the shared app in fuzz.testkit.ts.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createSession } from './auth/sessions';
import { sessions, users } from '../db/schema';
import type { RequestSchemas } from '../http/validate';
import { ticketBody, type TestApp } from '../test/app';
import { PUBLIC_ENDPOINT, PUSH_KEYS, ROLES, describeSpec, fuzzHarness, json, type Result, type Role, type Spec } from './fuzz.testkit';

const SEED = 17;
const RANDOM_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_100);

const h = fuzzHarness();
const { actors, victims } = h;
const fingerprint = () => h.fingerprint();
const snapshot = () => h.snapshot();
const send = (spec: Spec, token?: string) => h.send(spec, token);
let t: TestApp;
beforeAll(() => {
  t = h.t;
});

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
/** Accept-Encoding values browsers, proxies and scripts send, including ones that refuse identity. */
const ACCEPT_ENCODINGS = [
  'gzip, deflate, br, zstd', 'identity;q=0', '*;q=0', 'br;q=0, gzip;q=0, identity;q=0', 'deflate, identity;q=0', 'zstd',
  '*', 'gzip;q=0, *', 'br;q=abc', 'br;q=2, gzip;q=-1', ';;;,,,', 'x'.repeat(2000), 'identity;q=0, *;q=0',
];
const HEADER_SETS: Record<string, string>[] = [
  {}, { 'idempotency-key': randomUUID() }, { 'idempotency-key': 'not-a-uuid' }, { 'idempotency-key': 'x'.repeat(500) }, { 'x-forwarded-for': '127.0.0.1, ::1, garbage' },
  { authorization: 'Bearer ' + 'x'.repeat(300) }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: 'Bearer' }, { authorization: 'Bearer a b' },
  { cookie: 'session=' + 'x'.repeat(100) }, { cookie: 'session=%00; session=x' }, { 'x-request-id': '../../etc' }, { 'x-request-id': 'y'.repeat(1000) },
  { accept: 'text/html' }, { 'accept-encoding': 'br, gzip' }, { 'x-http-method-override': 'DELETE' },
  ...ACCEPT_ENCODINGS.map((value) => ({ 'accept-encoding': value })),
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

describe('Accept-Encoding (answers of 1 KiB and more)', () => {
  it('every header value on the large GET answers and static files: no 5xx, the body decodes, nothing logged at error level', async () => {
    for (let i = 0; i < 8; i += 1) await t.createTicket();
    const admin = actors.admin.token;
    const targets = ['/api/tickets/list?limit=50', '/api/tickets/list?limit=50&q=a', '/api/tickets?since=0&limit=50', '/api/ticket-updates?limit=50', '/', '/technician'];
    for (const target of targets) {
      const plain = await fetch(t.url + target, { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'identity' } });
      const reference = Buffer.from(await plain.arrayBuffer());
      expect(reference.length, `${target} must be large enough to be compressed`).toBeGreaterThanOrEqual(target.startsWith('/api') ? 1024 : 1);
      for (const value of ACCEPT_ENCODINGS) {
        // fetch decodes br/gzip itself, so the text compares with the identity answer.
        const res = await send({ method: 'GET', path: target, role: 'admin', headers: { 'accept-encoding': value }, label: `accept-encoding ${value.slice(0, 40)}` });
        expect(res.status, `${target} ${value.slice(0, 40)}`).toBe(200);
        expect(res.text, `${target} ${value.slice(0, 40)}`).toBe(reference.toString());
      }
    }
    expect(t.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });
});

describe('random malformed requests', () => {
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
