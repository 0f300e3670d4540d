/**
 * Attachment uploads through tus (docs/attachments.md): throughput of one BENCH_TUS_MB (default
 * 100) MB file sent to `/api/uploads` (one PATCH, and in the PWA's 8 MiB PATCHes) compared with
 * a plain streaming upload of the same size through `POST /api/admin/files/upload` in the same run
 * (goal: tus at least 80% of it), and the API's RSS while BENCH_TUS_PARALLEL (10) uploads of
 * BENCH_TUS_PARALLEL_MB (10) MB run at once. Needs the app started with ATTACHMENT_MAX_MB >=
 * BENCH_TUS_MB. Each of the three uploads runs BENCH_TUS_ROUNDS (3) times, interleaved, and the
 * median is reported. Prints figures with the load average (the machine is shared), asserts nothing.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import type { AppProcess } from '../server-process';
import { median } from './median';
import { rssMb } from './upload-memory';

const MiB = 1024 * 1024;
/** The PWA's PATCH size (pwa/src/offline/uploads.ts UPLOAD_CHUNK_BYTES). */
const PWA_PART = 8 * MiB;

/** Writes `size` bytes of `chunk` (repeated) to `req`, honouring back-pressure, then ends it. */
function pump(req: http.ClientRequest, size: number, chunk: Buffer, head?: Buffer, tail?: Buffer): void {
  let sent = 0;
  const next = () => {
    while (sent < size) {
      const n = Math.min(chunk.length, size - sent);
      sent += n;
      if (!req.write(chunk.subarray(0, n))) {
        req.once('drain', next);
        return;
      }
    }
    req.end(tail);
  };
  if (head) req.write(head);
  next();
}

function send(url: string, method: string, headers: Record<string, string>, size: number, chunk: Buffer, head?: Buffer, tail?: Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(url, { method, headers });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    pump(req, size, chunk, head, tail);
  });
}

const TUS = { 'Tus-Resumable': '1.0.0' };
/** Text without NUL bytes: passes the content check of a `.log` file. */
const textChunk = Buffer.alloc(MiB, 'router log line 0123456789\n');

/** One tus upload of `size` bytes in PATCHes of `part` bytes; returns the seconds it took. */
async function tusUpload(base: string, size: number, part: number): Promise<number> {
  const t = performance.now();
  const meta = `filename ${Buffer.from(`bench-${size}.log`).toString('base64')}`;
  const created = await send(`${base}/api/uploads`, 'POST', { ...TUS, 'Upload-Length': String(size), 'Upload-Metadata': meta, 'Content-Length': '0' }, 0, textChunk);
  if (created.status !== 201) throw new Error(`tus create: ${created.status}`);
  const url = base + String(created.headers.location);
  for (let offset = 0; offset < size; offset += part) {
    const n = Math.min(part, size - offset);
    const res = await send(url, 'PATCH', { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(n) }, n, textChunk);
    if (res.status !== 204) throw new Error(`tus patch: ${res.status}`);
  }
  return (performance.now() - t) / 1000;
}

/** A plain multipart upload of `size` bytes to the files API; returns the seconds it took. */
async function plainUpload(base: string, token: string, size: number): Promise<number> {
  const boundary = '----benchtus';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-plain-${size}.log"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const t = performance.now();
  const res = await send(
    `${base}/api/admin/files/upload`,
    'POST',
    { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
    size,
    textChunk,
    head,
    tail,
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`plain upload: ${res.status}`);
  return (performance.now() - t) / 1000;
}

export interface TusFigures {
  sizeMb: number;
  rounds: number;
  plainSeconds: number;
  tusOneSeconds: number;
  tusChunkedSeconds: number;
  parallel: { count: number; eachMb: number; beforeMb: number; peakMb: number; seconds: number };
  load: number[];
}

/** Runs the measurement against a started app (admin login for the plain upload). */
export async function measureTus(app: AppProcess): Promise<TusFigures> {
  const sizeMb = Number(process.env.BENCH_TUS_MB ?? 100);
  const count = Number(process.env.BENCH_TUS_PARALLEL ?? 10);
  const eachMb = Number(process.env.BENCH_TUS_PARALLEL_MB ?? 10);
  const rounds = Number(process.env.BENCH_TUS_ROUNDS ?? 3);
  const login = await fetch(`${app.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: app.adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  await tusUpload(app.baseURL, MiB, MiB); // warm-up
  await plainUpload(app.baseURL, token, MiB);
  const size = sizeMb * MiB;
  const plain: number[] = [];
  const one: number[] = [];
  const chunked: number[] = [];
  for (let round = 0; round < rounds; round++) {
    plain.push(await plainUpload(app.baseURL, token, size));
    one.push(await tusUpload(app.baseURL, size, size));
    chunked.push(await tusUpload(app.baseURL, size, PWA_PART));
  }
  const plainSeconds = median(plain);
  const tusOneSeconds = median(one);
  const tusChunkedSeconds = median(chunked);

  const pid = app.pid!;
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 20);
  const t = performance.now();
  try {
    await Promise.all(Array.from({ length: count }, () => tusUpload(app.baseURL, eachMb * MiB, PWA_PART)));
  } finally {
    clearInterval(timer);
  }
  return { sizeMb, rounds, plainSeconds, tusOneSeconds, tusChunkedSeconds, parallel: { count, eachMb, beforeMb, peakMb, seconds: (performance.now() - t) / 1000 }, load: loadavg() };
}

/** Prints the figures in the bench's format. */
export function printTus(f: TusFigures): void {
  const rate = (s: number) => `${(f.sizeMb / s).toFixed(1)} MB/s`;
  const share = (s: number) => `${((f.plainSeconds / s) * 100).toFixed(0)}% of plain`;
  console.log(`\n## Attachment uploads through tus (${f.sizeMb} MB, median of ${f.rounds} interleaved rounds; load average ${f.load.map((l) => l.toFixed(2)).join(' ')})`);
  console.log(`plain streaming upload   ${f.plainSeconds.toFixed(2)} s  ${rate(f.plainSeconds)}`);
  console.log(`tus, one PATCH           ${f.tusOneSeconds.toFixed(2)} s  ${rate(f.tusOneSeconds)}  (${share(f.tusOneSeconds)}; goal >= 80%)`);
  console.log(`tus, 8 MiB PATCHes (PWA) ${f.tusChunkedSeconds.toFixed(2)} s  ${rate(f.tusChunkedSeconds)}  (${share(f.tusChunkedSeconds)})`);
  const p = f.parallel;
  console.log(
    `${p.count} parallel tus uploads of ${p.eachMb} MB: API RSS before ${p.beforeMb.toFixed(1)} MiB, peak ${p.peakMb.toFixed(1)} MiB (+${(p.peakMb - p.beforeMb).toFixed(1)} MiB), ${p.seconds.toFixed(1)} s`,
  );
}
