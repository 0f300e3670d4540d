/**
 * Public tokens (DESIGN.md 7 "Public tokens"): the ONE way links for people without an account
 * (ticket status links; survey links can switch to it, see docs/status-links.md) are made and
 * checked.
 *
 * - A link has a random 128-bit `nonce` (stored) and a token `T = base64url(HMAC-SHA256(secret,
 *   purpose + ":v1:" + nonce))`: 256 bits, 43 characters. T itself is stored nowhere: the database
 *   keeps the nonce and `sha256(T)` (for the lookup). A dump of the database yields no working link
 *   without the secret, and the secret never enters the database. T can be derived again from the
 *   nonce whenever a message carrying the link is rendered, so outbox rows hold only the nonce.
 * - Checking: a token of the wrong shape is refused without a query; otherwise the row is found by
 *   `sha256(T)` and the hashes are compared in constant time (`timingSafeEqual`), then the link's
 *   expiry and revocation are checked ({@link isLinkLive}).
 * - Revoking deletes or marks the row; rotating gives it a new nonce (the old token no longer
 *   hashes to anything stored).
 *
 * The secret is given (e.g. PUBLIC_LINK_SECRET) or a random 32-byte key generated once into a file
 * of DATA_DIR (mode 0600); several API processes must share it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Name of the generated public link secret in DATA_DIR (when PUBLIC_LINK_SECRET is unset). */
export const PUBLIC_LINK_KEY_FILE = 'public-link.key';

/** Shape of every public token: 43 base64url characters (256 bits). */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Derives tokens from nonces under one secret. */
export interface PublicTokenKey {
  /** The token of `nonce` for `purpose` (e.g. 'ticket-status'); different purposes never share tokens. */
  token(purpose: string, nonce: string): string;
}

/** A new random nonce: 128 bits, base64url (22 characters). */
export function newTokenNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** sha256 hex of a token: what link tables store and lookups compare. */
export function hashPublicToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when `token` has the shape of a public token (checked before any query). */
export function isPublicTokenShape(token: string): boolean {
  return PUBLIC_TOKEN_PATTERN.test(token);
}

/** Compares a token with a stored sha256 hex in constant time. False for a stored value of another length. */
export function tokenMatchesHash(token: string, storedHex: string): boolean {
  const a = Buffer.from(hashPublicToken(token), 'hex');
  const b = Buffer.from(storedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True while a link may be used: not revoked and `now` before its expiry. */
export function isLinkLive(link: { expiresAt: Date; revokedAt?: Date | null }, now: Date): boolean {
  return !link.revokedAt && now.getTime() < link.expiresAt.getTime();
}

/**
 * Reads a secret file of `dataDir`, creating it (32 random bytes, base64, mode 0600) on first use.
 * Two processes starting together agree: the file is created exclusively, and the loser reads the
 * winner's key.
 * @throws when the file holds fewer than 32 bytes.
 */
export function loadOrCreateSecretFile(dataDir: string, fileName: string): Buffer {
  const file = path.join(dataDir, fileName);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} must hold at least 32 bytes of base64`);
  return key;
}

/**
 * The token key of one app instance: `secret` wins; otherwise `DATA_DIR/<fileName>` is read (or
 * created) on first use, so an app that never derives a token writes nothing.
 */
export function createPublicTokenKey(opts: { secret: Buffer | undefined; dataDir: string; fileName: string }): PublicTokenKey {
  let secret = opts.secret;
  return {
    token(purpose, nonce) {
      secret ??= loadOrCreateSecretFile(opts.dataDir, opts.fileName);
      return createHmac('sha256', secret).update(`${purpose}:v1:${nonce}`, 'utf8').digest('base64url');
    },
  };
}
