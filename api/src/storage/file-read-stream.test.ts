/**
 * FileReadStream (file-read-stream.ts) on real files and a real HTTP server: the bytes of the
 * file or of a range, whichever way the stream is read; reused buffers only when piped into a
 * response; a truncated file or a client gone mid-download closes the file and cuts the answer.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, pipeline } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FileReadStream } from './file-read-stream';

/** Small chunks, so a file of a few KiB is many turns of the double buffer. */
const CHUNK = 1000;
const SIZE = 25_500;

let dir: string;
let file: string;
let data: Buffer;
const handles: FileHandle[] = [];
const servers: http.Server[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-read-stream-'));
  file = path.join(dir, 'archive.zip');
  data = randomBytes(SIZE);
  fs.writeFileSync(file, data);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise((ok) => s.close(ok))));
  await Promise.all(handles.splice(0).map((h) => h.close().catch(() => undefined)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function streamOf(span = { start: 0, end: SIZE - 1 }, name = file): Promise<{ stream: FileReadStream; handle: FileHandle }> {
  const handle = await open(name, 'r');
  handles.push(handle);
  return { stream: new FileReadStream(handle, span, CHUNK), handle };
}

/** Serves `make()`'s stream the way Koa does (`stream.pipeline(body, res)`); resolves with the base URL. */
async function serve(make: () => Promise<FileReadStream>, length: number, done?: (err: Error | null) => void): Promise<string> {
  const server = http.createServer((_req, res) => {
    void make().then((stream) => {
      res.writeHead(200, { 'content-length': length });
      pipeline(stream, res, (err) => done?.(err ?? null));
    });
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** GETs `url`: the bytes received and whether the answer ended complete. */
function get(url: string): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), complete: res.complete }));
        res.on('error', () => resolve({ body: Buffer.concat(chunks), complete: false }));
      })
      .on('error', reject);
  });
}

describe('FileReadStream', () => {
  it('sends the whole file into an HTTP response from two reused buffers, never through _read', async () => {
    const read = vi.spyOn(FileReadStream.prototype, '_read');
    const url = await serve(async () => (await streamOf()).stream, SIZE);
    const { body, complete } = await get(url);
    expect(complete).toBe(true);
    expect(body.equals(data)).toBe(true);
    expect(read).not.toHaveBeenCalled();
  });

  it('sends an inclusive byte range into a response', async () => {
    const span = { start: 4_321, end: 19_876 };
    const url = await serve(async () => (await streamOf(span)).stream, span.end - span.start + 1);
    const { body } = await get(url);
    expect(body.equals(data.subarray(span.start, span.end + 1))).toBe(true);
  });

  it('read as a stream, gives a new buffer per chunk (chunks kept until the end stay intact)', async () => {
    const { stream, handle } = await streamOf({ start: 10, end: SIZE - 11 });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(chunks.length).toBe(Math.ceil((SIZE - 20) / CHUNK));
    expect(Buffer.concat(chunks).equals(data.subarray(10, SIZE - 10))).toBe(true);
    expect(handle.fd).toBe(-1);
  });

  it('piped into anything but a response (a pass-through keeps the very buffers), reads fresh buffers', async () => {
    const { stream } = await streamOf();
    const through = new PassThrough({ highWaterMark: 1 << 20 });
    stream.pipe(through);
    await new Promise((ok) => stream.once('end', ok));
    const chunks: Buffer[] = [];
    for await (const c of through) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it('an empty span ends at once', async () => {
    const { stream } = await streamOf({ start: 0, end: -1 });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(chunks).toEqual([]);
  });

  it('a file truncated while it is sent cuts the response short and reports the error', async () => {
    const short = path.join(dir, 'truncated.zip');
    fs.writeFileSync(short, data);
    let reported!: (err: Error | null) => void;
    const failure = new Promise<Error | null>((ok) => (reported = ok));
    const make = async () => {
      const opened = await streamOf(undefined, short);
      fs.truncateSync(short, 5_000);
      return opened.stream;
    };
    const { body, complete } = await get(await serve(make, SIZE, reported));
    expect(complete).toBe(false);
    expect(body.length).toBe(5_000);
    expect(String(await failure)).toMatch(/ended at byte 5000/);
  });

  it('a client gone mid-download stops the copy and closes the file', async () => {
    const big = path.join(dir, 'big.zip');
    const size = 32 * 1024 * 1024;
    fs.writeFileSync(big, Buffer.alloc(size, 7));
    let handle: FileHandle | undefined;
    let reported!: (err: Error | null) => void;
    const failure = new Promise<Error | null>((ok) => (reported = ok));
    const make = async () => {
      const opened = await streamOf({ start: 0, end: size - 1 }, big);
      handle = opened.handle;
      return opened.stream;
    };
    const url = await serve(make, size, reported);
    // The client stops reading after the first bytes (the server's socket fills), then goes away.
    const req = http.get(url, (res) =>
      res.once('data', () => {
        res.pause();
        setTimeout(() => req.destroy(), 50);
      }),
    );
    req.on('error', () => undefined);
    expect(await failure).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(handle?.fd).toBe(-1));
  });
});
