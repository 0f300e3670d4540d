/**
 * Memory of a large upload and download: the API's resident set size (VmRSS of the app
 * process, from /proc) before, at its peak during, and after streaming a BENCH_UPLOAD_MB (default
 * 200) MB installer through POST /api/admin/files/upload, then the same for downloading it back
 * through GET /api/downloads/:name. Prints figures, asserts nothing (DESIGN.md 8). Linux only.
 *   npx tsx scripts/bench/upload-memory.ts          (also part of `npm run bench`)
 * The body is generated on the fly (an MZ/PE header, then pseudo-random bytes), so the bench itself
 * holds only one 1 MiB chunk.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startApp, type AppProcess } from '../server-process';

const MiB = 1024 * 1024;

export interface MemoryFigures {
  sizeMb: number;
  upload: { beforeMb: number; peakMb: number; afterMb: number; seconds: number; status: number };
  download: { beforeMb: number; peakMb: number; afterMb: number; seconds: number; bytes: number };
}

/** VmRSS of `pid` in MiB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** Samples RSS every 20 ms while `work` runs; returns the peak and the work's result. */
async function sampling<T>(pid: number, work: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const result = await work();
    return { peak: Math.max(peak, rssMb(pid)), result };
  } finally {
    clearInterval(timer);
  }
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

function upload(baseURL: string, token: string, name: string, sizeBytes: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(MiB);
  const first = Buffer.from(chunk);
  first.write('MZ', 0, 'latin1');
  first.writeUInt32LE(0x80, 0x3c);
  first.write('PE\0\0', 0x80, 'latin1');
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseURL}/api/admin/files/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + sizeBytes + tail.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < sizeBytes) {
        const n = Math.min(MiB, sizeBytes - sent);
        const piece = sent === 0 ? first.subarray(0, n) : chunk.subarray(0, n);
        sent += n;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

function download(baseURL: string, token: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseURL}/api/downloads/${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Runs the measurement against a started app. */
export async function measureUploadMemory(app: AppProcess, sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 200)): Promise<MemoryFigures> {
  const pid = app.pid;
  if (!pid) throw new Error('no app pid');
  const login = await fetch(`${app.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: app.adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  // Warm up: load the upload path's modules and JIT before the "before" figure.
  await upload(app.baseURL, token, 'warmup.exe', MiB);
  await download(app.baseURL, token, 'warmup.exe');
  await settle(2000);

  const name = `bench-${sizeMb}mb.exe`;
  const up0 = rssMb(pid);
  let t = performance.now();
  const up = await sampling(pid, () => upload(app.baseURL, token, name, sizeMb * MiB));
  const upSeconds = (performance.now() - t) / 1000;
  await settle(2000);
  const up1 = rssMb(pid);

  const down0 = rssMb(pid);
  t = performance.now();
  const down = await sampling(pid, () => download(app.baseURL, token, name));
  const downSeconds = (performance.now() - t) / 1000;
  await settle(2000);
  const down1 = rssMb(pid);

  return {
    sizeMb,
    upload: { beforeMb: up0, peakMb: up.peak, afterMb: up1, seconds: upSeconds, status: up.result },
    download: { beforeMb: down0, peakMb: down.peak, afterMb: down1, seconds: downSeconds, bytes: down.result },
  };
}

/** Prints the figures in the bench's format. */
export function printUploadMemory(f: MemoryFigures): void {
  const mb = (v: number) => `${v.toFixed(1)} MiB`;
  console.log(`\n## Upload memory (${f.sizeMb} MB installer, API process RSS)`);
  console.log(
    `upload   status ${f.upload.status}  before ${mb(f.upload.beforeMb)}  peak ${mb(f.upload.peakMb)}  after ${mb(f.upload.afterMb)}  (+${mb(f.upload.peakMb - f.upload.beforeMb)} at peak, ${f.upload.seconds.toFixed(1)} s)`,
  );
  console.log(
    `download ${(f.download.bytes / MiB).toFixed(0)} MiB  before ${mb(f.download.beforeMb)}  peak ${mb(f.download.peakMb)}  after ${mb(f.download.afterMb)}  (+${mb(f.download.peakMb - f.download.beforeMb)} at peak, ${f.download.seconds.toFixed(1)} s)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await startApp({ LOG_LEVEL: 'warn' });
  try {
    printUploadMemory(await measureUploadMemory(app));
  } finally {
    await app.stop();
  }
}
