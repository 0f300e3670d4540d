/**
 * Staff two-factor authentication (DESIGN.md 7 "Staff second factor"; README "Two-factor
 * authentication"). Part of the one Drizzle schema (../schema.ts). The session columns the feature
 * uses (`needs_enrolment`, `second_factor_at`, `second_factor_method`) live on `sessions`
 * (accounts.ts); the step-up columns of the vault audit on `vault_reveals` / `vault_devices`.
 */
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './accounts';

/**
 * A user's authenticator app (RFC 6238): the base32 secret encrypted under the vault keyring
 * (`v1:<keyId>:...`, lib/keyring-seal.ts), `confirmed_at` null until a first code was verified,
 * and the last accepted time step so a code is never accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: only the sha256 of each (codes carry 49 random bits); `used_at` once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** Passkeys / security keys registered as a second factor (WebAuthn), named by their user. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id (base64url). */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('webauthn_credentials_user_id_idx').on(t.userId)],
);

/**
 * Short-lived challenges: a sign-in waiting for its second factor (`login`: the id the client holds
 * is random, only its sha256 is stored), and WebAuthn challenges of a registration or step-up
 * (`register`, `step_up`, keyed by the session). Wrong codes are counted per challenge too.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'login' | 'register' | 'step_up'>().notNull(),
    sessionId: uuid('session_id'),
    webauthnChallenge: text('webauthn_challenge'),
    failures: integer('failures').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId), index('two_factor_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * Audit of second-factor changes: enrolment, removal, recovery codes regenerated, admin or command
 * line reset. No foreign keys (evidence outlives the user); names are copied.
 */
export const twoFactorEvents = pgTable(
  'two_factor_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username').notNull(),
    ip: text('ip'),
    /** Whether the session of the actor had a fresh second factor (step-up) when acting. */
    steppedUp: boolean('stepped_up').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_events_user_id_idx').on(t.userId, t.createdAt)],
);
