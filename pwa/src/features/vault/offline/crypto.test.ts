/**
 * The offline vault's device crypto ("Done when"): the passphrase key unwraps the bundle
 * key and a wrong passphrase fails; a tampered, moved or replayed bundle item fails closed; neither
 * the passphrase key nor the unwrapped bundle key can be exported. Real KDF parameters.
 */
import { describe, expect, it } from 'vitest';
import { VAULT_BUNDLE_FORMAT, type VaultBundleItem, type VaultBundlePayload } from '@portal/shared';
import { KDF_PARAMS, VaultCryptoError, derivePassphraseKey, derivePrfKey, fromBase64url, openBundleItem, randomBytes, toBase64url, unwrapBundleKey, wrapBundleKey } from './crypto';
import { sealBundleItem } from './seal.testkit';

const DEVICE = '0b6c7f0e-5d53-4a43-9d7e-0d3a3c8f4a11';
const ENTRY = '7d1f0a52-2b9e-4d8b-a1c2-3e4f5a6b7c8d';

const seal = (key: Uint8Array, payload: VaultBundlePayload): VaultBundleItem => sealBundleItem(key, DEVICE, payload);

const payload: VaultBundlePayload = { format: VAULT_BUNDLE_FORMAT, entryId: ENTRY, version: 3, wifiSsid: 'Cellar', secrets: [{ field: 'wifiPassword', endpointId: null, value: 'cellar-wifi-S3cret' }] };

describe('offline vault crypto', () => {
  it('uses OWASP parameters (PBKDF2-HMAC-SHA256, 600,000 iterations) and refuses weaker stored ones', async () => {
    expect(KDF_PARAMS).toEqual({ algorithm: 'pbkdf2-sha256', iterations: 600_000 });
    await expect(derivePassphraseKey('correct horse battery staple', randomBytes(16), { algorithm: 'pbkdf2-sha256', iterations: 1_000 })).rejects.toBeInstanceOf(VaultCryptoError);
  });

  it('the passphrase unwraps the bundle key; a wrong passphrase fails; no key can be exported', async () => {
    const salt = randomBytes(16);
    const raw = randomBytes(32);
    const kek = await derivePassphraseKey('correct horse battery staple', salt);
    expect(kek.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', kek)).rejects.toThrow();
    const wrapped = await wrapBundleKey(raw, kek, DEVICE, 'passphrase');
    expect(wrapped.ct).not.toContain(toBase64url(raw));

    const key = await unwrapBundleKey(wrapped, kek, DEVICE, 'passphrase');
    expect(key.extractable).toBe(false);
    expect(key.usages).toEqual(['decrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
    expect((await openBundleItem(key, DEVICE, seal(raw, payload))).secrets[0]!.value).toBe('cellar-wifi-S3cret');

    const wrong = await derivePassphraseKey('correct horse battery stapler', salt);
    await expect(unwrapBundleKey(wrapped, wrong, DEVICE, 'passphrase')).rejects.toBeInstanceOf(VaultCryptoError);
    // The wrap is bound to its device and to the kind of key.
    await expect(unwrapBundleKey(wrapped, kek, ENTRY, 'passphrase')).rejects.toBeInstanceOf(VaultCryptoError);
    await expect(unwrapBundleKey(wrapped, kek, DEVICE, 'prf')).rejects.toBeInstanceOf(VaultCryptoError);
  }, 60_000);

  it('tampered, moved or replayed bundle items fail closed', async () => {
    const raw = randomBytes(32);
    const kek = await derivePrfKey(randomBytes(32), randomBytes(16));
    expect(kek.extractable).toBe(false);
    const key = await unwrapBundleKey(await wrapBundleKey(raw, kek, DEVICE, 'prf'), kek, DEVICE, 'prf');
    const item = seal(raw, payload);
    for (const i of [0, 13, 40, fromBase64url(item.blob).length - 1]) {
      const bytes = fromBase64url(item.blob);
      bytes[i] = bytes[i]! ^ 0x01;
      await expect(openBundleItem(key, DEVICE, { ...item, blob: toBase64url(bytes) })).rejects.toBeInstanceOf(VaultCryptoError);
    }
    await expect(openBundleItem(key, DEVICE, { ...item, blob: item.blob.slice(0, 20) })).rejects.toBeInstanceOf(VaultCryptoError);
    await expect(openBundleItem(key, DEVICE, { ...item, blob: 'not base64!' })).rejects.toBeInstanceOf(VaultCryptoError);
    await expect(openBundleItem(key, DEVICE, { ...item, version: 4 })).rejects.toBeInstanceOf(VaultCryptoError);
    await expect(openBundleItem(key, DEVICE, { ...item, entryId: DEVICE })).rejects.toBeInstanceOf(VaultCryptoError);
    await expect(openBundleItem(key, ENTRY, item)).rejects.toBeInstanceOf(VaultCryptoError);
    // A payload claiming another entry inside a valid seal is refused too.
    const forged = seal(raw, { ...payload, entryId: DEVICE, version: 3 });
    await expect(openBundleItem(key, DEVICE, { ...forged, entryId: ENTRY })).rejects.toBeInstanceOf(VaultCryptoError);
  });
});
