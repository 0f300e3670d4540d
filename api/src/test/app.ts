/**
 * Test harness (DESIGN.md 9 "API tests drive the real Koa app over HTTP against a real database"):
 * starts createApp on an ephemeral port over a fresh test database, with a controllable clock, a
 * capturing logger and cheap argon2, and offers a small fetch client and factories.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Role, TicketCreated, TicketCreateInput } from '@portal/shared';
import type Koa from 'koa';
import { createApp, createServices, type AppDeps } from '../app';
import type { EventBus } from '../events';
import type { AppState } from '../http/state';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { connectSessionCache } from '../http/session-cache';
import { createPasswordHasher, type Argon2Params } from '../lib/passwords';
import { insertUser } from '../features/users/repository';
import type { Logger } from '../logger';
import type { Notifier } from '../notify';
import { IN_MEMORY, openDatabase } from '../db/client';
import { createTestDatabase } from './db';
import { slaPolicyCacheListener } from '../features/sla/port';

/** Cheap argon2id for tests only (production uses OWASP_ARGON2). */
export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const hasher = createPasswordHasher(TEST_ARGON2);

/** A clock tests can move forward. */
export class TestClock {
  constructor(public current = new Date()) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Logger that records entries for assertions. */
export function captureLogger(): Logger & { entries: { level: string; msg: string; data?: Record<string, unknown> }[] } {
  const entries: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, data?: Record<string, unknown>) => void entries.push({ level, msg, data });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read untyped JSON and assert its shape
export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  db: Database;
  /** PostgreSQL URL of the test database (unset on PGlite), to open a second pool like another process. */
  databaseUrl?: string | undefined;
  clock: TestClock;
  logger: ReturnType<typeof captureLogger>;
  config: Config;
  /** The app's notification providers and dispatcher (not started: tests call `dispatcher.runOnce()`). */
  notifier: Notifier;
  /** The app's event bus (docs/events.md): writers called directly in a test emit through it. */
  events: EventBus;
  /** The Koa app itself (the fuzz test lists its routes). */
  app: Koa<AppState>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  /** Inserts a user directly; returns its id, username and password. */
  createUser(role: Role, opts?: { username?: string; password?: string; email?: string | null }): Promise<TestUser>;
  /** Creates a user of `role` and logs in over HTTP; returns the user with its token. */
  loginAs(role: Role, opts?: { username?: string }): Promise<TestUser & { token: string }>;
  /** POST /api/tickets with a valid body (overridable); returns the 201 body. */
  createTicket(overrides?: Partial<TicketCreateInput>): Promise<TicketCreated>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  username: string;
  password: string;
  role: Role;
}

export interface TestAppOptions extends Partial<Omit<AppDeps, 'config' | 'db' | 'clock' | 'logger'>> {
  env?: Record<string, string>;
  db?: Database;
  /**
   * Joins an existing PostgreSQL test database (another app's `databaseUrl`) with a pool and LISTEN
   * connection of its own, like a second API process; closing this app leaves the database.
   */
  attachTo?: string;
  /** Wraps the database given to the app (e.g. to inject failures). */
  wrapDb?: (db: Database) => Database;
}

/** A valid ticket form body (SPEC.md 5). */
export function ticketBody(overrides: Partial<TicketCreateInput> = {}): TicketCreateInput {
  return {
    clientName: 'Casey Customer',
    businessName: 'Acme Ltd',
    customerEmail: 'casey@example.com',
    customerPhone: '+1 555 0100',
    severity: 'medium',
    contactMethod: 'email',
    issue: 'The office printer shows a paper jam that is not there.',
    ...overrides,
  };
}

/** Starts the app on port 0 over a fresh database. Call `close()` in afterAll. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = options.db
    ? undefined
    : options.attachTo
      ? await openDatabase({ databaseUrl: options.attachTo, dataDir: IN_MEMORY, poolSize: 5, onPoolError: () => {} })
      : await createTestDatabase();
  const db = options.db ?? handle!.db;
  // A private data folder, so the dev e-mail/SMS log never lands in the working tree.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PWA_DIST: '/nonexistent-pwa-dist',
    // High limits by default; rate-limit tests pass low `rateLimits`.
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_LOGIN_IP: '100000',
    RATE_LIMIT_TICKETS: '100000',
    RATE_LIMIT_SURVEYS: '100000',
    // Staff sign in with a password only unless a test turns the two-factor policy on (README "Two-factor authentication").
    TWO_FACTOR_REQUIRED: 'none',
    ...options.env,
  });
  const clock = new TestClock();
  const logger = captureLogger();
  const { env: _env, db: _db, wrapDb, attachTo: _attachTo, ...deps } = options;
  void _env;
  void _db;
  void _attachTo;
  const appDeps: AppDeps = { argon2: TEST_ARGON2, ...deps, config, db: wrapDb ? wrapDb(db) : db, clock: clock.now, logger };
  const services = createServices(appDeps);
  const stopSessionEvents = handle ? await connectSessionCache(services.sessionCache, handle.sessionEvents, [slaPolicyCacheListener(appDeps.db)]) : async () => {};
  const app = createApp(appDeps, services);
  const server = http.createServer(app.callback());
  // The client (fetch) closes its idle sockets first (after 4 s): with the server's default 5 s
  // timeout, a request sent after a slow direct database step raced the server's close (ECONNRESET
  // under load). Close() below drops every connection.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request: TestApp['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(url + path, { method, headers, body: payload });
    const text = await res.text();
    let body: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) body = JSON.parse(text);
    return { status: res.status, body: body as never, text, headers: res.headers };
  };

  const createUser: TestApp['createUser'] = async (role, opts = {}) => {
    const username = opts.username ?? `${role}-${randomUUID().slice(0, 8)}`;
    const password = opts.password ?? 'secret-pass';
    const row = await insertUser(db, {
      username,
      passwordHash: await hasher.hash(password),
      email: opts.email ?? null,
      role,
      createdAt: clock.now(),
    });
    if (!row) throw new Error(`user ${username} exists`);
    return { id: row.id, username, password, role };
  };

  const loginAs: TestApp['loginAs'] = async (role, opts) => {
    const user = await createUser(role, opts);
    const res = await request('POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return { ...user, token: res.body.token as string };
  };

  const createTicket: TestApp['createTicket'] = async (overrides) => {
    const res = await request<TicketCreated>('POST', '/api/tickets', { body: ticketBody(overrides) });
    if (res.status !== 201) throw new Error(`ticket create failed: ${res.status} ${res.text}`);
    return res.body;
  };

  return {
    url,
    db,
    databaseUrl: options.attachTo ?? (handle as { url?: string } | undefined)?.url,
    clock,
    logger,
    config,
    notifier: services.notifier,
    events: services.events,
    app,
    request,
    createUser,
    loginAs,
    createTicket,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.notifier.close();
      await stopSessionEvents();
      await handle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
