/**
 * What the server does to a bundle item (api/src/features/vault-offline/crypto.ts), for the
 * device-side tests: AES-256-GCM under the raw bundle key with the shared associated data
 * (`vaultBundleAad`), as `nonce | ciphertext | tag` in base64url.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { vaultBundleAad, type VaultBundleItem, type VaultBundlePayload } from '@portal/shared';

/** Seals `payload` for device `deviceId` under the 32-byte bundle key `key`. */
export function sealBundleItem(key: Uint8Array, deviceId: string, payload: VaultBundlePayload): VaultBundleItem {
  const nonce = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, nonce);
  c.setAAD(Buffer.from(vaultBundleAad(deviceId, payload.entryId, payload.version)));
  const body = Buffer.concat([c.update(JSON.stringify(payload)), c.final()]);
  return { entryId: payload.entryId, version: payload.version, blob: Buffer.concat([nonce, body, c.getAuthTag()]).toString('base64url') };
}
