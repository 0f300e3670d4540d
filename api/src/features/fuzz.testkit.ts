/**
 * The fuzz tests' shared app: one test app with a built-in static folder, an actor per
 * role, victims the requests may change or delete (users, tickets, notification jobs), the database
 * fingerprint that proves a rejected request changed nothing, and `send` for raw requests.
 * `fuzzHarness()` registers its own beforeAll/afterAll; read `h.t` inside tests and hooks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notificationJobs } from '../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../test/app';

export const PUSH_KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
/** A public literal address: passes the push endpoint rules without DNS; nothing is ever sent here. */
export const PUBLIC_ENDPOINT = 'https://93.184.215.14/push/fuzz';

export type Role = 'anonymous' | 'user' | 'technician' | 'admin';
export const ROLES: Role[] = ['anonymous', 'user', 'technician', 'admin'];

/** One raw request. */
export interface Spec {
  method: string;
  path: string;
  role: Role;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What the generator did, for failure messages. */
  label: string;
}

export interface Result {
  status: number;
  text: string;
}

export interface FuzzHarness {
  /** The app (set in beforeAll). */
  t: TestApp;
  actors: Record<Exclude<Role, 'anonymous'>, TestUser & { token: string }>;
  /** Users and tickets the fuzzer may change or delete (actors are never a path parameter). */
  victims: { users: string[]; tickets: string[]; jobs: string[] };
  /** PostgreSQL's current snapshot text: unchanged means nothing was written. */
  snapshot(): Promise<string>;
  /** Row counts of every table plus change markers of the core tables. */
  fingerprint(): Promise<Record<string, string>>;
  /** Sends `spec` as its role (or with `token`). */
  send(spec: Spec, token?: string): Promise<Result>;
}

export const json = (value: unknown) => JSON.stringify(value);
export const describeSpec = (s: Spec) => `${s.role} ${s.method} ${s.path} [${s.label}] ${typeof s.body === 'string' ? s.body.slice(0, 200) : s.body ? `<${s.body.length} bytes>` : ''}`;

/** Registers the app's set-up and tear-down; returns the harness its tests read. */
export function fuzzHarness(): FuzzHarness {
  let dist: string;
  const h = {
    actors: {} as FuzzHarness['actors'],
    victims: { users: [], tickets: [], jobs: [] },
  } as unknown as FuzzHarness;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>fuzz</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'void 0');
    const t = await startTestApp({ env: { PWA_DIST: dist, PUSH_MAX_PER_SESSION: '3', PUSH_MAX_PER_USER: '5' } });
    h.t = t;
    const { actors, victims } = h;
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
    await h.t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  /**
   * PostgreSQL's current snapshot (`xmin:xmax:in-progress`): every INSERT, UPDATE or DELETE takes a new
   * transaction id and moves `xmax`, so an unchanged snapshot proves nothing was written and the
   * costlier fingerprint below can be skipped.
   */
  h.snapshot = async function snapshot(): Promise<string> {
    const result = (await h.t.db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as { rows: { s: string }[] };
    return result.rows[0]!.s;
  };

  let fingerprintSql: string | undefined;

  /**
   * One row: the row count of every table of the schema (tables added later included), plus change
   * markers of the core tables (versions, update times, the users and settings contents).
   */
  h.fingerprint = async function fingerprint(): Promise<Record<string, string>> {
    if (!fingerprintSql) {
      const tables = (await h.t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
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
    const result = (await h.t.db.execute(sql.raw(fingerprintSql))) as unknown as { rows: Record<string, string>[] };
    return result.rows[0]!;
  };

  h.send = async function send(spec: Spec, token?: string): Promise<Result> {
    const headers: Record<string, string> = { ...spec.headers };
    const auth = token ?? (spec.role === 'anonymous' ? undefined : h.actors[spec.role].token);
    if (auth && !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) headers.authorization = `Bearer ${auth}`;
    const payload = spec.method === 'GET' || spec.method === 'HEAD' || spec.body === undefined ? undefined : typeof spec.body === 'string' ? spec.body : new Uint8Array(spec.body);
    const res = await fetch(h.t.url + spec.path, { method: spec.method, headers, body: payload });
    return { status: res.status, text: await res.text() };
  };

  return h;
}
