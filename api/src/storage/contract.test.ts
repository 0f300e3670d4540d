/**
 * The storage contract (types.ts), run against BOTH implementations: the local disk and the S3
 * implementation talking to a real local S3 server (s3rver) with a small part size, so multipart
 * uploads, their completion and their abort are exercised with small fixtures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3';
import { PARTIAL_DIR, createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import { StorageChangedError, type FileStorage } from './types';

const PART = 64 * 1024;

/** Deterministic bytes (not all zeros, so slices are distinguishable). */
function bytes(length: number, seed = 1): Buffer {
  const b = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >>> 16;
  }
  return b;
}

/** Streams `data` in 16 KiB chunks. */
function streamOf(data: Buffer): Readable {
  return Readable.from((function* () {
    for (let i = 0; i < data.length; i += 16 * 1024) yield data.subarray(i, i + 16 * 1024);
  })());
}

/** A body that delivers `before` bytes and then fails, like a client that went away mid-upload. */
function failingStream(before: Buffer): Readable {
  const s = new PassThrough();
  s.write(before);
  setTimeout(() => s.destroy(new Error('client aborted')), 20);
  return s;
}

async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('expected a stream');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

interface Subject {
  storage: FileStorage;
  /** Extra leftovers check (disk: no part files). */
  leftovers(): string[];
  /** Puts an object the portal did not write (a folder-like key / hidden file) to check listing skips it. */
  addForeign(): Promise<void>;
  close(): Promise<void>;
}

let s3: LocalS3;
let diskDir: string;

const subjects: Record<'disk' | 's3', () => Subject> = {
  disk: () => ({
    storage: createDiskStorage(diskDir),
    leftovers: () => fs.readdirSync(path.join(diskDir, PARTIAL_DIR)),
    addForeign: async () => {
      fs.mkdirSync(diskDir, { recursive: true });
      fs.writeFileSync(path.join(diskDir, '.hidden.txt'), 'x');
      fs.mkdirSync(path.join(diskDir, 'folder.txt'), { recursive: true });
    },
    close: async () => undefined,
  }),
  s3: () => {
    const storage = createS3Storage({ ...s3.settings, partSize: PART });
    return {
      storage,
      leftovers: () => [],
      addForeign: async () => {
        const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
        const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.settings.credentials });
        await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'folder/inside.txt', Body: 'x' }));
        client.destroy();
      },
      close: () => storage.close(),
    };
  },
};

beforeAll(async () => {
  s3 = await startLocalS3();
  diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-disk-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(diskDir, { recursive: true, force: true });
});

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(() => {
    subject = subjects[kind]();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  it('stores a small file and reports it in stat, list and read', async () => {
    const data = Buffer.from('hello from the field\n');
    const stored = await storage.put('notes.txt', streamOf(data), { contentType: 'text/plain' });
    expect(stored).toMatchObject({ name: 'notes.txt', size: data.length });
    expect(stored.etag).toMatch(/^"[^"]+"$/);
    expect(Math.abs(stored.modified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await storage.stat('notes.txt')).toEqual(stored);
    expect((await storage.list()).map((o) => o.name)).toContain('notes.txt');
    expect(await readAll(await storage.read('notes.txt'))).toEqual(data);
  });

  it('streams a file larger than several parts and reads exact byte ranges', async () => {
    const data = bytes(PART * 3 + 1234, 7);
    const stored = await storage.put('tool-setup.exe', streamOf(data), { contentType: 'application/octet-stream' });
    expect(stored.size).toBe(data.length);
    expect(await readAll(await storage.read('tool-setup.exe'))).toEqual(data);
    const range = { start: PART - 10, end: PART * 2 + 5 };
    expect(await readAll(await storage.read('tool-setup.exe', { range }))).toEqual(data.subarray(range.start, range.end + 1));
    expect(await readAll(await storage.read('tool-setup.exe', { range: { start: data.length - 1, end: data.length - 1 } }))).toEqual(
      data.subarray(data.length - 1),
    );
  });

  it('replaces a file atomically under the same name with a new ETag', async () => {
    const first = await storage.put('guide.pdf', streamOf(Buffer.from('%PDF-1.4 first')), { contentType: 'application/pdf' });
    const second = await storage.put('guide.pdf', streamOf(Buffer.from('%PDF-1.4 second version')), { contentType: 'application/pdf' });
    expect(second.etag).not.toBe(first.etag);
    expect((await readAll(await storage.read('guide.pdf'))).toString()).toBe('%PDF-1.4 second version');
  });

  it('leaves nothing behind when the body fails (small and multipart), and keeps an earlier file intact', async () => {
    await expect(storage.put('aborted.zip', failingStream(bytes(1000)), { contentType: 'application/zip' })).rejects.toThrow('client aborted');
    await expect(storage.put('aborted-big.zip', failingStream(bytes(PART * 2 + 10)), { contentType: 'application/zip' })).rejects.toThrow(
      'client aborted',
    );
    expect(await storage.stat('aborted.zip')).toBeNull();
    expect(await storage.stat('aborted-big.zip')).toBeNull();

    const original = Buffer.from('keep me');
    await storage.put('keep.txt', streamOf(original), { contentType: 'text/plain' });
    await expect(storage.put('keep.txt', failingStream(bytes(PART * 2)), { contentType: 'text/plain' })).rejects.toThrow();
    expect(await readAll(await storage.read('keep.txt'))).toEqual(original);

    const names = (await storage.list()).map((o) => o.name);
    expect(names).not.toContain('aborted.zip');
    expect(names).not.toContain('aborted-big.zip');
    expect(subject.leftovers()).toEqual([]);
  });

  it('refuses to read a file whose ETag changed since it was checked', async () => {
    const before = await storage.put('changing.txt', streamOf(Buffer.from('v1')), { contentType: 'text/plain' });
    await storage.put('changing.txt', streamOf(Buffer.from('v2!')), { contentType: 'text/plain' });
    await expect(storage.read('changing.txt', { etag: before.etag })).rejects.toBeInstanceOf(StorageChangedError);
    const now = await storage.stat('changing.txt');
    expect((await readAll(await storage.read('changing.txt', { etag: now!.etag }))).toString()).toBe('v2!');
  });

  it('answers missing files with null / false and deletes existing ones', async () => {
    expect(await storage.stat('missing.txt')).toBeNull();
    expect(await storage.read('missing.txt')).toBeNull();
    expect(await storage.delete('missing.txt')).toBe(false);
    await storage.put('bye.txt', streamOf(Buffer.from('bye')), { contentType: 'text/plain' });
    expect(await storage.delete('bye.txt')).toBe(true);
    expect(await storage.stat('bye.txt')).toBeNull();
    expect((await storage.list()).map((o) => o.name)).not.toContain('bye.txt');
  });

  it('refuses unsafe names whatever the caller checked', async () => {
    for (const name of ['../escape.txt', 'a/b.txt', '.hidden.txt', 'C:\\evil.txt', 'noextension']) {
      await expect(storage.put(name, streamOf(Buffer.from('x')), { contentType: 'text/plain' })).rejects.toThrow(/Refusing/);
      await expect(storage.stat(name)).rejects.toThrow(/Refusing/);
    }
  });

  it('lists only files it could have stored (no folders, hidden or foreign objects), sorted by name', async () => {
    await subject.addForeign();
    const names = (await storage.list()).map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.some((n) => n.startsWith('.') || n.includes('/') || n === 'folder.txt')).toBe(false);
  });
});
