/**
 * GET /api/downloads/:fileName (SPEC.md 2, 6, 7): uploaded and built-in files served with
 * Range (206/416), conditional requests (304), ETag/Last-Modified, Content-Disposition, nosniff
 * and a sandboxing CSP; HTML/SVG inline but sandboxed; roles; unsafe names; stored files sent
 * through the reused buffers of storage/file-read-stream.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_CATALOGUE, MSG, opensInTab } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { fakeExe, uploadFile } from '../../test/upload';
import { createDiskStorage, type FileStorage } from '../../storage';
import { FileReadStream } from '../../storage/file-read-stream';
import { BUILT_IN_DIR } from './builtins';

let t: TestApp;
let admin: string;
let tech: string;
const exe = fakeExe(10_000);

beforeAll(async () => {
  t = await startTestApp({ env: { APP_NAME: 'Acme <IT> & Co', SUPPORT_PHONE: '(555) 010-0199', PUBLIC_URL: 'https://help.example.com' } });
  admin = (await t.loginAs('admin')).token;
  tech = (await t.loginAs('technician')).token;
  for (const [name, data] of [
    ['tool.exe', exe],
    ['guide page.html', Buffer.from('<!doctype html><title>Guide</title><script>document.title = localStorage.getItem("session")</script><p>Steps</p>')],
    ['diagram.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ] as const) {
    const res = await uploadFile(t.url, name, data, { token: admin });
    if (res.status !== 201) throw new Error(res.text);
  }
});
afterAll(() => t?.close());

function get(name: string, headers: Record<string, string> = {}, token = tech, method = 'GET') {
  return fetch(`${t.url}/api/downloads/${encodeURIComponent(name)}`, { method, headers: { authorization: `Bearer ${token}`, ...headers } });
}
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('GET /api/downloads/:fileName', () => {
  it('sends an uploaded installer as an attachment with its type, length, validators, nosniff and a sandbox CSP', async () => {
    const res = await get('tool.exe');
    expect(res.status).toBe(200);
    expect((await bytesOf(res)).equals(exe)).toBe(true);
    const h = res.headers;
    expect(h.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(h.get('content-length')).toBe(String(exe.length));
    expect(h.get('content-disposition')).toBe('attachment; filename="tool.exe"');
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('accept-ranges')).toBe('bytes');
    expect(h.get('cache-control')).toBe('private, no-cache');
    expect(h.get('etag')).toMatch(/^"[^"]+"$/);
    expect(Date.parse(h.get('last-modified')!)).not.toBeNaN();
    expect(h.get('content-security-policy')).toMatch(/^sandbox;/);
  });

  it('answers a Range with 206 and exactly those bytes (first-last, open-ended, suffix)', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-5', 9995, 9999],
      ['bytes=5000-1000000', 5000, 9999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get('tool.exe', { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${exe.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await bytesOf(res)).equals(exe.subarray(start, end + 1))).toBe(true);
    }
  });

  it('sends a stored file through the reused buffers: Koa pipes the body into the response', async () => {
    const read = vi.spyOn(FileReadStream.prototype, '_read');
    try {
      for (const headers of [{}, { range: 'bytes=100-8999' }] as Record<string, string>[]) expect((await bytesOf(await get('tool.exe', headers))).length).toBeGreaterThan(0);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('answers a Range outside the file with 416 and Content-Range bytes */size', async () => {
    const res = await get('tool.exe', { range: `bytes=${exe.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${exe.length}`);
    expect((await res.json()).code).toBe('range_not_satisfiable');
  });

  it('answers 304 for a current ETag or Last-Modified, 200 once the file changed', async () => {
    const first = await get('tool.exe');
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;

    const byEtag = await get('tool.exe', { 'if-none-match': etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.headers.get('etag')).toBe(etag);
    expect(await byEtag.text()).toBe('');
    expect((await get('tool.exe', { 'if-modified-since': lastModified })).status).toBe(304);

    const changed = fakeExe(12_000);
    expect((await uploadFile(t.url, 'tool.exe', changed, { token: admin })).status).toBe(201);
    const after = await get('tool.exe', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await bytesOf(after)).equals(changed)).toBe(true);

    // A resumed download of the old version must not get bytes of the new one: If-Range sends it all.
    const resumed = await get('tool.exe', { range: 'bytes=100-', 'if-range': etag });
    expect(resumed.status).toBe(200);
    expect((await bytesOf(resumed)).length).toBe(changed.length);
  });

  it('serves uploaded HTML and SVG inline (they open in a new tab) inside a CSP sandbox without same-origin or scripts', async () => {
    for (const [name, type] of [
      ['guide page.html', 'text/html; charset=utf-8'],
      ['diagram.svg', 'image/svg+xml'],
    ]) {
      const res = await get(name!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename=/);
      const csp = res.headers.get('content-security-policy')!;
      const sandbox = csp.split(';')[0]!.trim();
      expect(sandbox).toBe('sandbox');
      expect(csp).not.toContain('allow-same-origin');
      expect(csp).not.toContain('allow-scripts');
      expect(csp).toContain("default-src 'none'");
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await get('tool.exe', {}, tech, 'HEAD');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('etag')).toMatch(/^"/);
    expect(await res.text()).toBe('');
  });

  it('refuses traversal and other unsafe names with 400, unknown files with 404', async () => {
    for (const name of ['../pgdata/PG_VERSION.txt', '..\\secret.txt', '.hidden.txt', 'files/.uploads/x.part']) {
      const res = await get(name);
      expect(res.status, name).toBe(400);
      expect((await res.json()).code).toBe('validation_failed');
    }
    const raw = await fetch(`${t.url}/api/downloads/..%2F..%2Fpackage.json`, { headers: { authorization: `Bearer ${tech}` } });
    expect(raw.status).toBe(400);
    const missing = await get('nothing-here.zip');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe(MSG.fileNotFound);
  });

  it('admits admins and technicians; a user gets 403 with the downloads message, anonymous 401', async () => {
    expect((await get('tool.exe', {}, admin)).status).toBe(200);
    const user = (await t.loginAs('user')).token;
    const denied = await get('tool.exe', {}, user);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ code: 'forbidden', message: MSG.downloadsDenied });
    const anon = await fetch(`${t.url}/api/downloads/tool.exe`);
    expect(anon.status).toBe(401);
  });
});

