/**
 * One owner for the embedded database (lib/data-dir-lock.ts), with real processes: while the app
 * runs on a DATA_DIR, a second app on it (another PORT) and `npm run vault:rotate-key` stop at once
 * with one sentence naming the app's PID, and change nothing (the vault's secret still reveals, the
 * key file keeps its one key). After the app is killed with SIGKILL, a new app on the same folder
 * starts at once (the dead holder's lock is stale) and has every acknowledged write. In-process:
 * a second lock on a held folder is refused too. PGlite only (with DATABASE_URL nothing is locked).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp, type AppProcess } from '../../scripts/server-process';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SECRET = 'Lock-Test-Wifi-1';
const apps: AppProcess[] = [];
afterAll(async () => {
  for (const a of apps) await a.stop();
});

async function json<T>(app: AppProcess, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** Runs `npm run vault:rotate-key`'s script on `env`; resolves with its exit code and output. */
function rotate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/vault-rotate-key.ts', '--grace-seconds=0'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(process.env.DATABASE_URL)('one process per embedded database', () => {
  it('refuses a second lock on a held folder in the same process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    const lock = await lockDataDir(dir, 'app');
    try {
      await expect(lockDataDir(dir, 'app')).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir, 'app')).rejects.toThrow(`(PID ${process.pid})`);
    } finally {
      await lock.release();
    }
    await (await lockDataDir(dir, 'app')).release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a second app and the key rotation stop at once naming the PID; after kill -9 a restart takes over', { timeout: 240_000 }, async () => {
    const first = await startApp({}, 120_000);
    apps.push(first);
    const env = { DATA_DIR: first.dataDir };
    const token = (await json<{ token: string }>(first, 'POST', '/api/auth/login', undefined, { username: 'admin', password: first.adminPassword })).body.token;
    const entry = await json<{ id: string }>(first, 'POST', '/api/vault', token, { businessName: 'Lock Co', wifiPassword: SECRET });
    expect(entry.status).toBe(201);
    const keyFile = fs.readFileSync(path.join(first.dataDir, 'vault-keys.json'), 'utf8');

    const second = await startApp({ ...env }, 60_000).then(
      (app) => {
        apps.push(app);
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(second).toMatch(/app exited with 1/);
    expect(second).toContain(`DATA_DIR ${first.dataDir} is in use by the app (PID ${first.pid})`);

    const rotation = await rotate({ ...env, PORT: String(await freePort()) });
    expect(rotation.code).toBe(2);
    expect(rotation.output).toContain(`is in use by the app (PID ${first.pid})`);
    expect(fs.readFileSync(path.join(first.dataDir, 'vault-keys.json'), 'utf8')).toBe(keyFile);
    const shown = await json<{ value: string }>(first, 'POST', `/api/vault/${entry.body.id}/reveal`, token, { field: 'wifiPassword' });
    expect(shown.body.value).toBe(SECRET);

    await first.kill('SIGKILL');
    const restarted = await startApp({ ...env }, 120_000);
    apps.push(restarted);
    const token2 = (await json<{ token: string }>(restarted, 'POST', '/api/auth/login', undefined, { username: 'admin', password: first.adminPassword })).body.token;
    const again = await json<{ value: string }>(restarted, 'POST', `/api/vault/${entry.body.id}/reveal`, token2, { field: 'wifiPassword' });
    expect(again.body.value).toBe(SECRET);
  });
});
