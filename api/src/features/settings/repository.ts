/**
 * Settings repository (SPEC.md 3 `settings`, SPEC.md 2 "Settings"): the rows this feature writes in
 * the key/value store of db/settings.ts. The support SMS number is `support_sms_number`; the
 * notification recipients are `notification_emails`, a JSON array of lower-case addresses, read by
 * the notification outbox (notify/recipients.ts).
 */
import { NOTIFICATION_EMAILS_KEY } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSettingForUpdate, insertSettingOnce, upsertSetting } from '../../db/settings';
import { parseNotificationEmails } from '../../notify';

export { findSetting, upsertSetting, type SettingRow } from '../../db/settings';

/**
 * Adds or removes one recipient while holding the row lock (SELECT ... FOR UPDATE), so two admins
 * adding at once both keep their address; adding an existing address or removing a missing one
 * changes nothing. Call inside the route's transaction. `email` must be normalised already.
 * @returns the whole list after the change, sorted.
 */
export async function changeNotificationEmails(tx: Database, op: 'add' | 'remove', email: string, now: Date): Promise<string[]> {
  await insertSettingOnce(tx, NOTIFICATION_EMAILS_KEY, '[]', 'Notification e-mail recipients', now);
  const row = await findSettingForUpdate(tx, NOTIFICATION_EMAILS_KEY);
  const current = parseNotificationEmails(row?.value);
  const next = op === 'add' ? [...new Set([...current, email])] : current.filter((e) => e !== email);
  next.sort();
  if (next.join('\n') !== current.join('\n')) {
    await upsertSetting(tx, { key: NOTIFICATION_EMAILS_KEY, value: JSON.stringify(next) }, now);
  }
  return next;
}
