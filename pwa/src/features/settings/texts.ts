import type { BackupStatus } from '@portal/shared';

/**
 * Texts of /admin/settings. SPEC.md 8's toast texts are quoted exactly; the others (headings,
 * empty states, the no-number toast title) are this screen's decisions.
 */
export const SETTINGS_TEXT = {
  updateFailed: 'Failed to update settings. Please try again.',
  addFailed: 'Failed to add email. Please try again.',
  removeFailed: 'Failed to remove email. Please try again.',
  smsTestFailed: 'Failed to send test SMS. Check your SMS provider configuration and phone number.',
  noNumberTitle: 'No Phone Number',
  noRecipients: 'No recipients yet. New tickets are not e-mailed to anyone.',
  noDeliveries: 'No notifications have been sent yet.',
  backupsHeading: 'Backups',
  backupDaily: 'Back up daily',
  backupKeep: 'Keep',
  backupKeepHint: 'newest backups',
  backupNoPassphrase: "Daily backups need BACKUP_PASSPHRASE in the server's environment.",
  backupNever: 'Last backup: never',
} as const;

/** The last-backup line of the 'Backups' section (docs/backup.md "Scheduled backups"). */
export function lastBackupLine(last: BackupStatus | null, formatTime: (iso: string) => string, formatSize: (bytes: number) => string): string {
  if (!last) return SETTINGS_TEXT.backupNever;
  if (!last.ok) return `Last backup failed: ${formatTime(last.at)}: ${last.message ?? 'unknown error'}`;
  return `Last backup: ${formatTime(last.at)} (${last.bytes === null ? 'size unknown' : formatSize(last.bytes)}, ${last.trigger === 'schedule' ? 'daily' : 'manual'})`;
}
