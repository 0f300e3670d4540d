/**
 * The fuzz test's request generator (fuzz.test.ts): routes (read from the app's routers), hostile
 * values, bodies, headers (Accept-Encoding, Range, If-Range), path parameters and queries,
 * fast-check plans over them and the concrete request of a plan, deterministic for a seed.
 * `fuzzPlans(h)` binds it to the harness's app, actors and victims (call it inside tests only).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import type { RequestSchemas } from '../http/validate';
import { DOWNLOAD_CATALOGUE } from '@portal/shared';
import { ticketBody } from '../test/app';
import { PUBLIC_ENDPOINT, PUSH_KEYS, ROLES, type FuzzHarness, type Role, type Spec } from './fuzz.testkit';
import { applyBodyPlan, type BodyPlan } from './fuzz.bodies.testkit';

export interface Route {
  method: string;
  path: string;
  schemas: RequestSchemas;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; format?: string; values?: unknown[]; entries?: Record<string, unknown>; element?: z.ZodType; checks?: { _zod: { def: { check: string; minimum?: number; value?: number } } }[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

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
export const ACCEPT_ENCODINGS = [
  'gzip, deflate, br, zstd', 'identity;q=0', '*;q=0', 'br;q=0, gzip;q=0, identity;q=0', 'deflate, identity;q=0', 'zstd',
  '*', 'gzip;q=0, *', 'br;q=abc', 'br;q=2, gzip;q=-1', ';;;,,,', 'x'.repeat(2000), 'identity;q=0, *;q=0',
];
/** Range headers (RFC 9110 14.2): malformed, several, overlapping, suffixes, beyond any file or safe integer. */
export const RANGES = [
  'bytes=', 'bytes=abc', 'bytes=5-2', 'bytes=--1', 'bytes=1-2-3', 'bits=0-10', 'bytes =0-1', 'bytes=0x10-', 'bytes=-', 'bytes=1e3-', 'bytes=0-1;x', 'x'.repeat(4000),
  'bytes=0-1,5-6', 'bytes=0-0,-1', 'bytes=0-10, 20-30, 40-50', 'bytes=0-100,50-150', 'bytes=0-,0-', `bytes=${Array.from({ length: 300 }, (_, i) => `${i}-${i}`).join(',')}`,
  'bytes=-1', 'bytes=-0', 'bytes=-100', 'bytes=-99999999999', 'bytes=0-', 'bytes=1-1',
  'bytes=0-99999999999999999999', 'bytes=99999999999999999999-', 'bytes=9007199254740993-', 'bytes=0-9007199254740993', 'bytes=4294967296-4294967297',
];
/** If-Range values: a strong ETag that never matches, a weak one, dates, garbage. */
export const IF_RANGES = ['"nope"', 'W/"nope"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', 'not a date', '*', ''];
const HEADER_SETS: Record<string, string>[] = [
  {}, { 'idempotency-key': randomUUID() }, { 'idempotency-key': 'not-a-uuid' }, { 'idempotency-key': 'x'.repeat(500) }, { 'x-forwarded-for': '127.0.0.1, ::1, garbage' },
  { authorization: 'Bearer ' + 'x'.repeat(300) }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: 'Bearer' }, { authorization: 'Bearer a b' },
  { cookie: 'session=' + 'x'.repeat(100) }, { cookie: 'session=%00; session=x' }, { 'x-request-id': '../../etc' }, { 'x-request-id': 'y'.repeat(1000) },
  { accept: 'text/html' }, { 'accept-encoding': 'br, gzip' }, { 'x-http-method-override': 'DELETE' },
  ...ACCEPT_ENCODINGS.map((value) => ({ 'accept-encoding': value })),
  ...RANGES.map((range, i): Record<string, string> => (i % 3 === 0 ? { range, 'if-range': IF_RANGES[i % IF_RANGES.length]! } : { range })),
];
/** Downloads the random requests ask for: a built-in one and the file the Range cases upload. */
export const DOWNLOAD_NAMES = [DOWNLOAD_CATALOGUE[0]!.fileName, 'fuzz-range.exe'];
const STATIC_PATHS = ['/', '/technician', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00', '/assets/..%2F..%2Fpackage.json', '/index.html%00', '/assets/missing.js', '/%ZZ', '/api', '/api/', '/api/unknown/route', '/api/%00'];

export interface Plan {
  routeIndex: number;
  role: Role;
  otherMethod: string | null;
  param: { kind: 'victim' | 'bad' | 'random'; index: number };
  query: string;
  headers: Record<string, string>;
  body: BodyPlan;
}

/** Plans over `routeCount` API routes; about one in twelve requests goes to a static (PWA) path instead. */
export function planArbitrary(routeCount: number): fc.Arbitrary<Plan> {
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

/** The generator's parts that read the harness's app, actors and victims (call it inside tests or hooks). */
export function fuzzPlans(h: FuzzHarness) {
  /** Every route of the app's routers, with the schemas of its `validate(...)` step. */
  function listRoutes(): Route[] {
    const routes: Route[] = [];
    for (const mw of h.t.app.middleware as unknown as { router?: { stack: { methods: string[]; path: string; stack: { schemas?: RequestSchemas }[] }[] } }[]) {
      for (const layer of mw.router?.stack ?? []) {
        const schemas = Object.assign({}, ...layer.stack.map((m) => m.schemas ?? {})) as RequestSchemas;
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) routes.push({ method, path: layer.path, schemas });
      }
    }
    return routes;
  }

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
        return def.format === 'uuid' || def.format === 'guid' ? h.victims.tickets[0] : def.format === 'email' ? 'fuzz@example.com' : def.format === 'url' ? PUBLIC_ENDPOINT : 'plausible text value';
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
        return { status: 'in_progress', comment: 'fuzz comment', resolution: 'fuzz resolution', assignedTo: h.actors.technician.id, baseVersion: 1 };
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

  /** Path parameter value for `:name` of a route. */
  function paramValue(route: Route, name: string, p: Plan['param']): string {
    if (p.kind === 'bad') return BAD_PARAMS[p.index % BAD_PARAMS.length]!;
    if (p.kind === 'random') return randomUUID();
    if (name === 'key') return 'support_sms_number';
    if (name === 'fileName') return DOWNLOAD_NAMES[p.index % DOWNLOAD_NAMES.length]!;
    const { victims } = h;
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
    const { body, label } = applyBodyPlan(base, plan.body, headers);
    return { method, path: urlPath, role: plan.role, headers, body, label };
  }

  return { listRoutes, toSpec };
}
