/**
 * Crypto of the offline vault, server side. Node's AES-256-GCM with a fresh random 96-bit
 * nonce and a 128-bit tag, like the vault itself (features/vault/crypto.ts):
 *
 * - The BUNDLE KEY of a device: 32 random bytes, stored encrypted under the vault keyring as
 *   `v1:<keyId>:<base64url(nonce | ciphertext | tag)>` with AAD `v1|<keyId>|vault_device|<deviceId>`
 *   (a key copied to another device row fails closed).
 * - A BUNDLE ITEM: one entry's secrets as JSON (shared VaultBundlePayload) encrypted under the
 *   bundle key with AAD `vaultBundleAad(deviceId, entryId, version)`; the device decrypts it with
 *   WebCrypto (pwa/src/features/vault/offline/crypto.ts), same layout.
 * Errors: {@link BundleKeyError} when a stored bundle key does not decrypt (never its bytes).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { vaultBundleAad, type VaultBundlePayload } from '@portal/shared';
import type { VaultKeyring } from '../../lib/vault-keys';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes of a bundle key (AES-256). */
export const BUNDLE_KEY_BYTES = 32;
const STORED = /^v1:([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/;

/** A stored bundle key failed to decrypt (tampered, moved, or its vault key is gone). */
export class BundleKeyError extends Error {
  constructor(readonly deviceId: string) {
    super('device bundle key failed its integrity check');
    this.name = 'BundleKeyError';
  }
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

function open(key: Buffer, blob: Buffer, aad: Buffer): Buffer {
  if (blob.length < NONCE_BYTES + TAG_BYTES) throw new Error('too short');
  const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
  return Buffer.concat([decipher.update(blob.subarray(NONCE_BYTES, blob.length - TAG_BYTES)), decipher.final()]);
}

const keyAad = (keyId: string, deviceId: string) => Buffer.from(`v1|${keyId}|vault_device|${deviceId}`, 'utf8');

/** A fresh random bundle key. */
export function newBundleKey(): Buffer {
  return randomBytes(BUNDLE_KEY_BYTES);
}

/** The bundle key of `deviceId` encrypted under the keyring's current key (stored form). */
export function sealBundleKey(keys: VaultKeyring, deviceId: string, bundleKey: Buffer): string {
  const k = keys.current();
  return `v1:${k.id}:${seal(k.key, bundleKey, keyAad(k.id, deviceId)).toString('base64url')}`;
}

/** The bundle key of `deviceId` from its stored form. @throws BundleKeyError. */
export function openBundleKey(keys: VaultKeyring, deviceId: string, stored: string): Buffer {
  const m = STORED.exec(stored);
  const k = m ? keys.get(m[1]!) : undefined;
  if (!m || !k) throw new BundleKeyError(deviceId);
  try {
    const key = open(k.key, Buffer.from(m[2]!, 'base64url'), keyAad(k.id, deviceId));
    if (key.length !== BUNDLE_KEY_BYTES) throw new Error('length');
    return key;
  } catch {
    throw new BundleKeyError(deviceId);
  }
}

/** One entry's payload encrypted for a device: base64url(nonce | ciphertext | tag). */
export function sealBundleItem(bundleKey: Buffer, deviceId: string, payload: VaultBundlePayload): string {
  const aad = Buffer.from(vaultBundleAad(deviceId, payload.entryId, payload.version), 'utf8');
  return seal(bundleKey, Buffer.from(JSON.stringify(payload), 'utf8'), aad).toString('base64url');
}

/** Inverse of {@link sealBundleItem} (tests; the device does this with WebCrypto). @throws on any mismatch. */
export function openBundleItem(bundleKey: Buffer, deviceId: string, entryId: string, version: number, blob: string): VaultBundlePayload {
  const aad = Buffer.from(vaultBundleAad(deviceId, entryId, version), 'utf8');
  return JSON.parse(open(bundleKey, Buffer.from(blob, 'base64url'), aad).toString('utf8')) as VaultBundlePayload;
}
