/** Users, their sessions and settings, and the system settings (SPEC.md 3). Part of the one Drizzle schema (../schema.ts). */
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@portal/shared';
import { ts, createdAt, updatedAt } from './columns';

/** SPEC.md 3 users. `password` holds an argon2id hash, never returned by the API. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email'),
  /** Their own phone, for the `{{technician.phone}}` reply variable (optional; none -> the support number). */
  phone: text('phone'),
  role: text('role').$type<Role>().notNull().default('user'),
  createdAt: createdAt(),
  /** Set while an admin has disabled the account: no sign-in, no sessions (User Management). */
  disabledAt: ts('disabled_at'),
  /** The last successful sign-in (a session was created), for User Management's 'Last sign-in'. */
  lastSignInAt: ts('last_sign_in_at'),
});

/** Login sessions: only the sha256 of the opaque token is stored (DESIGN.md 4). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    /** Two-factor (README "Two-factor authentication"): the policy requires a factor the user has not set up; the session may only enrol. */
    needsEnrolment: boolean('needs_enrolment').notNull().default(false),
    /** When and how this session last proved a second factor (sign-in or step-up); the vault's step-up reads it. */
    secondFactorAt: ts('second_factor_at'),
    secondFactorMethod: text('second_factor_method'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** SPEC.md 3 user_settings. */
export const userSettings = pgTable('user_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultCompany: text('default_company'),
  customerEmail: text('customer_email'),
  customerPhone: text('customer_phone'),
  theme: text('theme').notNull().default('light'),
  updatedAt: updatedAt(),
});

/** SPEC.md 3 settings: key/value system settings (support SMS number, notification e-mails). */
export const settings = pgTable('settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
