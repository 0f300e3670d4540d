/**
 * Process configuration (DESIGN.md 4a): environment variables parsed with zod once at start.
 * `loadConfig(env)` is pure so tests can call it; a bad value throws a ConfigError listing EVERY bad
 * variable (DESIGN.md 9 "config validated at start with every bad variable listed"). The variables and
 * their parsers live in config-env.ts, the inbound-mail ones in config-inbound.ts.
 */
import path from 'node:path';
import { decodeKey32, envSchema, groupProblems, type LogLevel } from './config-env';
import { readInboundConfig, type InboundConfig } from './config-inbound';
export { readInboundConfig, type ImapSettings, type ImportRules, type InboundConfig } from './config-inbound';
import { REPO_ROOT } from './paths';
import type { StorageSettings } from './storage';

/** Repository root (api/src/paths.ts), used to resolve relative defaults such as PWA_DIST. */
export { REPO_ROOT };
export type { LogLevel };

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
  /** Default country of phone numbers (PHONE_COUNTRY, ISO 3166-1 alpha-2; docs/clients.md). */
  phoneCountry: string;
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
  /** Scheduled backups (docs/backup.md): the passphrase sealing their keys (BACKUP_PASSPHRASE) and their folder (BACKUP_DIR, default DATA_DIR/backups). */
  backup: { passphrase: string | undefined; dir: string };
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
  /**
   * Ticket attachment limits in bytes / files (ATTACHMENT_MAX_MB, ATTACHMENT_TICKET_MAX_FILES, ATTACHMENT_TICKET_MAX_MB),
   * the bytes of anonymous uploads not yet attached allowed per IP and in total (ATTACHMENT_PENDING_IP_MB, ATTACHMENT_PENDING_TOTAL_MB),
   * and the image processes: how many, milliseconds one image may take, anonymous images waiting at most
   * (IMAGE_WORKERS, IMAGE_TIMEOUT_MS, IMAGE_QUEUE_MAX; attachments/imagePool.ts).
   */
  attachments: {
    maxFileBytes: number;
    ticketMaxFiles: number;
    ticketMaxBytes: number;
    pendingPerIpBytes: number;
    pendingTotalBytes: number;
    imageWorkers: number;
    imageTimeoutMs: number;
    imageQueueMax: number;
  };
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
    phoneCountry: e.PHONE_COUNTRY,
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
    backup: { passphrase: e.BACKUP_PASSPHRASE, dir: path.resolve(cwd, e.BACKUP_DIR ?? path.join(dataDir, 'backups')) },
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
      pendingPerIpBytes: e.ATTACHMENT_PENDING_IP_MB * 1024 * 1024,
      pendingTotalBytes: e.ATTACHMENT_PENDING_TOTAL_MB * 1024 * 1024,
      imageWorkers: e.IMAGE_WORKERS,
      imageTimeoutMs: e.IMAGE_TIMEOUT_MS,
      imageQueueMax: e.IMAGE_QUEUE_MAX,
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
