import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  createPublicTokenKey,
  hashPublicToken,
  isLinkLive,
  isPublicTokenShape,
  newTokenNonce,
  tokenMatchesHash,
} from './public-tokens';

describe('public tokens (DESIGN.md 7)', () => {
  const key = createPublicTokenKey({ secret: randomBytes(32), dataDir: '/nonexistent', fileName: 'unused.key' });

  it('derives 256-bit tokens from 128-bit random nonces, apart per purpose and per secret', () => {
    const nonce = newTokenNonce();
    expect(Buffer.from(nonce, 'base64url')).toHaveLength(16);
    expect(newTokenNonce()).not.toBe(nonce);
    const token = key.token('ticket-status', nonce);
    expect(isPublicTokenShape(token)).toBe(true);
    expect(key.token('ticket-status', nonce)).toBe(token);
    expect(key.token('survey', nonce)).not.toBe(token);
    const other = createPublicTokenKey({ secret: randomBytes(32), dataDir: '/nonexistent', fileName: 'unused.key' });
    expect(other.token('ticket-status', nonce)).not.toBe(token);
  });

  it('compares against the stored sha256 only', () => {
    const token = key.token('ticket-status', newTokenNonce());
    expect(tokenMatchesHash(token, hashPublicToken(token))).toBe(true);
    expect(tokenMatchesHash(token, hashPublicToken(`${token.slice(0, 42)}A`))).toBe(token.endsWith('A'));
    expect(tokenMatchesHash(token, 'abcd')).toBe(false);
    expect(isPublicTokenShape('TKT-000001')).toBe(false);
  });

  it('is live until its expiry and never once revoked', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isLinkLive({ expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isLinkLive({ expiresAt: now }, now)).toBe(false);
    expect(isLinkLive({ expiresAt: new Date(now.getTime() + 1), revokedAt: now }, now)).toBe(false);
  });

  it('generates its secret file once, private to the service user', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-tokens-'));
    const a = createPublicTokenKey({ secret: undefined, dataDir: dir, fileName: 'public-link.key' });
    const b = createPublicTokenKey({ secret: undefined, dataDir: dir, fileName: 'public-link.key' });
    expect(a.token('p', 'n')).toBe(b.token('p', 'n'));
    expect(fs.statSync(path.join(dir, 'public-link.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
