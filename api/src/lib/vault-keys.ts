/**
 * The vault keyring (DESIGN.md 4a, 7): which 256-bit key encrypts new secrets (`current`) and which
 * older keys may still decrypt stored ones (during a rotation).
 *
 * Where keys come from:
 * - `VAULT_KEY` set (base64, 32 bytes): that key is current; `VAULT_PREVIOUS_KEYS` (comma-separated)
 *   and any keys of an existing key file decrypt only. Nothing is written to disk.
 * - otherwise the key file `DATA_DIR/vault-keys.json` (mode 0600), created ONCE on first start
 *   with a random key. It is a keyring: `{ format: 1, current, keys: [{ id, key, createdAt }] }`.
 *   During a rotation it holds the new current key and the old ones until every secret is
 *   re-encrypted (rotation.ts); then only the current key remains.
 *
 * A key's id is derived from the key (first 72 bits of SHA-256 over a label and the key, base64url),
 * so an id can never point at the wrong key and reveals nothing about it. The file keyring notices a
 * rewritten file (rotation by another process) and reloads it, so running API processes pick up a
 * new current key without a restart.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** One key of the keyring. */
export interface VaultKey {
  id: string;
  key: Buffer;
}

/** What the crypto module needs: the key for new values and lookup by id. */
export interface VaultKeyring {
  /** The key new secrets are encrypted with. */
  current(): VaultKey;
  /** A key by id (current or older), or undefined. */
  get(id: string): VaultKey | undefined;
  /** Every key id, current first. */
  ids(): string[];
  /** `env` (VAULT_KEY) or `file` (the key file). */
  readonly source: 'env' | 'file';
}

/** The key file format. */
export interface KeyFile {
  format: 1;
  current: string;
  keys: { id: string; key: string; createdAt: string }[];
}

/** Name of the key file inside DATA_DIR. */
export const KEY_FILE_NAME = 'vault-keys.json';
/** Bytes of an AES-256 key. */
export const VAULT_KEY_BYTES = 32;

/** The id of a key (derived, see the module doc). */
export function vaultKeyId(key: Buffer): string {
  return createHash('sha256').update('portal-vault-key-id\0').update(key).digest().subarray(0, 9).toString('base64url');
}

/** A key object from raw bytes. */
export function vaultKey(key: Buffer): VaultKey {
  if (key.length !== VAULT_KEY_BYTES) throw new Error(`a vault key must be ${VAULT_KEY_BYTES} bytes`);
  return { id: vaultKeyId(key), key };
}

/** Decodes a base64 or base64url key; null unless it is exactly 32 bytes. */
export function decodeVaultKey(text: string): Buffer | null {
  const v = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) return null;
  const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === VAULT_KEY_BYTES ? bytes : null;
}

/** A fixed keyring: `keys[0]` is current (tests, env keys). */
export function staticKeyring(keys: Buffer[], source: 'env' | 'file' = 'env'): VaultKeyring {
  const list = dedupe(keys.map(vaultKey));
  if (list.length === 0) throw new Error('a keyring needs at least one key');
  const byId = new Map(list.map((k) => [k.id, k]));
  return { source, current: () => list[0]!, get: (id) => byId.get(id), ids: () => list.map((k) => k.id) };
}

function dedupe(keys: VaultKey[]): VaultKey[] {
  const seen = new Set<string>();
  return keys.filter((k) => !seen.has(k.id) && seen.add(k.id));
}

/** Thrown when the key file is unreadable or inconsistent (the process must not start). */
export class KeyFileError extends Error {
  constructor(file: string, problem: string) {
    super(`Vault key file ${file}: ${problem}`);
    this.name = 'KeyFileError';
  }
}

/** Parses and checks a key file's text: ids must match their keys and `current` must exist. */
export function parseKeyFile(file: string, text: string): { current: VaultKey; keys: VaultKey[] } {
  let data: KeyFile;
  try {
    data = JSON.parse(text) as KeyFile;
  } catch {
    throw new KeyFileError(file, 'is not valid JSON');
  }
  if (data?.format !== 1 || !Array.isArray(data.keys) || typeof data.current !== 'string') throw new KeyFileError(file, 'has an unknown format');
  const keys = data.keys.map((k) => {
    const bytes = typeof k?.key === 'string' ? decodeVaultKey(k.key) : null;
    if (!bytes) throw new KeyFileError(file, `key ${String(k?.id)} is not a base64 32-byte key`);
    const key = vaultKey(bytes);
    if (key.id !== k.id) throw new KeyFileError(file, `key ${String(k.id)} does not match its id`);
    return key;
  });
  const current = keys.find((k) => k.id === data.current);
  if (!current) throw new KeyFileError(file, `current key ${data.current} is missing`);
  return { current, keys: [current, ...keys.filter((k) => k !== current)] };
}

