/**
 * Process configuration (DESIGN.md 4a): environment variables parsed with zod once at start.
 * `loadConfig(env)` is pure so tests can call it; a bad value throws a ConfigError listing EVERY bad
 * variable (DESIGN.md 9 "config validated at start with every bad variable listed").
 */
import path from 'node:path';
import { z } from 'zod';
import { readInboundConfig, type InboundConfig } from './config-inbound';
export { readInboundConfig, type ImapSettings, type ImportRules, type InboundConfig } from './config-inbound';
import { REPO_ROOT } from './paths';
import type { StorageSettings } from './storage';

/** Repository root (api/src/paths.ts), used to resolve relative defaults such as PWA_DIST. */
export { REPO_ROOT };

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
function decodeKey32(text: string): Buffer | null {
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

const envSchema = z.object({
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
function groupProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const group of GROUPS) {
    const set = group.filter((name) => emptyToUndefined(env[name]) !== undefined);
    if (set.length === 0 || set.length === group.length) continue;
    for (const name of group) if (!set.includes(name)) problems.push(`${name}: must be set together with ${set.join(', ')}`);
  }
  if (env.FILE_STORAGE?.trim() === 's3' && emptyToUndefined(env.S3_BUCKET) === undefined) problems.push('S3_BUCKET: required when FILE_STORAGE=s3');
  return problems;
}

/** The validated configuration every module receives (never read process.env elsewhere). */
export interface Config {
  port: number;
  /** Absolute path of the data folder (embedded database, files, logs). */
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Base URL without a trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  appName: string;
  supportPhone: string;
  supportEmail: string;
  /** Absolute path of the built PWA (vite output). */
  pwaDist: string;
  sessionTtlHours: number;
  /** Longest life of a cached login session in seconds; 0 = no cache. */
  sessionCacheSeconds: number;
  /** true when `trustProxyHops > 0` (kept for older callers). */
  trustProxy: boolean;
  /** Reverse proxies in front of the app: the client IP is this many entries from the right of X-Forwarded-For. */
  trustProxyHops: number;
  logLevel: LogLevel;
  rateLimitLogin: number;
  rateLimitTickets: number;
  /** Where rate-limit counts live: this process, PostgreSQL (`rate_limits`) or Redis. */
  rateLimitStore: 'memory' | 'postgres' | 'redis';
  /** Redis for shared rate limits (RATE_LIMIT_STORE=redis). */
  redisUrl: string | undefined;
  /** Failed logins per IP per 15 minutes, whatever the usernames. */
  rateLimitLoginIp: number;
  /** fsync of the embedded PGlite database (no effect with DATABASE_URL). */
  pgliteFsync: boolean;
  /** nodemailer SMTP URL; undefined -> e-mails are written as .eml files to `outboxLogDir`. */
  smtpUrl: string | undefined;
  /** From header of every e-mail (default `"APP_NAME" <SUPPORT_EMAIL>`). */
  mailFrom: string;
  /** twilio credentials; undefined -> SMS are appended as JSON lines to `outboxLogDir/sms.jsonl`. */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** VAPID keys from the environment; undefined -> generated once and stored in the settings table. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** VAPID `sub` claim (default `mailto:SUPPORT_EMAIL`). */
  vapidSubject: string;
  /** Country calling code (digits) for customer numbers typed without `+`. */
  smsCountryCode: string;
  /** Attempts per notification job before it ends `failed`. */
  notifyMaxAttempts: number;
  /** Seconds between outbox polls (new tickets also wake the dispatcher at once). */
  notifyPollSeconds: number;
  /** Folder of the development e-mail/SMS log: `DATA_DIR/outbox-log`. */
  outboxLogDir: string;
  /** VAULT_KEY (32 bytes); undefined -> the key file `DATA_DIR/vault-keys.json` (lib/vault-keys.ts). */
  vaultKey: Buffer | undefined;
  /** VAULT_PREVIOUS_KEYS: keys that only decrypt (a rotation in progress). */
  vaultPreviousKeys: Buffer[];
  /** VAULT_OFFLINE_DAYS: a device wipes its offline vault after this many days without a sync; the server then refuses its feed. */
  vaultOfflineDays: number;
  /** VAULT_DEVICE_GRANTS_PER_DAY: offline vault grants one user may make in 24 hours (each is an export). */
  vaultDeviceGrantsPerDay: number;
  /** VAULT_DEVICE_APPROVAL: 'admin' (default) = a technician's grant waits for an administrator (or a fresh second factor); 'none' = active at once. */
  vaultDeviceApproval: 'admin' | 'none';
  /** Hosts (lower case, IPs without brackets) a push endpoint may use even when they resolve to private addresses. */
  pushAllowHosts: string[];
  /** Push subscriptions kept per user. */
  pushMaxPerUser: number;
  /** Push subscriptions kept per login session (device). */
  pushMaxPerSession: number;
  /** Largest accepted upload in bytes (UPLOAD_MAX_MB MiB). */
  uploadMaxBytes: number;
  /** Ticket attachment limits in bytes / files (ATTACHMENT_MAX_MB, ATTACHMENT_TICKET_MAX_FILES, ATTACHMENT_TICKET_MAX_MB). */
  attachments: { maxFileBytes: number; ticketMaxFiles: number; ticketMaxBytes: number };
  /** Where uploaded files are kept: `DATA_DIR/files` (default) or an S3-compatible bucket. */
  storage: StorageSettings;
  /** Days a survey link stays valid after the invitation. */
  surveyTtlDays: number;
  /** Secret of the survey link tokens (decoded SURVEY_SECRET); undefined -> a generated key file in `dataDir`. */
  surveySecret: Buffer | undefined;
  /** Public survey requests (link checks and submits) allowed per IP per minute. */
  rateLimitSurveys: number;
  /** TWO_FACTOR_REQUIRED: the two-factor policy a new install starts from (README "Two-factor authentication"). */
  twoFactorRequired: 'none' | 'admins' | 'staff';
  /** Days a status link stays valid after it was issued. */
  statusLinkTtlDays: number;
  /** Secret of the public link tokens (decoded PUBLIC_LINK_SECRET); undefined -> a generated key file in `dataDir`. */
  publicLinkSecret: Buffer | undefined;
  /** Public status requests (page views and replies) allowed per IP per minute. */
  rateLimitStatus: number;
  /** Inbound mail (INBOUND_*, config-inbound.ts, docs/inbound-mail.md): mailbox, SMTP listener, limits. */
  inbound: InboundConfig;
}

/** Thrown by loadConfig; `problems` holds one "NAME: reason" line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment (DESIGN.md 4a). Relative paths resolve against `cwd` (DATA_DIR) or the
 * repository root (PWA_DIST, default `pwa/dist`).
 * @throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  problems.push(...groupProblems(env));
  if (parsed.success && parsed.data.RATE_LIMIT_STORE === 'redis' && !parsed.data.REDIS_URL) {
    problems.push('RATE_LIMIT_STORE: redis needs REDIS_URL');
  }
  if (parsed.success && parsed.data.RATE_LIMIT_STORE === 'postgres' && !parsed.data.DATABASE_URL) {
    problems.push('RATE_LIMIT_STORE: postgres needs DATABASE_URL (the embedded database serves one process)');
  }
  const inbound = parsed.success
    ? readInboundConfig(env, { supportEmail: parsed.data.SUPPORT_EMAIL, mailFrom: parsed.data.MAIL_FROM ?? parsed.data.SUPPORT_EMAIL })
    : undefined;
  problems.push(...(inbound?.errors ?? []));
  if (!parsed.success || problems.length > 0 || !inbound) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl,
    appName: e.APP_NAME,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    pwaDist: path.resolve(REPO_ROOT, e.PWA_DIST ?? path.join('pwa', 'dist')),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY > 0,
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimitLogin: e.RATE_LIMIT_LOGIN,
    rateLimitTickets: e.RATE_LIMIT_TICKETS,
    rateLimitLoginIp: e.RATE_LIMIT_LOGIN_IP,
    pgliteFsync: e.PGLITE_FSYNC,
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'postgres' : 'memory'),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${e.APP_NAME.replace(/["\\]/g, '')}" <${e.SUPPORT_EMAIL}>`,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    smsCountryCode: e.SMS_COUNTRY_CODE.replace('+', ''),
    notifyMaxAttempts: e.NOTIFY_MAX_ATTEMPTS,
    notifyPollSeconds: e.NOTIFY_POLL_SECONDS,
    outboxLogDir: path.join(dataDir, 'outbox-log'),
    vaultKey: e.VAULT_KEY ? decodeKey32(e.VAULT_KEY)! : undefined,
    vaultPreviousKeys: e.VAULT_PREVIOUS_KEYS ? e.VAULT_PREVIOUS_KEYS.split(',').map((k) => decodeKey32(k)!) : [],
    vaultOfflineDays: e.VAULT_OFFLINE_DAYS,
    vaultDeviceGrantsPerDay: e.VAULT_DEVICE_GRANTS_PER_DAY,
    vaultDeviceApproval: e.VAULT_DEVICE_APPROVAL,
    pushAllowHosts: e.PUSH_ALLOW_HOSTS,
    pushMaxPerUser: e.PUSH_MAX_PER_USER,
    pushMaxPerSession: e.PUSH_MAX_PER_SESSION,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    attachments: {
      maxFileBytes: e.ATTACHMENT_MAX_MB * 1024 * 1024,
      ticketMaxFiles: e.ATTACHMENT_TICKET_MAX_FILES,
      ticketMaxBytes: e.ATTACHMENT_TICKET_MAX_MB * 1024 * 1024,
    },
    storage:
      e.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined ? e.S3_ENDPOINT !== undefined : ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
            prefix: e.S3_PREFIX,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          }
        : { kind: 'disk', dir: path.join(dataDir, 'files') },
    surveyTtlDays: e.SURVEY_TTL_DAYS,
    surveySecret: e.SURVEY_SECRET ? Buffer.from(e.SURVEY_SECRET.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : undefined,
    rateLimitSurveys: e.RATE_LIMIT_SURVEYS,
    twoFactorRequired: e.TWO_FACTOR_REQUIRED,
    statusLinkTtlDays: e.STATUS_LINK_TTL_DAYS,
    publicLinkSecret: e.PUBLIC_LINK_SECRET ? Buffer.from(e.PUBLIC_LINK_SECRET.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : undefined,
    rateLimitStatus: e.RATE_LIMIT_STATUS,
    inbound: inbound.config,
  };
}
