/**
 * Starts the real app the way `npm start` does (`npm run serve`: node running the API bundle, serving
 * pwa/dist) as a child process on a free port with a fresh data folder, and waits until GET
 * /api/health answers. The API is bundled from the current sources once per test or bench process
 * (scripts/build-api.ts, under a second), so what runs is never a stale build. The PWA is not:
 * build it first (`npm run build`, as `npm run test:e2e` and `npm run bench` do).
 * Used by the browser tests, the benchmarks and the multi-process API tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApi } from './build-api';

export interface AppProcess {
  baseURL: string;
  port: number;
  /** Process id of the API (benchmarks read its memory). */
  pid: number;
  dataDir: string;
  adminPassword: string;
  /** Everything the process printed, for debugging failures. */
  output: () => string;
  /** Sends `signal` (e.g. SIGKILL for a crash test) and resolves when the process has exited. Keeps the data folder. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  stop: () => Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..');

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * How `npm run serve` starts the API (package.json, the one place it is written): the environment it
 * sets (`NAME=value` words before `node`: glibc's malloc thresholds) and its node flags and entry,
 * e.g. `{ env: { MALLOC_MMAP_THRESHOLD_: '4194304', ... }, args: ['--max-semi-space-size=8', ...,
 * 'api/dist/main.js'] }`. The reasons and measurements are in docs/decisions.md (API memory).
 */
export const SERVE: { env: Record<string, string>; args: string[] } = (() => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.serve!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node' || !args.at(-1)?.endsWith('.js')) throw new Error(`package.json "serve" is not "[NAME=value ...] node [flags] <entry.js>": ${pkg.scripts.serve}`);
  return { env, args };
})();

let built: Promise<void> | undefined;

/** Extra options of {@link startApp}. */
export interface StartOptions {
  /** Node options put before the entry, e.g. `['--import', './scripts/bench/probe.mjs']`. */
  nodeArgs?: string[];
  /** Host name of PUBLIC_URL and `baseURL` (default 127.0.0.1); passkeys need a name such as `localhost`, not an IP. */
  host?: string;
  /** Start again on the port and data folder of a process stopped with `kill` (an API restart: its data is kept). */
  restart?: Pick<AppProcess, 'port' | 'dataDir'>;
}

/**
 * Spawns the app. `env` adds or overrides variables (e.g. DATABASE_URL). Rejects with the process
 * output when it does not become healthy within `timeoutMs` (default 60 s).
 */
export async function startApp(env: Record<string, string> = {}, timeoutMs = 60_000, options: StartOptions = {}): Promise<AppProcess> {
  const port = options.restart?.port ?? (await freePort());
  const dataDir = options.restart?.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const adminPassword = 'e2e-admin-password';
  let output = '';
  await (built ??= buildApi());
  const flags = SERVE.args.slice(0, -1);
  const child: ChildProcess = spawn(process.execPath, [...flags, ...(options.nodeArgs ?? []), SERVE.args.at(-1)!], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...SERVE.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: `http://${options.host ?? '127.0.0.1'}:${port}`,
      // Staff sign in with a password only unless a test turns the two-factor policy on (README "Two-factor authentication").
      TWO_FACTOR_REQUIRED: 'none',
      // One test run submits more tickets from 127.0.0.1 than a real customer would.
      RATE_LIMIT_TICKETS: '1000',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_LOGIN_IP: '1000',
      RATE_LIMIT_SURVEYS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseURL = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    port,
    pid: child.pid!,
    dataDir,
    adminPassword,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
