import { z } from 'zod';
import { MSG } from '../messages';

/**
 * The one rule for every text field of every request schema: no NUL character and no
 * lone UTF-16 surrogate. PostgreSQL cannot store either (NUL in `text`/`jsonb`, an unpaired
 * `\ud800` in `jsonb`), so without this rule such input reached the database and answered 500.
 * With it, the request is a 400 `validation_failed` with MSG.textInvalid under the field.
 */

/** A surrogate that is not half of a pair (with the `u` flag a pair matches as one code point, not here). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** true when `value` holds no NUL character and no lone surrogate (what PostgreSQL text and jsonb accept). */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The issue the rule raises; `abort` keeps it the field's only message. */
export const SAFE_TEXT_ISSUE = { message: MSG.textInvalid, abort: true } as const;

/**
 * `z.string(params)` with the safe-text rule as its first check. Chain the field's own rules after
 * it, e.g. `safeText({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(200)`. For
 * string formats (`z.url()`, `z.email()`) add `.refine(isSafeText, SAFE_TEXT_ISSUE)` instead.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, SAFE_TEXT_ISSUE);
}
