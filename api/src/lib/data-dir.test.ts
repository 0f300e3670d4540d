/**
 * DATA_DIR is private (lib/data-dir.ts): an existing install's world-readable/writable files and
 * folders are tightened at start (files 0600, folders 0700) and counted for the log line; after it,
 * even under a process umask of 0 before the call, every file the embedded database creates (WAL
 * included) has no group or other permission.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { secureDataDir } from './data-dir';

const original = process.umask();
afterEach(() => void process.umask(original));

/** Every entry under `dir` (itself included) with a group/other permission bit. */
function loose(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if ((st.mode & 0o077) !== 0) out.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

describe('DATA_DIR permissions', () => {
  it('tightens an existing install and keeps everything PGlite creates private', { timeout: 120_000 }, async () => {
    process.umask(0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-perm-'));
    fs.chmodSync(dir, 0o777);
    fs.mkdirSync(path.join(dir, 'files'), { mode: 0o777 });
    fs.writeFileSync(path.join(dir, 'files', 'report.pdf'), 'x', { mode: 0o666 });
    fs.writeFileSync(path.join(dir, 'sms.jsonl'), 'x', { mode: 0o644 });
    expect(loose(dir)).toHaveLength(4);

    expect(secureDataDir(dir)).toBe(4);
    expect(loose(dir)).toEqual([]);
    expect(fs.statSync(path.join(dir, 'files', 'report.pdf')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'files')).mode & 0o777).toBe(0o700);
    expect(secureDataDir(dir)).toBe(0);

    const db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(fs.existsSync(path.join(dir, 'pgdata', 'pg_wal'))).toBe(true);
    expect(loose(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
