/**
 * The environment variables the API reads (README "Configuration", DESIGN.md 4a): one zod field per
 * variable with its default and the message a bad value gets, plus the cross-variable checks
 * ({@link groupProblems}). config.ts turns the parsed result into the Config modules receive.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { isPhoneCountry } from '@portal/shared';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const boolFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
);
/** A base64url string that decodes to exactly `bytes` bytes (VAPID keys). */
const base64urlKey = (bytes: number, message: string) =>
  z.string().refine((v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64url').length === bytes, message);
/** Decodes a base64 (or base64url) AES-256 key; null unless it is exactly 32 bytes. */
export function decodeKey32(text: string): Buffer | null {
  const v = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) return null;
  const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}
const VAULT_KEY_MESSAGE = 'must be a base64 32-byte key (openssl rand -base64 32)';
/**
 * TRUST_PROXY: how many reverse proxies in front of the app append to X-Forwarded-For. `false`/`0`
 * trusts none, `true` means 1 (compatibility with the former boolean), a number 0-10 that many.
 */
const proxyHops = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^(true|false|yes|no|10|[0-9])$/, 'must be false, true (= 1) or the number of proxy hops (0-10)')
    .optional()
    .transform((v) => (v === undefined || v === 'false' || v === 'no' ? 0 : v === 'true' || v === 'yes' ? 1 : Number(v))),
);
/** A comma-separated list of host names or IP literals, lower-cased, without brackets. */
const hostList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')).filter(Boolean)),
);
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a positive whole number' }).int().positive().default(fallback));

