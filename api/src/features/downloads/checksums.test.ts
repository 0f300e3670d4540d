/**
 * GET /api/downloads/checksums (docs/api.md "GET /api/downloads/checksums"): the SHA-256 of every built-in and
 * uploaded download equals the hash of the bytes it serves; an upload's checksum is computed while it
 * streams and stored with its version, so asking never reads the files again; a file stored
 * without one (older uploads) is hashed once and stored; a replaced file gets its new checksum.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOWNLOAD_CATALOGUE, type DownloadChecksums, type FileUploaded } from '@portal/shared';
import { downloadDigests } from '../../db/schema';
import { createDiskStorage, type FileStorage } from '../../storage';
import { startTestApp, type TestApp } from '../../test/app';
import { fakeExe, uploadFile } from '../../test/upload';

let t: TestApp;
let admin: string;
let tech: string;
let reads = 0;
let disk: FileStorage;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checksums-'));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  disk = createDiskStorage(dir);
  // Counts whole-file reads: asking for checksums must not read a file whose checksum is stored.
  const counting: FileStorage = { ...disk, read: (name, options) => ((reads += 1), disk.read(name, options)) };
  t = await startTestApp({ storage: counting });
  admin = (await t.loginAs('admin')).token;
  tech = (await t.loginAs('technician')).token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const checksums = async (token = tech) => {
  const res = await t.request<DownloadChecksums>('GET', '/api/downloads/checksums', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.checksums;
};
const served = async (name: string) =>
  Buffer.from(await (await fetch(`${t.url}/api/downloads/${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${tech}` } })).arrayBuffer());

describe('checksums', () => {
  it('of the built-in files match the bytes served (templates as rendered for this deployment)', async () => {
    const sums = await checksums();
    for (const e of DOWNLOAD_CATALOGUE) expect(sums[e.fileName], e.fileName).toBe(sha(await served(e.fileName)));
  });

  it('of an upload are computed while it streams, stored, and never recomputed per request', async () => {
    const exe = fakeExe(20_000);
    const res = await uploadFile(t.url, 'agent.exe', exe, { token: admin });
    expect(res.status).toBe(201);
    expect((res.body as FileUploaded).sha256).toBe(sha(exe));
    const [row] = await t.db.select().from(downloadDigests).where(eq(downloadDigests.fileName, 'agent.exe'));
    expect(row!.sha256).toBe(sha(exe));
    reads = 0;
    for (let i = 0; i < 3; i += 1) expect((await checksums())['agent.exe']).toBe(sha(exe));
    expect(reads).toBe(0);

    const replacement = fakeExe(30_000);
    replacement.write('v2', 200, 'latin1');
    expect((await uploadFile(t.url, 'agent.exe', replacement, { token: admin })).status).toBe(201);
    expect((await checksums())['agent.exe']).toBe(sha(replacement));
    expect(sha(await served('agent.exe'))).toBe(sha(replacement));
  });

  it('of a file stored without one are computed once, then read from the table', async () => {
    const legacy = fakeExe(12_345);
    await disk.put('legacy.exe', Readable.from([legacy]), { contentType: 'application/octet-stream' });
    reads = 0;
    expect((await checksums())['legacy.exe']).toBe(sha(legacy));
    expect(reads).toBe(1);
    expect((await checksums())['legacy.exe']).toBe(sha(legacy));
    expect(reads).toBe(1);
  });

  it('are for staff only', async () => {
    const user = await t.loginAs('user');
    expect((await t.request('GET', '/api/downloads/checksums', { token: user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/downloads/checksums')).status).toBe(401);
    expect(Object.keys(await checksums(admin)).length).toBeGreaterThanOrEqual(DOWNLOAD_CATALOGUE.length);
  });
});
