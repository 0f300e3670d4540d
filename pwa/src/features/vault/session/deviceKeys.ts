/**
 * Key handling of the offline vault (no state, no storage, no network): wrapping the server's bundle
 * key for this device under the passphrase key and, optionally, a fingerprint (PRF) key; unwrapping
 * it again as a NON-EXTRACTABLE CryptoKey; opening one entry's sealed secrets. Built on
 * offline/crypto (PBKDF2/AES-GCM, docs/vault.md "Customer Vault offline").
 */
import type { VaultBundleDetails, VaultBundleItem, VaultRevealField } from '@portal/shared';
import { KDF_PARAMS, derivePassphraseKey, derivePrfKey, fromBase64url, openBundleItem, randomBytes, toBase64url, unwrapBundleKey, wrapBundleKey } from '../offline/crypto';
import type { OfflineVaultDevice } from '../offline';
import { prfOutput, type PasskeyUser } from './passkey';

/** The key fields of a device record. */
export type DeviceKeys = Pick<OfflineVaultDevice, 'kdf' | 'passphrase' | 'prf'>;

/**
 * Wraps the raw bundle key `raw` of device `deviceId` under `passphrase` (new random salt) and, when
 * `fingerprint`, under a new passkey's PRF key. Does not zero `raw` (the caller owns it).
 * @returns the device's key fields and the unwrapped (non-extractable) key to unlock with at once.
 * @throws when the passkey is refused or unsupported.
 */
export async function wrapDeviceKeys(
  raw: Uint8Array<ArrayBuffer>,
  deviceId: string,
  input: { passphrase: string; fingerprint: boolean; user: PasskeyUser },
): Promise<{ keys: DeviceKeys; key: CryptoKey }> {
  const salt = randomBytes(16);
  const kek = await derivePassphraseKey(input.passphrase, salt);
  const passphrase = await wrapBundleKey(raw, kek, deviceId, 'passphrase');
  let prf: OfflineVaultDevice['prf'] = null;
  if (input.fingerprint) {
    const prfSalt = randomBytes(32);
    const got = await prfOutput(prfSalt, null, input.user);
    prf = { ...(await wrapBundleKey(raw, await derivePrfKey(got.output, prfSalt), deviceId, 'prf')), credentialId: got.credentialId, salt: toBase64url(prfSalt) };
  }
  const keys: DeviceKeys = { kdf: { ...KDF_PARAMS, salt: toBase64url(salt) }, passphrase, prf };
  return { keys, key: await unwrapBundleKey(passphrase, kek, deviceId, 'passphrase') };
}

/** The bundle key of `device` from its passphrase. @throws on a wrong passphrase (AES-GCM fails closed). */
export async function unwrapWithPassphrase(device: OfflineVaultDevice, passphrase: string): Promise<CryptoKey> {
  const kek = await derivePassphraseKey(passphrase, fromBase64url(device.kdf.salt), device.kdf);
  return unwrapBundleKey(device.passphrase, kek, device.deviceId, 'passphrase');
}

/** The bundle key of `device` from its passkey's PRF. @throws when refused, not set up, or the key does not fit. */
export async function unwrapWithPasskey(device: OfflineVaultDevice, user: PasskeyUser): Promise<CryptoKey> {
  if (!device.prf) throw new Error('No fingerprint key on this device');
  const salt = fromBase64url(device.prf.salt);
  const got = await prfOutput(salt, device.prf.credentialId, user);
  return unwrapBundleKey(device.prf, await derivePrfKey(got.output, salt), device.deviceId, 'prf');
}

/**
 * Opens `item` with the unlocked `key` and finds one secret (`field`, and `endpointId` for an
 * endpoint password). @returns the value and the Wi-Fi SSID, or null when that value is not in the
 * item. @throws VaultCryptoError when the item does not open.
 */
export async function openSecret(key: CryptoKey, deviceId: string, item: VaultBundleItem, field: VaultRevealField, endpointId?: string): Promise<{ value: string; wifiSsid: string | null } | null> {
  const payload = await openBundleItem(key, deviceId, item);
  const secret = payload.secrets.find((s) => s.field === field && (s.endpointId ?? undefined) === endpointId);
  return secret ? { value: secret.value, wifiSsid: payload.wifiSsid } : null;
}

/**
 * Opens `item` with the unlocked `key` and returns only the entry's site details (usernames, SSID,
 * registrar, providers, static IP, notes); the secrets in the same item are dropped here.
 * @returns null for a copy made before the bundle carried details. @throws VaultCryptoError.
 */
export async function openDetails(key: CryptoKey, deviceId: string, item: VaultBundleItem): Promise<VaultBundleDetails | null> {
  const payload = await openBundleItem(key, deviceId, item);
  return payload.details ?? null;
}
