import { z } from 'zod';

/**
 * Scheduled backups (docs/backup.md "Scheduled backups"): the admin setting and what the API reports
 * about the last backup. The same schema validates the /admin/settings form and the API body.
 */

/** Most archives a schedule may keep. */
export const BACKUP_KEEP_MAX = 90;

/** PUT /api/admin/backup/schedule body: a daily backup on or off, and how many archives to keep. */
export const backupScheduleSchema = z.object({
  enabled: z.boolean(),
  keep: z
    .number({ message: 'Enter how many backups to keep.' })
    .int('Enter a whole number.')
    .min(1, 'Keep at least 1 backup.')
    .max(BACKUP_KEEP_MAX, `Keep at most ${BACKUP_KEEP_MAX} backups.`),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

/** The schedule before an admin saves one. */
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: false, keep: 7 };

/** The last backup the app made or was asked to make. */
export interface BackupStatus {
  /** When it finished (or failed). */
  at: string;
  ok: boolean;
  /** `schedule` (the daily backup) or `manual` (`npm run backup`). */
  trigger: 'schedule' | 'manual';
  /** The archive's file name (no folder), when written. */
  file: string | null;
  bytes: number | null;
  /** Why it failed (never a secret). */
  message: string | null;
}

/** GET /api/admin/backup. */
export interface BackupOverview {
  schedule: BackupSchedule;
  last: BackupStatus | null;
  /** Whether the server has BACKUP_PASSPHRASE (scheduled backups need it). */
  passphraseSet: boolean;
  /** Where scheduled backups are written (BACKUP_DIR). */
  dir: string;
}
