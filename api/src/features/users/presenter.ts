/** Users presenter (DESIGN.md 4): a user row -> the shared `PublicUser` / `ManagedUser` (never the password hash). */
import type { ManagedUser, PublicUser } from '@portal/shared';
import type { UserRow } from './repository';

/** The API shape of a user: `{ id, username, email, phone, role, createdAt }` (ISO time). */
export function presentUser(u: Pick<UserRow, 'id' | 'username' | 'email' | 'phone' | 'role' | 'createdAt'>): PublicUser {
  return { id: u.id, username: u.username, email: u.email, phone: u.phone, role: u.role, createdAt: u.createdAt.toISOString() };
}

/** User Management's shape: {@link presentUser} plus `disabled` and `lastSignInAt` (ISO or null). */
export function presentManagedUser(u: UserRow): ManagedUser {
  return { ...presentUser(u), disabled: u.disabledAt !== null, lastSignInAt: u.lastSignInAt?.toISOString() ?? null };
}
