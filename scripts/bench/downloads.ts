/**
 * Downloads against a plain static file server (part `downloads`): a BENCH_DOWNLOAD_MB (100) MB
 * `.zip` stored in the app's file storage, fetched through `GET /api/downloads/:fileName` (staff
 * token) and from a bare node:http server in its own process that streams the same file with
 * `fs.createReadStream` (the ceiling a file host in node reaches). 1 and 4 downloads in parallel,
 * and a Range of the second half; rounds interleaved (static, app, static, app, ...) so the
 * machine's other load hits both alike. Read the RATIOS: the absolute MB/s depend on the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync, writeSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startApp } from '../server-process';
import { median } from './median';

const MB = Number(process.env.BENCH_DOWNLOAD_MB ?? 100);
const ROUNDS = Number(process.env.BENCH_DOWNLOAD_ROUNDS ?? 3);

export interface DownloadRow {
  label: string;
  parallel: number;
  staticMBps: number;
  appMBps: number;
}

/** Writes `mb` MB of random (incompressible, like a real archive) bytes to `file`. */
function writeRandomFile(file: string, mb: number): void {
  const fd = openSync(file, 'w');
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < mb; i++) writeSync(fd, chunk);
  closeSync(fd);
}

/** A bare static server for `file` in its own process (Range: one `bytes=a-b`). */
async function startStatic(file: string): Promise<{ url: string; stop(): void }> {
  const code = `const fs = require('node:fs'); const size = fs.statSync(${JSON.stringify(file)}).size;
    require('node:http').createServer((q, s) => {
      const m = /^bytes=(\\d+)-(\\d+)$/.exec(q.headers.range || '');
      const start = m ? Number(m[1]) : 0, end = m ? Number(m[2]) : size - 1;
      s.writeHead(m ? 206 : 200, { 'content-type': 'application/zip', 'content-length': end - start + 1 });
      fs.createReadStream(${JSON.stringify(file)}, { start, end }).pipe(s);
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ok) => child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}/file.zip`, stop: () => child.kill('SIGTERM') };
}

/** Downloads `url` and counts its bytes; resolves with the count. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((ok, fail) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200 && res.statusCode !== 206) return fail(new Error(`${url}: ${res.statusCode}`));
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => ok(n));
        res.on('error', fail);
      })
      .on('error', fail);
  });
}

/** MB/s of `parallel` simultaneous downloads of `url`. */
async function throughput(url: string, headers: Record<string, string>, parallel: number): Promise<number> {
  const t0 = performance.now();
  const bytes = (await Promise.all(Array.from({ length: parallel }, () => download(url, headers)))).reduce((a, b) => a + b, 0);
  return bytes / 1048576 / ((performance.now() - t0) / 1000);
}

/** Runs the downloads part (see the module doc). */
export async function measureDownloads(): Promise<{ rows: DownloadRow[]; load: number[] }> {
  const app = await startApp({ RATE_LIMIT_LOGIN: '100000' }, 120_000);
  let stat: { url: string; stop(): void } | undefined;
  try {
    const dir = join(app.dataDir, 'files');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'bench-archive.zip');
    writeRandomFile(file, MB);
    stat = await startStatic(file);
    const login = await fetch(`${app.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: app.adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const appUrl = `${app.baseURL}/api/downloads/bench-archive.zip`;
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const half = Math.floor((MB * 1048576) / 2);
    const range = { range: `bytes=${half}-${MB * 1048576 - 1}` };
    const cases = [
      { label: `${MB} MB file`, parallel: 1, headers: {} },
      { label: `${MB} MB file`, parallel: 4, headers: {} },
      { label: `Range: second half`, parallel: 1, headers: range },
      { label: `Range: second half`, parallel: 4, headers: range },
    ];
    const load = loadavg();
    const rows: DownloadRow[] = [];
    for (const c of cases) {
      const s: number[] = [];
      const a: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        s.push(await throughput(stat.url, c.headers, c.parallel));
        a.push(await throughput(appUrl, { ...auth, ...c.headers }, c.parallel));
      }
      rows.push({ label: c.label, parallel: c.parallel, staticMBps: median(s), appMBps: median(a) });
    }
    return { rows, load: load.map((l, i) => (l + loadavg()[i]!) / 2) };
  } finally {
    stat?.stop();
    await app.stop();
  }
}

/** Prints the downloads table (ratio goal: >= 80% of the static server, 1 and 4 in parallel). */
export function printDownloads(r: { rows: DownloadRow[]; load: number[] }): void {
  console.log(`\n## Downloads vs a plain static server (median of ${ROUNDS} interleaved rounds; load average ${r.load.map((l) => l.toFixed(1)).join(' ')})`);
  console.log('case                      parallel  static MB/s   app MB/s   app/static  goal >= 80%');
  for (const row of r.rows) {
    const ratio = row.appMBps / row.staticMBps;
    console.log(
      `${row.label.padEnd(26)} ${String(row.parallel).padStart(7)} ${row.staticMBps.toFixed(0).padStart(12)} ${row.appMBps.toFixed(0).padStart(10)} ${`${(ratio * 100).toFixed(0)}%`.padStart(12)}  ${ratio >= 0.8 ? 'met' : 'NOT met'}`,
    );
  }
}
