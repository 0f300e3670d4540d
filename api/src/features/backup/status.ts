/**
 * What the app remembers about backups, in the `settings` key/value table (db/settings.ts):
 * - `backup_schedule`: the admin's {@link BackupSchedule} (JSON; default off, keep 7);
 * - `backup_last`: the last backup's {@link BackupStatus} (JSON), written by every backup the app or
 *   `npm run backup` makes, shown in /admin/settings and in the admin's GET /api/health;
 * - `backup_claim`: when the last scheduled backup started (ISO time). Any process may claim the next
 *   one with one conditional UPDATE, so with several processes each day's backup runs once.
 */
import { DEFAULT_BACKUP_SCHEDULE, backupScheduleSchema, type BackupSchedule, type BackupStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { claimSetting, findSetting, insertSettingOnce, upsertSetting } from '../../db/settings';

export const SCHEDULE_KEY = 'backup_schedule';
export const LAST_KEY = 'backup_last';
export const CLAIM_KEY = 'backup_claim';

function parse<T>(text: string | undefined, fallback: T, check: (v: unknown) => T | null): T {
  if (!text) return fallback;
  try {
    return check(JSON.parse(text)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The saved schedule, or the default. */
export async function readSchedule(db: Database): Promise<BackupSchedule> {
  const row = await findSetting(db, SCHEDULE_KEY);
  return parse(row?.value, DEFAULT_BACKUP_SCHEDULE, (v) => backupScheduleSchema.safeParse(v).data ?? null);
}

/** Saves the schedule. */
export async function saveSchedule(db: Database, schedule: BackupSchedule, now: Date): Promise<void> {
  await upsertSetting(db, { key: SCHEDULE_KEY, value: JSON.stringify(schedule), description: 'Scheduled backup: daily on or off, archives kept' }, now);
}

/** The last backup's status, or null when none was made. */
export async function readLastBackup(db: Database): Promise<BackupStatus | null> {
  const row = await findSetting(db, LAST_KEY);
  return parse<BackupStatus | null>(row?.value, null, (v) => (v && typeof v === 'object' && 'at' in v ? (v as BackupStatus) : null));
}

/** Records a backup's outcome. */
export async function recordLastBackup(db: Database, status: BackupStatus): Promise<void> {
  await upsertSetting(db, { key: LAST_KEY, value: JSON.stringify(status), description: 'Last backup' }, new Date(status.at));
}

/**
 * Claims the scheduled backup when the last one started `intervalMs` or more before `now`.
 * @returns true for exactly one caller per interval, across processes.
 */
export async function claimScheduledBackup(db: Database, now: Date, intervalMs: number): Promise<boolean> {
  await insertSettingOnce(db, CLAIM_KEY, new Date(0).toISOString(), 'When the last scheduled backup started', now);
  return claimSetting(db, CLAIM_KEY, now.toISOString(), new Date(now.getTime() - intervalMs).toISOString(), now);
}
