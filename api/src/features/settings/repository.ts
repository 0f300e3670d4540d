/**
 * System settings (SPEC.md 3 `settings`, SPEC.md 2 "Settings"): key/value rows. The support SMS number
 * is `support_sms_number`; the notification recipients are `notification_emails`, a JSON array of
 * lower-case addresses. List changes lock the row (SELECT ... FOR UPDATE) so two admins adding at once
 * both keep their address. The notification rules read these inside the ticket transaction.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_EMAILS_KEY, SUPPORT_SMS_NUMBER_KEY } from '@portal/shared';
import type { SystemSetting } from '@portal/shared';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

export type SettingRow = typeof settings.$inferSelect;

/** Row -> API shape; a missing row is `{ key, value: null, description: null, updatedAt: null }`. */
export function toSystemSetting(key: string, row: SettingRow | undefined): SystemSetting {
  return { key, value: row?.value ?? null, description: row?.description ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** One setting row, or undefined when never saved. */
export async function findSetting(db: Database, key: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row;
}

/** Inserts or replaces a setting; `description` undefined keeps the stored one. */
export async function upsertSetting(
  db: Database,
  input: { key: string; value: string; description?: string | null | undefined },
  now: Date,
): Promise<SettingRow> {
  const set = { value: input.value, updatedAt: now, ...(input.description !== undefined ? { description: input.description } : {}) };
  const [row] = await db
    .insert(settings)
    .values({ key: input.key, value: input.value, description: input.description ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set })
    .returning();
  return row!;
}

/** Inserts a setting only when missing; returns the stored row either way (race-safe "create once"). */
export async function insertSettingOnce(db: Database, key: string, value: string, description: string, now: Date): Promise<SettingRow> {
  await db.insert(settings).values({ key, value, description, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: settings.key });
  return (await findSetting(db, key))!;
}

/** The saved support SMS number (SPEC.md 7), or null. */
export async function getSupportSmsNumber(db: Database): Promise<string | null> {
  return (await findSetting(db, SUPPORT_SMS_NUMBER_KEY))?.value ?? null;
}

/** Parses the stored recipients list; anything unreadable counts as empty. */
function parseEmails(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The notification recipients, sorted (SPEC.md 7: every new ticket e-mails all of them). */
export async function getNotificationEmails(db: Database): Promise<string[]> {
  return parseEmails((await findSetting(db, NOTIFICATION_EMAILS_KEY))?.value);
}

/**
 * Adds or removes one recipient in a transaction holding the row lock; adding an existing address or
 * removing a missing one changes nothing. `email` must already be normalised (lower case, trimmed).
 * @returns the whole list after the change, sorted.
 */
export async function changeNotificationEmails(db: Database, op: 'add' | 'remove', email: string, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: NOTIFICATION_EMAILS_KEY, value: '[]', description: 'Notification e-mail recipients', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: settings.key });
    const [row] = await tx.select().from(settings).where(eq(settings.key, NOTIFICATION_EMAILS_KEY)).for('update');
    const current = parseEmails(row?.value);
    const next = op === 'add' ? [...new Set([...current, email])] : current.filter((e) => e !== email);
    next.sort();
    if (next.join('\n') !== current.join('\n')) {
      await tx.update(settings).set({ value: JSON.stringify(next), updatedAt: now }).where(eq(settings.key, NOTIFICATION_EMAILS_KEY));
    }
    return next;
  });
}
