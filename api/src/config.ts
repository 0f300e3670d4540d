/**
 * Process configuration (DESIGN.md 4a): environment variables parsed with zod once at start.
 * `loadConfig(env)` is pure so tests can call it; a bad value throws a ConfigError listing EVERY bad
 * variable (DESIGN.md 9 "config validated at start with every bad variable listed").
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (api/src/config.ts -> ../..), used to resolve relative defaults such as PWA_DIST. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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
  TRUST_PROXY: boolFlag,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  /** Failed logins allowed per IP+username per 15 minutes (DESIGN.md 7). */
  RATE_LIMIT_LOGIN: positiveInt(10),
  /** Public ticket submissions allowed per IP per minute (DESIGN.md 7). */
  RATE_LIMIT_TICKETS: positiveInt(10),
});

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
  trustProxy: boolean;
  logLevel: LogLevel;
  rateLimitLogin: number;
  rateLimitTickets: number;
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
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl,
    appName: e.APP_NAME,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    pwaDist: path.resolve(REPO_ROOT, e.PWA_DIST ?? path.join('pwa', 'dist')),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimitLogin: e.RATE_LIMIT_LOGIN,
    rateLimitTickets: e.RATE_LIMIT_TICKETS,
  };
}
