/**
 * Device-side crypto of the offline vault (docs/vault.md "Customer Vault offline"). WebCrypto
 * (`crypto.subtle`) only: AES-256-GCM everywhere, PBKDF2 for the passphrase. No React, no DOM:
 * pure functions over CryptoKeys.
 *
 * - PASSPHRASE KEY: PBKDF2-HMAC-SHA256(passphrase, 16-byte random salt, 600,000 iterations)
 *   (OWASP's figure for PBKDF2-SHA256), derived by WebCrypto straight into a NON-EXTRACTABLE AES-256-GCM
 *   key that can only wrap and unwrap: the derived bytes never exist in JavaScript. Why not
 *   Argon2id: the app's Content-Security-Policy (`script-src 'self'`) does not allow compiling
 *   WebAssembly, and loosening it for every page to run hash-wasm would weaken the defence against
 *   the malicious-script case this feature's threat model cares most about.
 * - PRF KEY (optional, fingerprint): HKDF-SHA256 over a WebAuthn PRF output, also non-extractable.
 * - BUNDLE KEY: the device's random 256-bit key from the server (sent once). Stored only wrapped
 *   (AES-GCM `wrapKey`, AAD binds device id + which wrap); unwrapped as a NON-EXTRACTABLE
 *   decrypt-only key that lives in memory while the vault is unlocked.
 * - BUNDLE ITEM: base64url(nonce(12) | ciphertext | tag(16)) of one entry's secrets, AAD
 *   `vaultBundleAad(deviceId, entryId, version)`; any changed byte, another entry, device or version
 *   fails closed with {@link VaultCryptoError}.
 */
import { VAULT_BUNDLE_FORMAT, vaultBundleAad, type VaultBundleItem, type VaultBundlePayload } from '@portal/shared';

/** Passphrase KDF parameters (OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256, 600,000 iterations). */
export const KDF_PARAMS = { algorithm: 'pbkdf2-sha256', iterations: 600_000 } as const;
/** Stored with the device state, so a later version can raise the cost and still open older copies. */
export type KdfParams = { algorithm: 'pbkdf2-sha256'; iterations: number };

/** A wrapped key as stored: base64url nonce and ciphertext. */
export interface WrappedKey {
  iv: string;
  ct: string;
}

/** Decryption or unwrapping failed: wrong passphrase, tampered or moved data. Never says which. */
export class VaultCryptoError extends Error {
  constructor(message = 'The offline vault data could not be decrypted') {
    super(message);
    this.name = 'VaultCryptoError';
  }
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const subtle = () => globalThis.crypto.subtle;

/** base64url of bytes. */
export function toBase64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of a base64url text. @throws VaultCryptoError on bad input. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new VaultCryptoError();
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

/** `n` random bytes. */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

const KEK_USAGES: KeyUsage[] = ['wrapKey', 'unwrapKey'];

/** The passphrase key (see the module doc): non-extractable, wrap/unwrap only. */
export async function derivePassphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, params: KdfParams = KDF_PARAMS): Promise<CryptoKey> {
  if (params.algorithm !== 'pbkdf2-sha256' || params.iterations < KDF_PARAMS.iterations) throw new VaultCryptoError('Unsupported key derivation');
  const material = await subtle().importKey('raw', enc.encode(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: params.iterations }, material, { name: 'AES-GCM', length: 256 }, false, KEK_USAGES);
}

/** The fingerprint key from a WebAuthn PRF output (HKDF-SHA256, info names its use): non-extractable. */
export async function derivePrfKey(prfOutput: BufferSource, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const ikm = await subtle().importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: enc.encode('portal-vault-offline-prf-v1') }, ikm, { name: 'AES-GCM', length: 256 }, false, KEK_USAGES);
}

const wrapAad = (deviceId: string, by: 'passphrase' | 'prf') => enc.encode(`portal-vault-bundle-key|v${VAULT_BUNDLE_FORMAT}|${deviceId}|${by}`);

/**
 * Wraps the bundle key (raw bytes from the server) under `kek`. The raw bytes are imported as an
 * extractable key only for this call; the caller zeroes its copy afterwards.
 */
export async function wrapBundleKey(raw: Uint8Array<ArrayBuffer>, kek: CryptoKey, deviceId: string, by: 'passphrase' | 'prf'): Promise<WrappedKey> {
  const key = await subtle().importKey('raw', raw, { name: 'AES-GCM' }, true, ['decrypt']);
  const iv = randomBytes(12);
  const ct = await subtle().wrapKey('raw', key, kek, { name: 'AES-GCM', iv, additionalData: wrapAad(deviceId, by) });
  return { iv: toBase64url(iv), ct: toBase64url(new Uint8Array(ct)) };
}

/**
 * The bundle key, unwrapped as a NON-EXTRACTABLE decrypt-only key.
 * @throws VaultCryptoError (wrong passphrase or fingerprint key, tampered wrap).
 */
export async function unwrapBundleKey(wrapped: WrappedKey, kek: CryptoKey, deviceId: string, by: 'passphrase' | 'prf'): Promise<CryptoKey> {
  try {
    return await subtle().unwrapKey(
      'raw',
      fromBase64url(wrapped.ct),
      kek,
      { name: 'AES-GCM', iv: fromBase64url(wrapped.iv), additionalData: wrapAad(deviceId, by) },
      { name: 'AES-GCM' },
      false,
      ['decrypt'],
    );
  } catch {
    throw new VaultCryptoError();
  }
}

/**
 * One entry's secrets from its bundle item. @throws VaultCryptoError when any byte, the entry,
 * the device or the version does not check out, or the payload is not what it claims (fail closed).
 */
export async function openBundleItem(bundleKey: CryptoKey, deviceId: string, item: VaultBundleItem): Promise<VaultBundlePayload> {
  let payload: VaultBundlePayload;
  try {
    const blob = fromBase64url(item.blob);
    if (blob.length < 28) throw new VaultCryptoError();
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: blob.subarray(0, 12), additionalData: enc.encode(vaultBundleAad(deviceId, item.entryId, item.version)) },
      bundleKey,
      blob.subarray(12),
    );
    payload = JSON.parse(dec.decode(plain)) as VaultBundlePayload;
  } catch {
    throw new VaultCryptoError();
  }
  if (payload.format !== VAULT_BUNDLE_FORMAT || payload.entryId !== item.entryId || payload.version !== item.version || !Array.isArray(payload.secrets)) {
    throw new VaultCryptoError();
  }
  return payload;
}
