import type { Role } from '@portal/shared';

/**
 * Texts of User Management (/admin). SPEC.md 8's toast titles are quoted exactly; descriptions,
 * labels and the confirmation are this screen's decisions.
 */
export const USERS_TEXT = {
  title: 'User Management',
  /** Under Phone in the user form. */
  phoneHint: 'Fills {{technician.phone}} in canned replies; empty: the support number.',
  created: 'User Created',
  updated: 'User Updated',
  deleted: 'User Deleted',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  unlocked: 'Sign-in Unlocked',
  unlockFailed: 'Failed to unlock sign-in',
  tryAgain: 'Please try again.',
  empty: 'No users yet.',
  loading: 'Loading users...',
  loadFailed: 'The users could not be loaded.',
  keepPassword: 'Leave blank to keep the current password.',
  adminNotDeletable: 'The admin user cannot be deleted',
  adminNotRenamable: 'The admin user cannot be renamed.',
  selfNotDeletable: 'You cannot delete your own account here',
} as const;

/** Role names for people (the API values are admin, technician, user). */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', technician: 'Technician', user: 'User' };