describe('the built-in catalogue (SPEC.md 2: six fixed entries)', () => {
  it('has six entries whose files ship with the app at the catalogued size', () => {
    expect(DOWNLOAD_CATALOGUE).toHaveLength(6);
    for (const entry of DOWNLOAD_CATALOGUE) {
      expect(fs.statSync(path.join(BUILT_IN_DIR, entry.fileName)).size, entry.fileName).toBe(entry.size);
    }
    expect(DOWNLOAD_CATALOGUE.find((e) => e.fileName === 'customer-portal.html')?.size).toBeGreaterThanOrEqual(25 * 1024);
  });

  it('serves every entry; the HTML pages name this deployment (escaped), the others byte for byte', async () => {
    for (const entry of DOWNLOAD_CATALOGUE) {
      const res = await get(entry.fileName);
      expect(res.status, entry.fileName).toBe(200);
      const body = await bytesOf(res);
      if (opensInTab(entry.fileName)) {
        const text = body.toString('utf8');
        expect(text).not.toContain('{{');
        expect(text).toContain('Acme &lt;IT&gt; &amp; Co');
        expect(res.headers.get('content-disposition')).toMatch(/^inline/);
        expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      } else {
        expect(body.equals(fs.readFileSync(path.join(BUILT_IN_DIR, entry.fileName))), entry.fileName).toBe(true);
      }
    }
    const portal = await (await get('customer-portal.html')).text();
    expect(portal).toContain('href="https://help.example.com/support"');
    expect(portal).toContain('tel:(555) 010-0199');
  });

  it('supports Range and 304 on built-in files too', async () => {
    const full = await get('onsite-service-checklist.pdf');
    const etag = full.headers.get('etag')!;
    expect((await bytesOf(full)).subarray(0, 8).toString()).toBe('%PDF-1.4');
    const part = await get('onsite-service-checklist.pdf', { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF-1.4');
    expect((await get('onsite-service-checklist.pdf', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('a stored file replaced while it is being read', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  /** Disk storage whose `stat` of `name` reports an older version `stale` times (as if another upload replaced it in between). */
  function racingStorage(name: string, stale: number): FileStorage {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'downloads-race-'));
    dirs.push(dir);
    const disk = createDiskStorage(dir);
    let left = stale;
    return {
      ...disk,
      stat: async (n) => {
        const stored = await disk.stat(n);
        if (stored && n === name && left > 0) {
          left -= 1;
          return { ...stored, etag: '"an-older-version"' };
        }
        return stored;
      },
    };
  }

  it('is looked up again and sent whole when it changed once', async () => {
    const app = await startTestApp({ db: t.db, storage: racingStorage('moving.exe', 1) });
    try {
      expect((await uploadFile(app.url, 'moving.exe', exe, { token: admin })).status).toBe(201);
      const res = await fetch(`${app.url}/api/downloads/moving.exe`, { headers: { authorization: `Bearer ${tech}` } });
      expect(res.status).toBe(200);
      expect((await bytesOf(res)).equals(exe)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers 409 file_changing with Retry-After, never 5xx, when it keeps changing', async () => {
    const app = await startTestApp({ db: t.db, storage: racingStorage('moving.exe', 10) });
    try {
      expect((await uploadFile(app.url, 'moving.exe', exe, { token: admin })).status).toBe(201);
      const res = await fetch(`${app.url}/api/downloads/moving.exe`, { headers: { authorization: `Bearer ${tech}`, range: 'bytes=0-99' } });
      expect(res.status).toBe(409);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ code: 'file_changing', message: 'The file is being replaced right now. Try the download again in a moment.' });
      expect(app.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
