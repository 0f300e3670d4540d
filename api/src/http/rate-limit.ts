/**
 * In-memory rate limits with rate-limiter-flexible (DESIGN.md 7): failed logins per IP+username,
 * public ticket submissions per IP and public survey requests per IP. Limits come from createApp deps so tests can trigger 429 cheaply.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors';

/** `points` allowed per `durationSec` window. */
export interface RateLimit {
  points: number;
  durationSec: number;
}

export interface RateLimitSettings {
  /** Failed logins per IP+username (default 10 per 15 minutes). */
  login: RateLimit;
  /** Ticket submissions per IP (default 10 per minute). */
  ticketCreate: RateLimit;
  /** Public survey requests (link checks and submits) per IP (default 20 per minute). */
  survey: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  login: { points: 10, durationSec: 15 * 60 },
  ticketCreate: { points: 10, durationSec: 60 },
  survey: { points: 20, durationSec: 60 },
};

export interface RateLimiters {
  login: RateLimiterMemory;
  ticketCreate: RateLimiterMemory;
  survey: RateLimiterMemory;
}

export function createRateLimiters(settings: RateLimitSettings): RateLimiters {
  const make = (l: RateLimit) => new RateLimiterMemory({ points: l.points, duration: l.durationSec });
  return { login: make(settings.login), ticketCreate: make(settings.ticketCreate), survey: make(settings.survey) };
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Takes one point for `key`.
 * @throws RateLimitedError (429, Retry-After) when the window is used up.
 */
export async function consumeOrThrow(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitedError(retryAfter(err));
    throw err;
  }
}

/**
 * Refuses with 429 when `key` has no points left, without taking one (used before checking a
 * password, so only failures are counted).
 */
export async function assertNotLimited(limiter: RateLimiterMemory, key: string): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0 && res.consumedPoints >= limiter.points) {
    throw new RateLimitedError(retryAfter(res));
  }
}

/** Middleware taking one point per request, keyed by `keyOf(ctx)` (e.g. the client IP). */
export function rateLimit(limiter: RateLimiterMemory, keyOf: (ctx: { ip: string }) => string) {
  return async (ctx: { ip: string }, next: () => Promise<unknown>) => {
    await consumeOrThrow(limiter, keyOf(ctx));
    await next();
  };
}
