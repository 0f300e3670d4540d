/**
 * One owner for the embedded database (README "Several API processes"): an exclusive lock on
 * DATA_DIR, taken before PGlite opens `DATA_DIR/pgdata` and held while the process runs. Two
 * processes on one PGlite folder each think they own it (duplicate ticket numbers, lost writes,
 * a key rotation beside a live app), so the second one stops at once.
 *
 * - The lock is `proper-lockfile` on DATA_DIR with the lock folder `DATA_DIR/portal.lock` (an atomic
 *   mkdir, its mtime refreshed every {@link LOCK_UPDATE_MS}); a lock not refreshed for
 *   {@link LOCK_STALE_MS} (the holder crashed) is stale and taken over.
 * - The holder's PID, host, role and start time are written beside it (`portal.lock.owner.json`,
 *   0600) for the refusal message. A holder PID that no longer runs on this host (kill -9, a power
 *   cut) makes the lock stale at once, so a restart right after a crash does not wait.
 * - Losing the lock while running (its folder removed or its mtime changed by another process)
 *   calls `onCompromised`: the owner must stop writing.
 * Errors: {@link DataDirLockedError} (`message` is the one sentence to print).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Lock folder inside DATA_DIR. */
export const LOCK_NAME = 'portal.lock';
/** The holder's facts beside the lock. */
export const OWNER_NAME = 'portal.lock.owner.json';
/** A lock not refreshed for this long is stale (its holder is gone). */
export const LOCK_STALE_MS = 10_000;
/** How often the holder refreshes the lock. */
export const LOCK_UPDATE_MS = 2_500;

/** What the owner file says. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** 'app' or 'vault:rotate-key'. */
  role: string;
  startedAt: string;
}

/** DATA_DIR is held by another process. `message` is one sentence naming its PID. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner ? `${owner.role === 'app' ? 'the app' : owner.role} (PID ${owner.pid}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`})` : 'another process';
    super(`DATA_DIR ${dataDir} is in use by ${who}: stop it first or give this process another DATA_DIR, because two processes on one embedded database lose data.`);
    this.name = 'DataDirLockedError';
  }
}

/** A held lock. */
export interface DataDirLock {
  release(): Promise<void>;
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as Partial<LockOwner>;
    return typeof o.pid === 'number' && typeof o.hostname === 'string' ? { pid: o.pid, hostname: o.hostname, role: String(o.role ?? 'app'), startedAt: String(o.startedAt ?? '') } : null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeOwner(dataDir: string, role: string): void {
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), role, startedAt: new Date().toISOString() };
  const tmp = path.join(dataDir, `${OWNER_NAME}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  fs.renameSync(tmp, path.join(dataDir, OWNER_NAME));
}

/**
 * Takes the exclusive lock on `dataDir` (created 0700 when missing) for this process.
 * @param role who holds it, for the refusal message ('app', 'vault:rotate-key').
 * @param onCompromised called if the lock is lost while held (default: throw, which ends the process).
 * @throws DataDirLockedError when another live process holds it.
 */
export async function lockDataDir(dataDir: string, role: string, onCompromised?: (err: Error) => void): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const options = {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    realpath: false,
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    retries: 0,
    onCompromised: onCompromised ?? ((err: Error) => { throw err; }),
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = readOwner(dataDir);
    // The recorded holder died on this host (kill -9, a crash): its lock is stale now.
    if (!owner || owner.hostname !== os.hostname() || owner.pid === process.pid || running(owner.pid)) throw new DataDirLockedError(dataDir, owner);
    const past = new Date(Date.now() - 2 * LOCK_STALE_MS);
    fs.utimesSync(options.lockfilePath, past, past);
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir, readOwner(dataDir));
      throw again;
    }
  }
  writeOwner(dataDir, role);
  return {
    release: async () => {
      fs.rmSync(path.join(dataDir, OWNER_NAME), { force: true });
      await release().catch(() => undefined);
    },
  };
}
