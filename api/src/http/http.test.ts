/** Cross-cutting HTTP behaviour (DESIGN.md 4 and 7): envelopes, headers, limits, static PWA serving. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import type { Database } from '../db/client';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';

let dist: string;
let shared: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>fake pwa</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  // A page the build prerendered (pwa/build/pageIntros.ts).
  fs.mkdirSync(path.join(dist, 'login'));
  fs.writeFileSync(path.join(dist, 'login', 'index.html'), '<!doctype html><title>fake pwa</title><h1>Admin Login</h1>');
  shared = await createTestDatabase();
  t = await startTestApp({ db: shared.db, env: { PWA_DIST: dist }, rateLimits: { ticketCreate: { points: 2, durationSec: 60 } } });
});
afterAll(async () => {
  await t.close();
  await shared.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('API basics', () => {
  it('GET /api/health and /api/config (public)', async () => {
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api/config')).body).toEqual({
      appName: 'IT Support Portal',
      supportPhone: '(555) 123-4567',
      supportEmail: 'support@example.com',
      phoneCountry: 'US',
    });
  });

  it('sends no-store, a request id and the security headers', async () => {
    const res = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "worker-src 'self'", "img-src 'self' data: blob:"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect((await t.request('GET', '/api/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 400 for malformed JSON and 413 too_large for an oversized body', async () => {
    const bad = await t.request('POST', '/api/tickets', { body: '{"clientName":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON body', code: 'validation_failed' });
    const big = await t.request('POST', '/api/auth/login', { body: { username: 'x', password: 'y'.repeat(300_000) } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('too_large');
  });

  it('rate limits the public ticket form per IP with 429', async () => {
    expect((await t.request('POST', '/api/tickets', { body: ticketBody() })).status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await t.request('POST', '/api/tickets', { body: ticketBody() })).status);
    expect(statuses).toContain(429);
    const limited = await t.request('POST', '/api/tickets', { body: ticketBody() });
    expect(limited.body).toEqual({ message: MSG.tooManyRequests, code: 'rate_limited' });
  });
});

describe('unknown errors (DESIGN.md 4)', () => {
  it('become a 500 envelope without a stack, logged with the request id but without the message', async () => {
    const failing = new Proxy(shared.db, {
      get(target, prop, receiver) {
        if (prop === 'execute') return () => Promise.reject(new Error('secret database detail'));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Database;
    const app = await startTestApp({ db: failing });
    try {
      const res = await app.request('GET', '/api/health', { headers: { 'X-Request-Id': 'req-500' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error', code: 'internal' });
      expect(res.text).not.toContain('secret');
      expect(res.text).not.toContain('at ');
      const logged = app.logger.entries.find((e) => e.level === 'error');
      expect(logged?.data).toMatchObject({ requestId: 'req-500', path: '/api/health', error: { class: 'Error' } });
      // Messages of unknown errors may hold SQL parameters (customer data); only the class,
      // codes and stack frames are logged.
      expect(JSON.stringify(logged?.data)).not.toContain('secret database detail');
      expect((logged?.data?.error as { frames: string[] }).frames.length).toBeGreaterThan(0);
      // Logged once: the error handler's line, not a second "server error answer".
      expect(app.logger.entries.filter((e) => e.level === 'error' || e.level === 'warn')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('static PWA (DESIGN.md 2)', () => {
  it('serves index.html at / and for deep links, no-cache', async () => {
    for (const p of ['/', '/technician', '/support', '/admin/settings', '/login/x', '/Login']) {
      const res = await t.request('GET', p);
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('fake pwa');
      expect(res.text, p).not.toContain('Admin Login');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('serves a prerendered page for its exact path (with or without the trailing slash), no-cache', async () => {
    for (const p of ['/login', '/login/']) {
      const res = await t.request('GET', p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('<h1>Admin Login</h1>');
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('serves hashed assets immutable, sw.js and the manifest no-cache, and 404 for missing assets', async () => {
    const asset = await t.request('GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.request('GET', '/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('GET', '/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('does not serve index.html for unknown /api paths', async () => {
    const res = await t.request('GET', '/api/technician');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('answers 503 with a hint when the PWA is not built', async () => {
    const app = await startTestApp({ db: shared.db, env: { PWA_DIST: path.join(dist, 'nope') } });
    try {
      const res = await app.request('GET', '/');
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build');
      // Every 5xx leaves a log line, also one a route answers on purpose.
      expect(app.logger.entries.find((e) => e.level === 'warn' && e.msg === 'server error answer')?.data).toMatchObject({ path: '/', status: 503 });
    } finally {
      await app.close();
    }
  });

  it('sends HSTS when the public URL is https', async () => {
    const app = await startTestApp({ db: shared.db, env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      expect((await app.request('GET', '/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await app.close();
    }
  });
});
