/**
 * Users repository (SPEC.md 3 users): all SQL of the users feature. Functions take the db or the
 * route's transaction first; presenter.ts makes the public shape (never the password hash).
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { STAFF_ROLES } from '@portal/shared';
import type { Role } from '@portal/shared';
import type { Database } from '../../db/client';
import { announceSessionChange } from '../../db/session-events';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** All users sorted by username. */
export async function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.username));
}

/** The e-mail addresses of every enabled admin that has one (admin_security_action in security.ts; vault_device_approved in vault-offline, through the port). */
export async function listAdminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.email), isNull(users.disabledAt)));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/** Users who may be assigned tickets: role technician or admin, not disabled, sorted by username (SPEC.md 6). */
export async function listAssignableUsers(db: Database): Promise<{ id: string; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.disabledAt)))
    .orderBy(asc(users.username));
}

export interface NewUser {
  username: string;
  passwordHash: string;
  email: string | null;
  phone?: string | null;
  role: Role;
  createdAt: Date;
}

/** Inserts a user; returns undefined when the username is taken (unique violation avoided by ON CONFLICT). */
export async function insertUser(db: Database, u: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ username: u.username, password: u.passwordHash, email: u.email, phone: u.phone ?? null, role: u.role, createdAt: u.createdAt })
    .onConflictDoNothing({ target: users.username })
    .returning();
  return row;
}

export interface UserChanges {
  username?: string;
  passwordHash?: string;
  email?: string | null;
  phone?: string | null;
  role?: Role;
}

/** Applies `changes`; returns the updated row, undefined when the user does not exist. */
export async function updateUser(db: Database, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.username !== undefined) set.username = changes.username;
  if (changes.passwordHash !== undefined) set.password = changes.passwordHash;
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.role !== undefined) set.role = changes.role;
  if (Object.keys(set).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  // Cached sessions carry the user's name and role: every API process drops them.
  if (row) await announceSessionChange(db, { userId: id });
  return row;
}

/** Deletes a user; tickets are unassigned and work history kept by the foreign keys (ON DELETE SET NULL). */
export async function deleteUser(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (rows.length > 0) await announceSessionChange(db, { userId: id });
  return rows.length > 0;
}
