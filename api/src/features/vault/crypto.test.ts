/**
 * Vault crypto and keyring unit tests: AES-256-GCM round trip, fail-closed on every kind of change,
 * the key file (created once, mode 0600, reloaded when rewritten) and VAULT_KEY configuration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { VaultIntegrityError, decryptSecret, encryptSecret, isCurrentFormat, reencryptSecret, storedKeyId, type SecretSlot } from './crypto';
import {
  KEY_FILE_NAME,
  KeyFileError,
  createKeyFileOnce,
  fileKeyring,
  loadVaultKeyring,
  readKeyFile,
  replaceKeyFile,
  serializeKeyFile,
  staticKeyring,
  vaultKey,
} from '../../lib/vault-keys';

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const ring = staticKeyring([k1]);
const slot: SecretSlot = { entryId: '3f1d7a52-9d6e-4a53-8a35-0b8f3f4a1c11', field: 'wifiPassword', version: 1 };

function failure(fn: () => unknown): VaultIntegrityError['reason'] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(VaultIntegrityError);
    return (err as VaultIntegrityError).reason;
  }
  throw new Error('expected a VaultIntegrityError');
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips a one-character value', () => expect(decryptSecret(ring, slot, encryptSecret(ring, slot, 'x'))).toBe('x'));

  it('round-trips any text, with a key id prefix and a fresh nonce each time', () => {
    for (const text of ['pässwörd 🔑', ' leading and trailing ', 'a'.repeat(1000)]) {
      const stored = encryptSecret(ring, slot, text);
      expect(stored).toMatch(/^v2:[A-Za-z0-9_-]{12}:1:[A-Za-z0-9_-]+$/);
      expect(storedKeyId(stored)).toBe(ring.current().id);
      expect(stored).not.toContain(text);
      expect(decryptSecret(ring, slot, stored)).toBe(text);
    }
    expect(encryptSecret(ring, slot, 'same')).not.toBe(encryptSecret(ring, slot, 'same'));
  });

  it('fails closed when ANY byte of nonce, ciphertext or tag changes', () => {
    const stored = encryptSecret(ring, slot, 'hunter2');
    const [v, id, version, b64] = stored.split(':') as [string, string, string, string];
    const blob = Buffer.from(b64, 'base64url');
    for (let i = 0; i < blob.length; i += 1) {
      const copy = Buffer.from(blob);
      copy[i]! ^= 0x80;
      expect(failure(() => decryptSecret(ring, slot, `${v}:${id}:${version}:${copy.toString('base64url')}`))).toBe('auth_failed');
    }
  });

  it('fails closed when moved to another entry, field or endpoint (associated data)', () => {
    const stored = encryptSecret(ring, slot, 'hunter2');
    expect(failure(() => decryptSecret(ring, { ...slot, entryId: '00000000-0000-4000-8000-000000000000' }, stored))).toBe('auth_failed');
    expect(failure(() => decryptSecret(ring, { ...slot, field: 'routerPassword' }, stored))).toBe('auth_failed');
    const ep: SecretSlot = { entryId: slot.entryId, field: 'endpointPassword', endpointId: 'a', version: 1 };
    expect(failure(() => decryptSecret(ring, { ...ep, endpointId: 'b' }, encryptSecret(ring, ep, 'x')))).toBe('auth_failed');
  });

  it('is bound to the entry version: an older value put back is a rollback, an edited version prefix is not authentic', () => {
    const v1 = encryptSecret(ring, slot, 'old-value');
    expect(failure(() => decryptSecret(ring, { ...slot, version: 2 }, v1))).toBe('rollback');
    expect(failure(() => decryptSecret(ring, { ...slot, version: 2 }, v1.replace(/^v2:([^:]+):1:/, 'v2:$1:2:')))).toBe('auth_failed');
    const moved = reencryptSecret(ring, slot, v1, 2);
    expect(moved).toMatch(/^v2:[A-Za-z0-9_-]{12}:2:/);
    expect(decryptSecret(ring, { ...slot, version: 2 }, moved)).toBe('old-value');
    expect(failure(() => decryptSecret(ring, slot, moved))).toBe('rollback');
    expect(failure(() => decryptSecret(ring, slot, 'v2:AAAAAAAAAAAA:0:AAAA'))).toBe('format');
  });

  it('reads the v1 form (no version bound) at any version and rewrites it as v2', () => {
    const key = ring.current();
    const legacy = (s: SecretSlot, text: string) => {
      const nonce = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key.key, nonce);
      c.setAAD(Buffer.from(`v1|${key.id}|customer_vault|${s.entryId}|${s.field}`));
      return `v1:${key.id}:${Buffer.concat([nonce, c.update(text, 'utf8'), c.final(), c.getAuthTag()]).toString('base64url')}`;
    };
    const stored = legacy(slot, 'from-before');
    expect(decryptSecret(ring, { ...slot, version: 7 }, stored)).toBe('from-before');
    expect(failure(() => decryptSecret(ring, { ...slot, field: 'routerPassword' }, stored))).toBe('auth_failed');
    expect(isCurrentFormat(stored, key.id)).toBe(false);
    const upgraded = reencryptSecret(ring, { ...slot, version: 7 }, stored);
    expect(upgraded).toMatch(/^v2:[A-Za-z0-9_-]{12}:7:/);
    expect(isCurrentFormat(upgraded, key.id)).toBe(true);
    expect(decryptSecret(ring, { ...slot, version: 7 }, upgraded)).toBe('from-before');
  });

  it('fails closed on a swapped key id, an unknown key, a truncated or foreign value', () => {
    const both = staticKeyring([k1, k2]);
    const stored = encryptSecret(both, slot, 'hunter2');
    const otherId = vaultKey(k2).id;
    expect(failure(() => decryptSecret(both, slot, stored.replace(`:${both.current().id}:`, `:${otherId}:`)))).toBe('auth_failed');
    expect(failure(() => decryptSecret(staticKeyring([k2]), slot, stored))).toBe('unknown_key');
    expect(failure(() => decryptSecret(ring, slot, 'hunter2'))).toBe('format');
    expect(failure(() => decryptSecret(ring, slot, `v1:${ring.current().id}:AAAA`))).toBe('format');
    expect(['format', 'auth_failed']).toContain(failure(() => decryptSecret(ring, slot, stored.slice(0, -4))));
    expect(['format', 'auth_failed']).toContain(failure(() => decryptSecret(ring, slot, stored.slice(0, -1))));
  });

  it('the error carries where, never what', () => {
    const err = (() => {
      try {
        decryptSecret(staticKeyring([k2]), slot, encryptSecret(ring, slot, 'hunter2'));
      } catch (e) {
        return e as VaultIntegrityError;
      }
    })()!;
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('hunter2');
    expect(err.slot).toEqual(slot);
  });

  it('reencryptSecret moves a value to the current key and leaves current ones alone', () => {
    const old = encryptSecret(ring, slot, 'hunter2');
    const both = staticKeyring([k2, k1]);
    const moved = reencryptSecret(both, slot, old);
    expect(storedKeyId(moved)).toBe(vaultKey(k2).id);
    expect(decryptSecret(both, slot, moved)).toBe('hunter2');
    expect(reencryptSecret(both, slot, moved)).toBe(moved);
  });
});

describe('the key file', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-keys-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is created once with mode 0600 and reused', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const a = loadVaultKeyring({ dataDir, vaultKey: undefined, vaultPreviousKeys: [] });
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const b = loadVaultKeyring({ dataDir, vaultKey: undefined, vaultPreviousKeys: [] });
    expect(b.current().id).toBe(a.current().id);
    expect(a.source).toBe('file');
    const value = encryptSecret(a, slot, 'x');
    expect(decryptSecret(b, slot, value)).toBe('x');
  });

  it('creation is atomic: a second creator keeps the first key', () => {
    const file = path.join(tempDir(), KEY_FILE_NAME);
    expect(createKeyFileOnce(file, serializeKeyFile(vaultKey(k1), [], new Date()))).toBe(true);
    expect(createKeyFileOnce(file, serializeKeyFile(vaultKey(k2), [], new Date()))).toBe(false);
    expect(readKeyFile(file)!.current.id).toBe(vaultKey(k1).id);
    expect(fs.readdirSync(path.dirname(file))).toEqual([KEY_FILE_NAME]);
  });

  it('a running keyring picks up a rewritten file (rotation by another process)', () => {
    const file = path.join(tempDir(), KEY_FILE_NAME);
    createKeyFileOnce(file, serializeKeyFile(vaultKey(k1), [], new Date()));
    const live = fileKeyring(file);
    const before = encryptSecret(live, slot, 'x');
    replaceKeyFile(file, serializeKeyFile(vaultKey(k2), [vaultKey(k1)], new Date()));
    expect(live.current().id).toBe(vaultKey(k2).id);
    expect(storedKeyId(encryptSecret(live, slot, 'y'))).toBe(vaultKey(k2).id);
    expect(decryptSecret(live, slot, before)).toBe('x');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a broken file and warns about loose permissions', () => {
    const file = path.join(tempDir(), KEY_FILE_NAME);
    const text = serializeKeyFile(vaultKey(k1), [], new Date()).replace(vaultKey(k1).id, 'AAAAAAAAAAAA');
    fs.writeFileSync(file, text, { mode: 0o600 });
    expect(() => fileKeyring(file)).toThrow(KeyFileError);
    fs.writeFileSync(file, 'not json');
    expect(() => fileKeyring(file)).toThrow(/not valid JSON/);
    fs.writeFileSync(file, serializeKeyFile(vaultKey(k1), [], new Date()));
    fs.chmodSync(file, 0o644);
    const warnings: string[] = [];
    fileKeyring(file, undefined, (m) => warnings.push(m));
    expect(warnings[0]).toMatch(/chmod 600/);
  });

  it('VAULT_KEY wins, writes no file, and older keys (previous + an old key file) still decrypt', () => {
    const dataDir = tempDir();
    const fileRing = loadVaultKeyring({ dataDir, vaultKey: undefined, vaultPreviousKeys: [] });
    const fromFile = encryptSecret(fileRing, slot, 'from-file');
    const fromPrevious = encryptSecret(staticKeyring([k2]), slot, 'from-previous');
    const envRing = loadVaultKeyring({ dataDir, vaultKey: k1, vaultPreviousKeys: [k2] });
    expect(envRing.source).toBe('env');
    expect(envRing.current().id).toBe(vaultKey(k1).id);
    expect(decryptSecret(envRing, slot, fromFile)).toBe('from-file');
    expect(decryptSecret(envRing, slot, fromPrevious)).toBe('from-previous');
    const other = tempDir();
    loadVaultKeyring({ dataDir: other, vaultKey: k1, vaultPreviousKeys: [] });
    expect(fs.readdirSync(other)).toEqual([]);
  });
});

describe('VAULT_KEY configuration', () => {
  it('accepts base64 and base64url 32-byte keys', () => {
    expect(loadConfig({ VAULT_KEY: k1.toString('base64') }).vaultKey).toEqual(k1);
    expect(loadConfig({ VAULT_KEY: k1.toString('base64url') }).vaultKey).toEqual(k1);
    expect(loadConfig({ VAULT_PREVIOUS_KEYS: `${k1.toString('base64')},${k2.toString('base64')}` }).vaultPreviousKeys).toEqual([k1, k2]);
    expect(loadConfig({}).vaultKey).toBeUndefined();
  });

  it('refuses a wrong length without printing the value', () => {
    const bad = randomBytes(16).toString('base64');
    let error: unknown;
    try {
      loadConfig({ VAULT_KEY: bad, VAULT_PREVIOUS_KEYS: 'nope' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['VAULT_KEY', 'VAULT_PREVIOUS_KEYS']);
    expect((error as ConfigError).message).not.toContain(bad);
  });
});
