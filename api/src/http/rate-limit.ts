/**
 * Rate limits with rate-limiter-flexible (DESIGN.md 7): failed logins per IP+username and per IP
 * (one IP trying one password against many usernames), public ticket submissions per
 * IP, public survey requests (link checks and submits) per IP and survey link resends per IP and ticket. Limits come from createApp deps so tests can trigger 429 cheaply.
 *
 * Limiters are typed as rate-limiter-flexible's `RateLimiterAbstract` and built by a
 * {@link LimiterFactory}: the default keeps counts in this process's memory; a factory returning
 * `RateLimiterPostgres`/`RateLimiterRedis` instances (same interface) shares them between processes
 * without changing any caller. The client IP is `ctx.ip`, which honours TRUST_PROXY's hop count
 * (see `createApp`).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors';
import { LeanRateLimiterMemory } from './rate-limit-memory';

/** `points` allowed per `durationSec` window. */
export interface RateLimit {
  points: number;
  durationSec: number;
}

export interface RateLimitSettings {
  /** Failed logins per IP+username (default 10 per 15 minutes). */
  login: RateLimit;
  /** Failed logins per IP whatever the username (default 50 per 15 minutes). */
  loginIp: RateLimit;
  /**
   * Wrong second-factor codes, step-up answers and current passwords per ACCOUNT, from any IP
   * (default 10 per 15 minutes; issue 55 defects 7 and 10; twofa/verify.ts).
   */
  twoFactorAccount: RateLimit;
  /** Ticket submissions per IP (default 10 per minute). */
  ticketCreate: RateLimit;
  /** Public survey requests (link checks and submits) per IP (default 20 per minute). */
  survey: RateLimit;
  /** Vault secrets revealed per user (default 120 per 10 minutes). */
  vaultReveal: RateLimit;
  /** Offline reveal reports per user (default 120 per 10 minutes; docs/vault.md "Customer Vault offline"). */
  vaultOfflineReport: RateLimit;
  /** New tus uploads (attachments) per IP (default 30 per minute; docs/attachments.md). */
  uploadCreate: RateLimit;
  /** Public status link requests (page views, replies) per IP (default 60 per minute; docs/status-links.md). */
  status: RateLimit;
  /** "Lost your link?" lookups per IP (default 5 per 15 minutes). */
  statusLookupIp: RateLimit;
  /** "Lost your link?" lookups per ticket number, whoever asks (default 3 per hour). */
  statusLookupTicket: RateLimit;
  /** Status link messages (resends, lookups) sent per ticket (default 5 per hour). */
  statusLinkSend: RateLimit;
  /** Status-page replies per ticket, whoever sends them (default 10 per hour; issue 55). */
  statusReplyTicket: RateLimit;
  /** "Send me the survey link" requests per IP (default 5 per 15 minutes; docs/surveys.md). */
  surveyResendIp: RateLimit;
  /** "Send me the survey link" requests per ticket number, whoever asks (default 3 per hour). */
  surveyResendTicket: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  login: { points: 10, durationSec: 15 * 60 },
  loginIp: { points: 50, durationSec: 15 * 60 },
  twoFactorAccount: { points: 10, durationSec: 15 * 60 },
  ticketCreate: { points: 10, durationSec: 60 },
  survey: { points: 20, durationSec: 60 },
  vaultReveal: { points: 120, durationSec: 10 * 60 },
  vaultOfflineReport: { points: 120, durationSec: 10 * 60 },
  uploadCreate: { points: 30, durationSec: 60 },
  status: { points: 60, durationSec: 60 },
  statusLookupIp: { points: 5, durationSec: 15 * 60 },
  statusLookupTicket: { points: 3, durationSec: 60 * 60 },
  statusLinkSend: { points: 5, durationSec: 60 * 60 },
  statusReplyTicket: { points: 10, durationSec: 60 * 60 },
  surveyResendIp: { points: 5, durationSec: 15 * 60 },
  surveyResendTicket: { points: 3, durationSec: 60 * 60 },
};

