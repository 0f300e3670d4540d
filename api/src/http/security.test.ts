/**
 * securityHeaders (http/security.ts): the headers recorded from helmet at start are exactly the ones
 * koa-helmet itself sets on a response with the same options (plain http and https/HSTS), and
 * X-Powered-By goes as helmet removes it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions, securityHeaders } from './security';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** The response headers (but Date and Connection) of GET / on a Koa app with `mw` and a body. */
async function headersOf(mw: Koa.Middleware): Promise<Record<string, string>> {
  const app = new Koa();
  app.use((ctx, next) => {
    ctx.res.setHeader('X-Powered-By', 'test');
    return next();
  });
  app.use(mw);
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((ok) => server.once('listening', ok));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await res.text();
  return Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'connection' && name !== 'keep-alive'));
}

describe('securityHeaders', () => {
  for (const https of [false, true]) {
    it(`sends what koa-helmet sends (${https ? 'https, with HSTS' : 'http'})`, async () => {
      const ours = await headersOf(securityHeaders(https));
      const theirs = await headersOf(helmet(helmetOptions(https)));
      expect(ours).toEqual(theirs);
      expect(ours['x-powered-by']).toBeUndefined();
      expect(ours['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(ours['x-content-type-options']).toBe('nosniff');
      expect(ours['strict-transport-security'] !== undefined).toBe(https);
    });
  }

  it('records the headers once, with their values', () => {
    const { set, removed } = helmetHeaders(false);
    expect(set.length).toBeGreaterThanOrEqual(10);
    expect(new Map(set).get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(removed).toEqual(['X-Powered-By']);
  });
});
