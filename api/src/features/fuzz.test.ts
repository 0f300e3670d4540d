/**
 * Fuzz test of the whole API ("No 500s"). Deterministic (fast-check with a fixed seed) and
 * bounded (FUZZ_REQUESTS, default 2,100 requests, one after another; about 40 s on a 2-core machine
 * at load 16, a fraction of that when idle).
 *
 * - Accept-Encoding values that refuse identity or every coding, on large answers and static files.
 * - Range and If-Range (malformed, several, overlapping, suffix, huge, If-Range that does not
 *   match) on a built-in and an uploaded download and on the file routes: 200, 206 with the exact
 *   bytes its Content-Range names, or 416; never 5xx.
 * - Uploads racing deletes and downloads of the same name, concurrently: never 5xx, and the name
 *   ends either absent or holding one whole upload.
 * - Random malformed requests across EVERY route the app serves (read from its routers, so routes
 *   added later are fuzzed too), every role and method: hostile field values, missing and unknown
 *   fields, invalid JSON, wrong content types and charsets, corrupt or unknown Content-Encoding,
 *   bad path parameters and query strings, odd headers (Range included). Asserted: no 5xx; a
 *   rejected request (4xx) changes no row count (nor the content digest of the core tables);
 *   nothing is logged at error level; the server is healthy afterwards.
 * The generator is in fuzz.plans.testkit.ts, the shared app in fuzz.testkit.ts, the named cases
 * of the probe in probe-cases.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOWNLOAD_CATALOGUE } from '@portal/shared';
import { createSession } from './auth/sessions';
import { sessions, users } from '../db/schema';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { startLocalS3 } from '../test/s3';
import { createS3Storage } from '../storage';
import { fakeExe, uploadFile } from '../test/upload';
import { ROLES, describeSpec, fuzzHarness, type Result, type Spec } from './fuzz.testkit';
import { ACCEPT_ENCODINGS, IF_RANGES, RANGES, fuzzPlans, planArbitrary } from './fuzz.plans.testkit';

const SEED = 17;
const RANDOM_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_100);

const h = fuzzHarness();
const { actors } = h;
const fingerprint = () => h.fingerprint();
const snapshot = () => h.snapshot();
const send = (spec: Spec, token?: string) => h.send(spec, token);
let t: TestApp;
beforeAll(() => {
  t = h.t;
});

/** A GET/HEAD with raw headers as the admin; the body as bytes. */
async function fetchBytes(path: string, headers: Record<string, string>, method = 'GET') {
  const res = await fetch(t.url + path, { method, headers: { authorization: `Bearer ${actors.admin.token}`, ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
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

describe('Range and If-Range (downloads and files)', () => {
  it('every Range header, alone and with each If-Range, GET and HEAD: 200 whole, 206 exactly the named bytes, or 416; no 5xx', async () => {
    const uploaded = fakeExe(20_000);
    randomBytes(19_000).copy(uploaded, 1_000);
    expect((await uploadFile(t.url, 'fuzz-range.exe', uploaded, { token: actors.admin.token })).status).toBe(201);
    const builtIn = DOWNLOAD_CATALOGUE[0]!.fileName;
    const failures: string[] = [];
    for (const name of [builtIn, 'fuzz-range.exe']) {
      const path = `/api/downloads/${name}`;
      const whole = await fetchBytes(path, {});
      expect(whole.status).toBe(200);
      const etag = whole.headers.get('etag')!;
      const size = whole.body.length;
      for (const range of RANGES) {
        for (const ifRange of [undefined, etag, ...IF_RANGES]) {
          for (const method of ['GET', 'HEAD']) {
            const res = await fetchBytes(path, ifRange === undefined ? { range } : { range, 'if-range': ifRange }, method);
            const what = `${method} ${name} Range ${range.slice(0, 40)} If-Range ${ifRange}: ${res.status}`;
            const contentRange = res.headers.get('content-range');
            const expectBody = (bytes: Buffer) => method === 'HEAD' || bytes.equals(res.body) || failures.push(`${what} wrong bytes`);
            if (res.status === 206) {
              const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
              if (!m || Number(m[3]) !== size || Number(m[1]) > Number(m[2]) || Number(m[2]) >= size) failures.push(`${what} Content-Range ${contentRange}`);
              else expectBody(whole.body.subarray(Number(m[1]), Number(m[2]) + 1));
              // A Range is honoured only when If-Range (if any; an empty header counts as none) is the file's own ETag.
              if (ifRange && ifRange !== etag) failures.push(`${what} honoured a Range whose If-Range does not match`);
            } else if (res.status === 200) {
              expectBody(whole.body);
            } else if (res.status === 416) {
              if (contentRange !== `bytes */${size}`) failures.push(`${what} Content-Range ${contentRange}`);
            } else failures.push(what);
          }
        }
      }
      // Spot checks of what each kind of header gets.
      const status = async (range: string, extra: Record<string, string> = {}) => (await fetchBytes(path, { range, ...extra })).status;
      expect(await status('bytes=-1')).toBe(206);
      expect((await fetchBytes(path, { range: 'bytes=-1' })).body).toEqual(whole.body.subarray(size - 1));
      expect(await status('bytes=0-1,5-6')).toBe(200); // several ranges: the whole file (RFC 9110 14.2 allows it)
      expect(await status('bytes=0-100,50-150')).toBe(200);
      expect(await status('bytes=4294967296-4294967297')).toBe(416);
      expect(await status('bytes=-0')).toBe(416);
      expect(await status('bytes=5-2')).toBe(200);
      expect(await status('bytes=1-1', { 'if-range': etag })).toBe(206);
      expect(await status('bytes=1-1', { 'if-range': '"nope"' })).toBe(200);
    }
    // The file routes ignore Range; a missing download stays 404.
    for (const range of RANGES) {
      expect((await fetchBytes('/api/admin/files', { range, 'if-range': '"nope"' })).status).toBe(200);
      expect((await fetchBytes('/api/downloads/no-such-file.exe', { range })).status).toBe(404);
      expect((await fetchBytes('/api/admin/files/no-such-file.exe', { range }, 'DELETE')).status).toBe(404);
    }
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
    expect(t.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });
});

describe('uploads racing deletes of the same name', () => {
  /** Rounds of 4 uploads and 4 deletes of one name with 3 downloads (2 with Range), all at once, against `app`. */
  async function race(app: TestApp, extraDownloadStatuses: number[] = []) {
    const name = 'fuzz-race.exe';
    const versions = [fakeExe(64 * 1024), fakeExe(96 * 1024)];
    const auth = { authorization: `Bearer ${actors.admin.token}` };
    const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const res = await fetch(app.url + path, { method, headers: { ...auth, ...headers } });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    const upload = (i: number) => uploadFile(app.url, name, versions[i % 2]!, { token: actors.admin.token }).then((r) => ['upload', r.status] as const);
    const remove = () => get(`/api/admin/files/${name}`, {}, 'DELETE').then((r) => ['delete', r.status] as const);
    const download = (range?: string) => get(`/api/downloads/${name}`, range ? { range } : {}).then((r) => ['download', r.status] as const);
    const allowed: Record<string, number[]> = { upload: [201, 409], delete: [204, 404, 409], download: [200, 206, 404, 409, ...extraDownloadStatuses] }; // 409: it kept changing while read
    const answers: (readonly [string, number])[] = [];
    for (let round = 0; round < 8; round += 1) {
      const each = [0, 1, 2, 3].flatMap((i) => [upload(round + i), remove()]);
      answers.push(...(await Promise.all([...each, download(), download('bytes=0-99'), download('bytes=-10')])));
    }
    const unexpected = answers.filter(([kind, status]) => !allowed[kind]!.includes(status));
    const errors = app.logger.entries.filter((e) => e.level === 'error');
    expect(unexpected, JSON.stringify({ unexpected, errors })).toEqual([]);
    expect(answers.some(([kind, status]) => kind === 'upload' && status === 201)).toBe(true);
    expect(answers.some(([kind, status]) => kind === 'delete' && status === 204)).toBe(true);
    // Consistent afterwards: listed if and only if it downloads, and then as one of the uploads, whole.
    const listed = (await get('/api/admin/files')).body.toString().includes(`"${name}"`);
    const final = await get(`/api/downloads/${name}`);
    expect(final.status).toBe(listed ? 200 : 404);
    if (listed) expect(versions.some((v) => v.equals(final.body))).toBe(true);
    expect(app.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  }

  it('on disk: concurrent uploads, deletes and downloads (with Range) of one name: no 5xx, the name ends absent or holding one whole upload', () => race(t));

  it('on S3 (a local S3 server): the same race, no 5xx', async () => {
    const s3 = await startLocalS3({ partSize: 256 * 1024 });
    const storage = createS3Storage(s3.settings);
    const app = await startTestApp({ db: t.db, storage });
    try {
      // s3rver (the local S3 server) rewrites an object in place, so a HEAD during a replacement can
      // see it truncated and a Range on it answers 416; real S3 replaces objects atomically.
      await race(app, [416]);
    } finally {
      await app.close();
      await storage.close();
      await s3.close();
    }
  });
});

describe('random malformed requests', () => {
  it(`${RANDOM_REQUESTS} requests over every route, role and method: no 5xx, rejected requests change nothing, healthy after`, { timeout: 300_000 }, async () => {
    const { listRoutes, toSpec } = fuzzPlans(h);
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