/** Any rate-limiter-flexible limiter: in memory, or in a PostgreSQL or Redis store. */
export type Limiter = RateLimiterAbstract;

/** One limiter per named limit of RateLimitSettings. */
export type RateLimiters = Record<keyof RateLimitSettings, Limiter>;

/**
 * Builds the limiter of one named limit. `name` doubles as the key prefix, so limiters sharing a
 * store (one table, one Redis) never mix their counts.
 */
export type LimiterFactory = (name: keyof RateLimitSettings, limit: RateLimit) => Limiter;

/** The default factory: counts in this process's memory (one API process), without a timer per key (rate-limit-memory.ts). */
export const memoryLimiters: LimiterFactory = (name, l) => new LeanRateLimiterMemory({ keyPrefix: name, points: l.points, duration: l.durationSec });

/** Builds every limiter of `settings` with `factory` (default {@link memoryLimiters}). */
export function createRateLimiters(settings: RateLimitSettings, factory: LimiterFactory = memoryLimiters): RateLimiters {
  return {
    login: factory('login', settings.login),
    loginIp: factory('loginIp', settings.loginIp),
    twoFactorAccount: factory('twoFactorAccount', settings.twoFactorAccount),
    ticketCreate: factory('ticketCreate', settings.ticketCreate),
    survey: factory('survey', settings.survey),
    vaultReveal: factory('vaultReveal', settings.vaultReveal),
    vaultOfflineReport: factory('vaultOfflineReport', settings.vaultOfflineReport),
    uploadCreate: factory('uploadCreate', settings.uploadCreate),
    status: factory('status', settings.status),
    statusLookupIp: factory('statusLookupIp', settings.statusLookupIp),
    statusLookupTicket: factory('statusLookupTicket', settings.statusLookupTicket),
    statusLinkSend: factory('statusLinkSend', settings.statusLinkSend),
    statusReplyTicket: factory('statusReplyTicket', settings.statusReplyTicket),
    surveyResendIp: factory('surveyResendIp', settings.surveyResendIp),
    surveyResendTicket: factory('surveyResendTicket', settings.surveyResendTicket),
  };
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Takes one point for `key`.
 * @throws RateLimitedError (429, Retry-After) when the window is used up.
 */
export async function consumeOrThrow(limiter: Limiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitedError(retryAfter(err));
    throw err;
  }
}

/**
 * Takes one point from each `[limiter, key]` pair BEFORE the work it guards (a failed login: the
 * password check), so a burst of concurrent requests cannot all pass a check made before any of
 * them was counted (every store's consume is one atomic increment). When any pair is used up, the
 * points taken from the others are given back (the refused request did no work) and it throws.
 * Give the points back with {@link giveBack} when the work succeeded and should not count.
 * @throws RateLimitedError (429, Retry-After of the longest wait) when a window is used up.
 */
export async function consumeAll(pairs: readonly (readonly [Limiter, string])[]): Promise<void> {
  const results = await Promise.allSettled(pairs.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused.length === 0) return;
  await giveBack(pairs.filter((_, i) => results[i]!.status === 'fulfilled'));
  const other = refused.find((r) => !(r.reason instanceof RateLimiterRes));
  if (other) throw other.reason;
  throw new RateLimitedError(Math.max(...refused.map((r) => retryAfter(r.reason as RateLimiterRes))));
}

/** Returns one point to each pair (a success that should not count, or a request refused elsewhere). */
export async function giveBack(pairs: readonly (readonly [Limiter, string])[]): Promise<void> {
  await Promise.all(pairs.map(([limiter, key]) => limiter.reward(key, 1)));
}

/** Middleware taking one point per request, keyed by `keyOf(ctx)` (e.g. the client IP). */
export function rateLimit(limiter: Limiter, keyOf: (ctx: { ip: string }) => string) {
  return async (ctx: { ip: string }, next: () => Promise<unknown>) => {
    await consumeOrThrow(limiter, keyOf(ctx));
    await next();
  };
}

