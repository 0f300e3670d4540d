/**
 * JSON answers of at least 1 KiB compressed on the fly (brotli or gzip as the client
 * prefers, never below the threshold or without Accept-Encoding); the built PWA's precompressed
 * `.br`/`.gz` files served with Content-Encoding and `Vary: Accept-Encoding`; hashed assets
 * immutable for a year, index.html, sw.js and the manifest `no-cache`, also for their variants.
 * Raw bytes are read with node:http (fetch would decompress them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../test/app';
import { INLINE_COMPRESS_MAX, compressBuffer } from './compression';

let t: TestApp;
let dist: string;
let token: string;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const appJs = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const indexHtml = `<!doctype html><html><head><title>Portal</title></head><body>${'<p>hello</p>'.repeat(200)}</body></html>`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(t.url + pathname, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const put = (rel: string, data: string) => {
    fs.writeFileSync(path.join(dist, rel), data);
    fs.writeFileSync(path.join(dist, `${rel}.br`), brotliCompressSync(data));
    fs.writeFileSync(path.join(dist, `${rel}.gz`), gzipSync(data));
  };
  put('index.html', indexHtml);
  put('assets/index-abc123.js', appJs);
  put('sw.js', appJs);
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Portal"}');
  t = await startTestApp({ env: { PWA_DIST: dist } });
  token = (await t.loginAs('technician')).token;
  for (let i = 0; i < 12; i++) await t.createTicket();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('API JSON compression', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('compresses a large JSON answer with brotli or gzip, as the client prefers', async () => {
    const plain = await raw('/api/tickets/list?limit=12', auth());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    const br = await raw('/api/tickets/list?limit=12', { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gz = await raw('/api/tickets/list?limit=12', { ...auth(), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('answers an Accept-Encoding that refuses identity with 200 (identity when nothing listed is acceptable), never 5xx', async () => {
    const plain = JSON.parse((await raw('/api/tickets/list?limit=12', auth())).body.toString());
    const cases: [string, string | undefined][] = [
      ['identity;q=0', undefined],
      ['*;q=0', undefined],
      ['br;q=0, gzip;q=0, identity;q=0', undefined],
      ['deflate, identity;q=0', undefined],
      ['zstd, identity;q=0', undefined],
      ['gzip, identity;q=0', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['*', 'br'],
    ];
    for (const [header, expected] of cases) {
      const res = await raw('/api/tickets/list?limit=12', { ...auth(), 'accept-encoding': header });
      expect(res.status, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(expected);
      const body = expected === 'br' ? brotliDecompressSync(res.body) : expected === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(JSON.parse(body.toString()), header).toEqual(plain);
    }
    expect(t.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('leaves answers under 1 KiB alone', async () => {
    const res = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });
});

describe('compressBuffer', () => {
  it('gives bytes that decompress to the input, in place up to INLINE_COMPRESS_MAX and on the pool above it', async () => {
    const text = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ i, issue: `Ticket ${i}: the printer jams ${i % 7} times` }))));
    const small = text(100);
    const large = text(5000);
    expect(small.length).toBeLessThanOrEqual(INLINE_COMPRESS_MAX);
    expect(large.length).toBeGreaterThan(INLINE_COMPRESS_MAX);
    for (const data of [small, large]) {
      const [br, gz] = await Promise.all([compressBuffer(data, 'br'), compressBuffer(data, 'gzip')]);
      expect(br.length).toBeLessThan(data.length / 3);
      expect(brotliDecompressSync(br).equals(data)).toBe(true);
      expect(gunzipSync(gz).equals(data)).toBe(true);
    }
  });
});

describe('static files: precompressed variants and caching', () => {
  it('serves the .br or .gz file of a hashed asset with Content-Encoding, Vary and immutable caching', async () => {
    const br = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.body).toString()).toBe(appJs);

    const gz = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(appJs);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await raw('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appJs);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('keeps index.html (also as the SPA fallback), sw.js and the manifest no-cache, compressed or not', async () => {
    for (const p of ['/', '/index.html', '/technician']) {
      const res = await raw(p, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(200);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['content-type'], p).toMatch(/text\/html/);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString(), p).toBe(indexHtml);
    }
    const sw = await raw('/sw.js', { 'accept-encoding': 'gzip' });
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await raw('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a variant older than its original (a file changed after the build goes out fresh)', async () => {
    const changed = `${appJs}\n// next deployment\n`;
    const file = path.join(dist, 'sw.js');
    fs.writeFileSync(file, changed);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    for (const encoding of ['br', 'gzip']) {
      const res = await raw('/sw.js', { 'accept-encoding': encoding });
      // The stale .br/.gz file is skipped; the JSON/static compressor may still encode the fresh bytes.
      const enc = res.headers['content-encoding'];
      const body = enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(body.toString(), encoding).toBe(changed);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing hashed asset with 404', async () => {
    expect((await raw('/assets/missing-000.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});
