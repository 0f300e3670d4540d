/**
 * Two API processes on one PostgreSQL database, started like `npm start` (tsx
 * api/src/main.ts, scripts/server-process.ts) at the same moment on an EMPTY database, so they also
 * migrate side by side. Shows:
 * - rate limits shared through the `rate_limits` table (RATE_LIMIT_STORE=postgres, the default with
 *   DATABASE_URL): one budget for both processes, for ticket submissions and failed logins;
 * - tickets created through both at once get distinct, gap-free numbers, and an Idempotency-Key sent
 *   to both at once makes one ticket (the group commit writes keys in its one statement);
 * - each notification job is sent exactly once (both dispatchers run; e-mails land as .eml files
 *   in each process's own DATA_DIR, counted together);
 * - a logout on one process is refused at once by the other (session cache events);
 * - an SLA policy saved on one process applies to the other's next creates (its cached policy is
 *   forgotten on the same events, features/sla/policyCache.ts).
 * Runs only with DATABASE_URL (PGlite is one process's embedded database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { CLIENT_MSG } from '@portal/shared';
import { ticketBody } from './test/app';

const SERVER = process.env.DATABASE_URL;
const TICKET_LIMIT = 6;
const LOGIN_LIMIT = 3;

async function admin(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe.skipIf(!SERVER)('two API processes on one PostgreSQL database', () => {
  const name = `portal_multi_${process.pid}_${randomBytes(3).toString('hex')}`;
  let url = '';
  let a: AppProcess;
  let b: AppProcess;
  let db: pg.Client;

  const post = (app: AppProcess, ip: string, body: object = ticketBody(), headers: Record<string, string> = {}) =>
    fetch(`${app.baseURL}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: JSON.stringify(body),
    });
  const login = (app: AppProcess, password: string) =>
    fetch(`${app.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ username: 'admin', password }),
    });

  /** Signs the admin in on process a from `ip` (each test its own address: the login limit is shared) and returns the token. */
  const adminToken = async (ip: string): Promise<string> => {
    const res = await fetch(`${a.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username: 'admin', password: a.adminPassword }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    await admin(SERVER!, `create database "${name}"`);
    const target = new URL(SERVER!);
    target.pathname = `/${name}`;
    url = target.toString();
    const env = {
      DATABASE_URL: url,
      // The PostgreSQL store explicitly (a REDIS_URL of the caller's environment would pick Redis,
      // whose keys outlive this test's database).
      RATE_LIMIT_STORE: 'postgres',
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      RATE_LIMIT_TICKETS: String(TICKET_LIMIT),
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      NOTIFY_POLL_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startApp(env, 120_000), startApp(env, 120_000)]);
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await admin(SERVER!, `drop database if exists "${name}" with (force)`);
  });

  it('shares one ticket-submission budget per IP between the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < TICKET_LIMIT + 4; i++) statuses.push((await post(i % 2 ? b : a, '10.1.1.1')).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(TICKET_LIMIT);
    expect(statuses.slice(TICKET_LIMIT).every((s) => s === 429)).toBe(true);
    // Another client IP has its own budget.
    expect((await post(b, '10.1.1.2')).status).toBe(201);
  });

  it('shares the failed-login budget too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) statuses.push((await login(i % 2 ? a : b, 'wrong-password')).status);
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429]);
  });

  it('numbers tickets created through both processes at once without gaps or duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(i % 2 ? a : b, `10.2.0.${i}`).then(async (r) => ({ status: r.status, body: (await r.json()) as { ticketNumber: string } }))),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const { rows } = await db.query<{ ticket_number: string }>('select ticket_number from support_tickets');
    const numbers = rows.map((r) => Number(r.ticket_number.slice(4))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers).toHaveLength(TICKET_LIMIT + 1 + 30);
  });

  it('creates one ticket for an Idempotency-Key sent to both processes at once, and keeps the numbers gap-free', async () => {
    const sent = Array.from({ length: 8 }, (_, i) => ({ key: randomUUID(), body: ticketBody({ clientName: `Sent to both ${i}` }) }));
    const results = await Promise.all(
      sent.flatMap(({ key, body }, i) =>
        [a, b].map((app, j) =>
          post(app, `10.4.${i}.${j}`, body, { 'Idempotency-Key': key }).then(async (r) => ({
            status: r.status,
            replayed: r.headers.get('idempotent-replayed') === 'true',
            body: (await r.json()) as { id: string; ticketNumber: string },
          })),
        ),
      ),
    );
    sent.forEach((_, i) => {
      const [fromA, fromB] = [results[2 * i]!, results[2 * i + 1]!];
      expect([fromA.status, fromB.status]).toEqual([201, 201]);
      expect([fromA.replayed, fromB.replayed].sort()).toEqual([false, true]);
      expect({ id: fromB.body.id, ticketNumber: fromB.body.ticketNumber }).toEqual({ id: fromA.body.id, ticketNumber: fromA.body.ticketNumber });
    });
    const { rows: created } = await db.query("select count(*)::int as n from support_tickets where client_name like 'Sent to both %'");
    expect(created[0]!.n).toBe(sent.length);
    const { rows } = await db.query<{ ticket_number: string }>('select ticket_number from support_tickets');
    const numbers = rows.map((r) => Number(r.ticket_number.slice(4))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('sends every notification exactly once although both dispatchers run', async () => {
    const { rows: tickets } = await db.query<{ n: number }>('select count(*)::int as n from support_tickets');
    // One customer confirmation e-mail per ticket (severity medium, contact by e-mail, no recipients configured).
    await expect
      .poll(async () => (await db.query<{ n: number }>("select count(*)::int as n from notification_jobs where status = 'sent'")).rows[0]!.n, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(tickets[0]!.n);
    const { rows: jobs } = await db.query<{ attempts: number; ticket_id: string }>('select attempts, ticket_id from notification_jobs');
    expect(jobs.every((j) => j.attempts === 1)).toBe(true);
    expect(new Set(jobs.map((j) => j.ticket_id)).size).toBe(jobs.length);
    const emails = [a, b].flatMap((app) => {
      const dir = path.join(app.dataDir, 'outbox-log', 'mail');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    });
    expect(emails).toHaveLength(jobs.length);
  });

  it('refuses a token on one process right after logout on the other', async () => {
    const token = await adminToken('10.3.3.3');
    const me = (app: AppProcess) => fetch(`${app.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(b)).status).toBe(200);
    expect((await fetch(`${a.baseURL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
    await expect.poll(async () => (await me(b)).status, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('creates a client name sent to both processes at once only once: the other gets the clear error', async () => {
    const token = await adminToken('10.3.3.4');
    for (let round = 0; round < 5; round++) {
      const name = round % 2 ? `Race Dental ${round}` : `RACE dental ${round}`;
      const results = await Promise.all(
        [a, b].map((app, i) =>
          fetch(`${app.baseURL}/api/clients`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ name: i ? name.toLowerCase() : name }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string; fieldErrors?: Record<string, string[]> } })),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.fieldErrors).toEqual({ name: [CLIENT_MSG.nameTaken] });
    }
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from clients where lower(name) like 'race dental %'");
    expect(rows[0]!.n).toBe(5);
  });

  it('applies an SLA policy saved on one process to the next creates of the other (its cached policy forgotten)', async () => {
    const token = await adminToken('10.3.3.5');
    const policyOf = (minutes: number) =>
      fetch(`${a.baseURL}/api/sla-policy`, { headers: { authorization: `Bearer ${token}` } })
        .then((r) => r.json() as Promise<{ targets: Record<string, object> }>)
        .then((p) => ({ ...p, targets: { ...p.targets, urgent: { firstResponseMinutes: minutes, resolutionMinutes: 600, allHours: true } } }));
    const save = async (minutes: number) =>
      expect((await fetch(`${a.baseURL}/api/sla-policy`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(await policyOf(minutes)) })).status).toBe(200);
    let ip = 0;
    /** Minutes from a new urgent ticket's creation to its first-response due time, created through `app`. */
    const dueMinutes = async (app: AppProcess) => {
      const created = (await (await post(app, `10.6.${Math.floor(ip / 200)}.${ip++ % 200}`, ticketBody({ severity: 'urgent' }))).json()) as { id: string };
      const { rows } = await db.query<{ m: number }>('select extract(epoch from first_response_due_at - created_at)::int / 60 as m from support_tickets where id = $1', [created.id]);
      return rows[0]!.m;
    };
    await save(45);
    await expect.poll(() => dueMinutes(b), { timeout: 5000, interval: 20 }).toBe(45);
    expect(await dueMinutes(b)).toBe(45); // cached now
    await save(25);
    await expect.poll(() => dueMinutes(b), { timeout: 2000, interval: 20 }).toBe(25);
    expect(await dueMinutes(a)).toBe(25);
  });
});
