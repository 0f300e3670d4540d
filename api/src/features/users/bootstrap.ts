/**
 * Bootstrap administrator (DESIGN.md 4a): on start, make sure the user `admin` (role admin) exists.
 * Its password is ADMIN_PASSWORD, or a generated one that is returned so the caller prints it ONCE.
 * An existing admin is left alone (its password is not reset).
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_USERNAME } from '@portal/shared';
import type { Database } from '../../db/client';
import type { PasswordHasher } from '../../lib/passwords';
import { findUserByUsername, insertUser } from './repository';

/** @returns `{ created: true, generatedPassword? }` when the admin was created now; generatedPassword only when none was configured. */
export async function ensureAdminUser(
  db: Database,
  passwords: PasswordHasher,
  adminPassword: string | undefined,
  now: Date,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await findUserByUsername(db, ADMIN_USERNAME)) return { created: false };
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const row = await insertUser(db, {
    username: ADMIN_USERNAME,
    passwordHash: await passwords.hash(password),
    email: null,
    role: 'admin',
    createdAt: now,
  });
  if (!row) return { created: false }; // created concurrently by another process
  return adminPassword ? { created: true } : { created: true, generatedPassword: password };
}
