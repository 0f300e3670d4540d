/**
 * The code rules of two-factor authentication (README "Two-factor authentication"):
 * - TOTP (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30-second steps, one step of clock drift
 *   either way. A code is accepted only for a time step later than the last accepted one, so the
 *   same code (or an older one) can never be used twice.
 * - Recovery codes: 10 random characters from a 31-letter alphabet (49 bits, no 0/O/1/I/L), shown
 *   as `XXXXX-XXXXX`; stored as the sha256 of the normalised code (uppercase, no dashes or spaces).
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Seconds of a TOTP time step. */
export const TOTP_PERIOD = 30;
/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6;
/** Steps of drift accepted either side of now. */
const TOTP_WINDOW = 1;

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD });

/** A new random TOTP secret (160 bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, account: string): string {
  const t = new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD });
  return t.toString();
}

/** The TOTP code of `secret` at `now` (tests, the e2e helper). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/** true when `code` looks like a TOTP code (6 digits, spaces ignored) rather than a recovery code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/**
 * The time step `code` belongs to when it is valid at `now` and later than `lastStep`; else null.
 */
export function matchTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `count` new recovery codes as shown to the user (`XXXXX-XXXXX`). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code (sha256 hex of the normalised code). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]+/g, '').toUpperCase()).digest('hex');
}
