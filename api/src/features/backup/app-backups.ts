/**
 * Backups made by the running app (docs/backup.md): on request over the data folder's socket
 * (`npm run backup` on the embedded database) and on the admin's daily schedule. One backup at a
 * time per process; each outcome is recorded as the last backup (status.ts) and logged with the
 * file and size, never the passphrase.
 *
 * The schedule: every process checks every {@link CHECK_MS}; when the schedule is on and
 * BACKUP_PASSPHRASE is set, the process that claims the day (status.ts `claimScheduledBackup`) writes
 * `BACKUP_DIR/portal-YYYYMMDD-HHMMSS.backup` (UTC) and then removes the oldest such archives beyond
 * the number to keep. A failed backup keeps every older archive.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../../services';
import { writeBackup, type BackupReport } from './backup';
import { serveBackupSocket } from './local-socket';
import { appBackupSources } from './sources';
import { claimScheduledBackup, readSchedule, recordLastBackup } from './status';

type AppServices = Pick<Services, 'config' | 'db' | 'storage' | 'vaultKeys' | 'clock' | 'logger'>;

/** How often each process looks whether the day's backup is due. */
export const CHECK_MS = 10 * 60_000;
/** A scheduled backup is due this long after the last one started (a day, less one check's slack). */
const DUE_AFTER_MS = 24 * 3_600_000 - CHECK_MS;
/** Names of scheduled archives (the only files pruning touches). */
const SCHEDULED_NAME = /^portal-\d{8}-\d{6}\.backup$/;

let queue: Promise<unknown> = Promise.resolve();

/** Writes a backup of the running app (see module doc). */
export function runAppBackup(s: AppServices, file: string, passphrase: string, trigger: 'schedule' | 'manual'): Promise<BackupReport> {
  const run = queue.then(async () => {
    const record = (status: Parameters<typeof recordLastBackup>[1]) =>
      recordLastBackup(s.db, status).catch((err: unknown) => s.logger.warn('backup status not recorded', { error: String(err) }));
    try {
      const report = await writeBackup(appBackupSources(s), { file, passphrase, now: s.clock() });
      s.logger.info('backup written', { trigger, file: report.file, bytes: report.bytes, rows: report.rows, files: report.files, missing: report.missing.length });
      await record({ at: s.clock().toISOString(), ok: true, trigger, file: path.basename(report.file), bytes: report.bytes, message: null });
      return report;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      s.logger.warn('backup failed', { trigger, file, error: message });
      await record({ at: s.clock().toISOString(), ok: false, trigger, file: null, bytes: null, message });
      throw err;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The scheduled archive's name for `now` (UTC). */
export function scheduledName(now: Date): string {
  const iso = now.toISOString();
  return `portal-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}.backup`;
}

/** Removes the oldest scheduled archives in `dir` beyond `keep`. @returns the removed names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => SCHEDULED_NAME.test(n)).sort().reverse() : [];
  const old = names.slice(keep);
  for (const n of old) fs.rmSync(path.join(dir, n), { force: true });
  return old;
}

/** One check of the schedule (see module doc). @returns the report when this call made a backup. */
export async function scheduledBackupTick(s: AppServices): Promise<BackupReport | null> {
  const schedule = await readSchedule(s.db);
  const passphrase = s.config.backup.passphrase;
  if (!schedule.enabled || !passphrase) return null;
  if (!(await claimScheduledBackup(s.db, s.clock(), DUE_AFTER_MS))) return null;
  const report = await runAppBackup(s, path.join(s.config.backup.dir, scheduledName(s.clock())), passphrase, 'schedule');
  const removed = pruneBackups(s.config.backup.dir, schedule.keep);
  if (removed.length) s.logger.info('old backups removed', { dir: s.config.backup.dir, removed });
  return report;
}

/** Starts the schedule's checks (first one a minute after start). @returns a stop function. */
export function startBackupSchedule(s: AppServices): () => void {
  const tick = () => void scheduledBackupTick(s).catch(() => undefined);
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, CHECK_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * On the embedded database, serves `npm run backup` over DATA_DIR's socket (local-socket.ts);
 * with PostgreSQL the script connects itself, so nothing listens. @returns a stop function.
 */
export async function serveAppBackups(s: AppServices): Promise<() => Promise<void>> {
  if (s.config.databaseUrl) return async () => undefined;
  try {
    const server = await serveBackupSocket(s.config.dataDir, (req) => runAppBackup(s, req.file, req.passphrase, 'manual'));
    return () => server.close();
  } catch (err) {
    s.logger.warn('backup socket not available: npm run backup cannot reach this app', { error: err instanceof Error ? err.message : String(err) });
    return async () => undefined;
  }
}