/** Serialises a keyring for the key file (current first). */
export function serializeKeyFile(current: VaultKey, others: VaultKey[], now: Date, createdAt: Map<string, string> = new Map()): string {
  const keys = dedupe([current, ...others]).map((k) => ({ id: k.id, key: k.key.toString('base64'), createdAt: createdAt.get(k.id) ?? now.toISOString() }));
  return `${JSON.stringify({ format: 1, current: current.id, keys } satisfies KeyFile, null, 2)}\n`;
}

/** The `createdAt` of each key in a key file's text (kept across rewrites). */
export function keyCreatedAt(text: string): Map<string, string> {
  try {
    const data = JSON.parse(text) as KeyFile;
    return new Map(data.keys.map((k) => [k.id, k.createdAt]));
  } catch {
    return new Map();
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}

function writeTemp(file: string, text: string): string {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return tmp;
}

/**
 * Creates the key file with `text` only if it does not exist (atomic: written to a temp file, then
 * hard-linked into place, so two processes starting together agree on one key).
 * @returns true when this call created it.
 */
export function createKeyFileOnce(file: string, text: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = writeTemp(file, text);
  try {
    fs.linkSync(tmp, file);
    fsyncDir(path.dirname(file));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Replaces the key file atomically (temp file, fsync, rename), keeping mode 0600. */
export function replaceKeyFile(file: string, text: string): void {
  const tmp = writeTemp(file, text);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(path.dirname(file));
}

/** Path of the key file of a configuration. */
export function keyFilePath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, KEY_FILE_NAME);
}

/** Reads the key file if it exists (keys current first), else null. */
export function readKeyFile(file: string): { current: VaultKey; keys: VaultKey[]; text: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeyFileError(file, `cannot be read (${(err as Error).message})`);
  }
  return { ...parseKeyFile(file, text), text };
}

/**
 * A keyring over the key file that reloads the file when it changes on disk (another process
 * rotated the key). Creates the file with a fresh random key when it does not exist.
 * @param onWarning called with a message when the file is readable by group or others.
 */
export function fileKeyring(file: string, now: () => Date = () => new Date(), onWarning?: (message: string) => void): VaultKeyring {
  if (!fs.existsSync(file)) createKeyFileOnce(file, serializeKeyFile(vaultKey(randomBytes(VAULT_KEY_BYTES)), [], now()));
  let stamp = '';
  let state: { current: VaultKey; byId: Map<string, VaultKey>; ids: string[] } | null = null;
  const load = () => {
    const st = fs.statSync(file);
    const next = `${st.ino}:${st.size}:${st.mtimeMs}`;
    if (state && next === stamp) return state;
    if ((st.mode & 0o077) !== 0) onWarning?.(`vault key file ${file} is readable by other users; run chmod 600 on it`);
    const parsed = readKeyFile(file);
    if (!parsed) throw new KeyFileError(file, 'disappeared');
    stamp = next;
    state = { current: parsed.current, byId: new Map(parsed.keys.map((k) => [k.id, k])), ids: parsed.keys.map((k) => k.id) };
    return state;
  };
  load();
  return {
    source: 'file',
    current: () => load().current,
    get: (id) => load().byId.get(id),
    ids: () => load().ids,
  };
}

/** Keys a configuration provides through the environment (VAULT_KEY, VAULT_PREVIOUS_KEYS). */
export interface VaultKeyConfig {
  dataDir: string;
  vaultKey: Buffer | undefined;
  vaultPreviousKeys: Buffer[];
}

/**
 * The keyring of a configuration (see the module doc): VAULT_KEY (+ previous keys + any key file's
 * keys, decrypt only) or the key file, created on first use.
 * @throws KeyFileError when the key file is broken.
 */
export function loadVaultKeyring(config: VaultKeyConfig, onWarning?: (message: string) => void): VaultKeyring {
  const file = keyFilePath(config);
  if (config.vaultKey) {
    const fromFile = readKeyFile(file)?.keys.map((k) => k.key) ?? [];
    return staticKeyring([config.vaultKey, ...config.vaultPreviousKeys, ...fromFile], 'env');
  }
  return fileKeyring(file, undefined, onWarning);
}