/** Every variable with its parser; `safeParse(process.env)` gives the typed values or every problem. */
export const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number (0-65535)' }).int('must be a port number (0-65535)').min(0).max(65535).default(3000),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6, 'must be at least 6 characters').optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  APP_NAME: z.preprocess(emptyToUndefined, z.string().default('IT Support Portal')),
  SUPPORT_PHONE: z.preprocess(emptyToUndefined, z.string().default('(555) 123-4567')),
  /** Default country of phone numbers typed without +country code (clients, contacts): ISO 3166-1 alpha-2. */
  PHONE_COUNTRY: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.string().default('US').refine((v) => isPhoneCountry(v), 'must be a two-letter country code such as US or GB'),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an e-mail address').default('support@example.com')),
  PWA_DIST: optionalString,
  SESSION_TTL_HOURS: positiveInt(720),
  /** Seconds a login session stays cached in the process; 0 = always read the database. */
  SESSION_CACHE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a whole number of seconds (0 turns the cache off)' }).int('must be a whole number of seconds (0 turns the cache off)').min(0).max(3600).default(10),
  ),
  TRUST_PROXY: proxyHops,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  /** Failed logins allowed per IP+username per 15 minutes (DESIGN.md 7). */
  RATE_LIMIT_LOGIN: positiveInt(10),
  /** Public ticket submissions allowed per IP per minute (DESIGN.md 7). */
  RATE_LIMIT_TICKETS: positiveInt(10),
  /** Where rate-limit counts live; default redis with REDIS_URL, postgres with DATABASE_URL, else memory. */
  RATE_LIMIT_STORE: z.preprocess(emptyToUndefined, z.enum(['memory', 'postgres', 'redis'], { message: 'must be memory, postgres or redis' }).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional()),
  /** Failed logins allowed per IP (any usernames) per 15 minutes. */
  RATE_LIMIT_LOGIN_IP: positiveInt(50),
  /** Embedded PGlite flushes every commit to disk; `false` trades power-loss safety for speed. */
  PGLITE_FSYNC: z.preprocess((v) => emptyToUndefined(v) ?? 'true', boolFlag),
  // Notifications (DESIGN.md 4a, 6). Unset providers write to DATA_DIR/outbox-log instead.
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().regex(/@/, 'must be an e-mail address or "Name <address>"').optional()),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().regex(/^AC\w+$/, 'must start with AC').optional()),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^(\+[1-9]\d{6,14}|MG\w+)$/, 'must be an E.164 number like +15551234567 or a messaging service SID (MG...)').optional(),
  ),
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, base64urlKey(65, 'must be a base64url P-256 public key (65 bytes)').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, base64urlKey(32, 'must be a base64url P-256 private key (32 bytes)').optional()),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: or https: URL').optional()),
  /** Country calling code for customer numbers typed without one (SMS needs E.164). */
  SMS_COUNTRY_CODE: z.preprocess(emptyToUndefined, z.string().regex(/^\+?[1-9]\d{0,2}$/, 'must be a country calling code such as 1 or 44').default('1')),
  NOTIFY_MAX_ATTEMPTS: positiveInt(8),
  NOTIFY_POLL_SECONDS: positiveInt(15),
  /** Vault encryption key (DESIGN.md 7); unset -> a key file generated once in DATA_DIR (0600). */
  VAULT_KEY: z.preprocess(emptyToUndefined, z.string().refine((v) => decodeKey32(v) !== null, VAULT_KEY_MESSAGE).optional()),
  /** Older vault keys, comma-separated, that still decrypt during a rotation (`npm run vault:rotate-key`). */
  VAULT_PREVIOUS_KEYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => v.split(',').every((k) => decodeKey32(k) !== null), `each key ${VAULT_KEY_MESSAGE}`)
      .optional(),
  ),
  /** Passphrase sealing the keys in scheduled backups (docs/backup.md); `npm run backup` reads it too. Never logged. */
  BACKUP_PASSPHRASE: z.preprocess(emptyToUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
  /** Folder of the scheduled backups; unset -> DATA_DIR/backups. */
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Days a device's offline vault copy lives without a sync before it is wiped. */
  VAULT_OFFLINE_DAYS: positiveInt(7),
  VAULT_DEVICE_GRANTS_PER_DAY: positiveInt(3),
  VAULT_DEVICE_APPROVAL: z.preprocess(emptyToUndefined, z.enum(['admin', 'none'], { message: 'must be admin or none' }).default('admin')),
  /** Push endpoint hosts allowed although they resolve to loopback/private addresses (tests, an in-house push service). */
  PUSH_ALLOW_HOSTS: hostList,
  /** Push subscriptions kept per user and per login session; subscribing beyond drops the oldest. */
  PUSH_MAX_PER_USER: positiveInt(10),
  PUSH_MAX_PER_SESSION: positiveInt(2),
  // Uploaded files (DESIGN.md 7): disk under DATA_DIR/files, or an S3-compatible store.
  UPLOAD_MAX_MB: positiveInt(512),
  // Ticket attachments (docs/attachments.md): per file, and per ticket (count and total).
  ATTACHMENT_MAX_MB: positiveInt(10),
  ATTACHMENT_TICKET_MAX_FILES: positiveInt(20),
  ATTACHMENT_TICKET_MAX_MB: positiveInt(50),
  // Anonymous uploads not yet attached to a ticket: per IP and in total (issue 55; 429 / 507 beyond).
  ATTACHMENT_PENDING_IP_MB: positiveInt(100),
  ATTACHMENT_PENDING_TOTAL_MB: positiveInt(2048),
  // Image processes that decode uploaded and mailed images (issue 55 defect 5; attachments/imagePool.ts):
  // how many (default: one per core but one, at least 1), how long one image may take, and how many
  // anonymous images may wait (429 beyond).
  IMAGE_WORKERS: positiveInt(Math.max(1, Math.min(4, availableParallelism() - 1))),
  IMAGE_TIMEOUT_MS: positiveInt(20_000),
  IMAGE_QUEUE_MAX: positiveInt(8),
  FILE_STORAGE: z.preprocess(emptyToUndefined, z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk')),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' }).optional(),
  ),
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/$/, 'must be a key prefix ending in / such as portal/files/')
      .default(''),
  ),
  // Surveys.
  /** Days a survey link stays valid after the invitation. */
  SURVEY_TTL_DAYS: positiveInt(28),
  /** Secret the survey link tokens are derived from (base64/base64url, at least 32 bytes); unset -> DATA_DIR/survey-link.key. */
  SURVEY_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length >= 32, 'must be base64 of at least 32 random bytes (openssl rand -base64 32)')
      .optional(),
  ),
  /** Public survey requests (link checks and submits) allowed per IP per minute. */
  RATE_LIMIT_SURVEYS: positiveInt(20),
  /** Who must use a second factor on a NEW install (then the admin setting rules): none, admins, staff. */
  TWO_FACTOR_REQUIRED: z.preprocess(emptyToUndefined, z.enum(['none', 'admins', 'staff'], { message: 'must be none, admins or staff' }).default('staff')),
  // Status links (docs/status-links.md).
  /** Days a ticket's status link stays valid after it was issued (resending or rotating issues a new one). */
  STATUS_LINK_TTL_DAYS: positiveInt(180),
  /** Secret the public link tokens are derived from (base64/base64url, at least 32 bytes); unset -> DATA_DIR/public-link.key. */
  PUBLIC_LINK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length >= 32, 'must be base64 of at least 32 random bytes (openssl rand -base64 32)')
      .optional(),
  ),
  /** Public status requests (page views and replies) allowed per IP per minute. */
  RATE_LIMIT_STATUS: positiveInt(60),
});

/** Variables that only make sense together: all set or all unset. */
const GROUPS: readonly (readonly (keyof z.input<typeof envSchema>)[])[] = [
  ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
];

/** Problems of partly set GROUPS, one line per missing variable. */
export function groupProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const group of GROUPS) {
    const set = group.filter((name) => emptyToUndefined(env[name]) !== undefined);
    if (set.length === 0 || set.length === group.length) continue;
    for (const name of group) if (!set.includes(name)) problems.push(`${name}: must be set together with ${set.join(', ')}`);
  }
  if (env.FILE_STORAGE?.trim() === 's3' && emptyToUndefined(env.S3_BUCKET) === undefined) problems.push('S3_BUCKET: required when FILE_STORAGE=s3');
  return problems;
}
