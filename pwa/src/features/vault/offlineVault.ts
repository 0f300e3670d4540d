/**
 * The offline vault on this page (issue 14): turning it on, unlocking, locking, revealing from the
 * encrypted copy, turning it off. The only place the unwrapped bundle key exists: a NON-EXTRACTABLE
 * CryptoKey in this module's memory while unlocked; nothing of it is ever written anywhere.
 *
 * Locked: on start (memory only), when the page is hidden, after VAULT_OFFLINE_IDLE_MS without a
 * tap or key press, on Lock, and when the copy disappears (sign-out, wipe). Wiped (device.ts):
 * after VAULT_OFFLINE_MAX_FAILED_UNLOCKS wrong passphrases in a row, after `offlineDays` without a
 * sync, when the server ends the device's access (feed 410: revoked by an admin, a password change),
 * and on sign-out (records are cleared when the user changes).
 */
import {
  VAULT_OFFLINE_IDLE_MS,
  VAULT_OFFLINE_MAX_FAILED_UNLOCKS,
  vaultPassphraseProblem,
  type VaultDeviceGrant,
  type VaultRevealField,
} from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { getOfflineDb, syncNow } from '../../offline';
import { KDF_PARAMS, derivePassphraseKey, derivePrfKey, fromBase64url, openBundleItem, randomBytes, toBase64url, unwrapBundleKey, wrapBundleKey } from './offline/crypto';
import {
  clearWipeNotice,
  enqueueOfflineReveal,
  offlineVaultExpired,
  readBundleItem,
  readOfflineDevice,
  wipeOfflineVault,
  writeOfflineDevice,
  type OfflineVaultDevice,
} from './offline';

interface Unlocked {
  deviceId: string;
  key: CryptoKey;
}

let unlocked: Unlocked | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let lastArm = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** For useSyncExternalStore: called whenever the vault locks or unlocks. */
export function subscribeOfflineVault(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unlocked device id, or null when locked. */
export function unlockedDeviceId(): string | null {
  return unlocked?.deviceId ?? null;
}

const onActivity = () => {
  const now = Date.now();
  if (now - lastArm < 1_000) return;
  lastArm = now;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(lockOfflineVault, VAULT_OFFLINE_IDLE_MS);
};
const onVisibility = () => {
  if (document.visibilityState === 'hidden') lockOfflineVault();
};
const ACTIVITY = ['pointerdown', 'keydown', 'touchstart'] as const;

function setUnlocked(next: Unlocked): void {
  unlocked = next;
  lastArm = 0;
  onActivity();
  for (const e of ACTIVITY) document.addEventListener(e, onActivity, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisibility);
  emit();
}

/** Drops the bundle key from memory (nothing to do when locked). */
export function lockOfflineVault(): void {
  clearTimeout(idleTimer);
  for (const e of ACTIVITY) document.removeEventListener(e, onActivity, { capture: true });
  document.removeEventListener('visibilitychange', onVisibility);
  if (unlocked === null) return;
  unlocked = null;
  emit();
}

/** True when this browser can unlock with a fingerprint (WebAuthn PRF). */
export async function fingerprintSupported(): Promise<boolean> {
  const PKC = globalThis.PublicKeyCredential as (typeof PublicKeyCredential & { getClientCapabilities?: () => Promise<Record<string, boolean>> }) | undefined;
  if (!PKC?.getClientCapabilities || !globalThis.isSecureContext) return false;
  try {
    return (await PKC.getClientCapabilities())['extension:prf'] === true;
  } catch {
    return false;
  }
}

type PrfResults = { results?: { first?: BufferSource } };

/** A PRF output of a passkey of this site (new one when `credentialId` is null). @throws when refused or unsupported. */
async function prfOutput(salt: Uint8Array<ArrayBuffer>, credentialId: string | null, user: { id: string; username: string }): Promise<{ credentialId: string; output: BufferSource }> {
  const extensions = { prf: { eval: { first: salt } } } as AuthenticationExtensionsClientInputs;
  let id = credentialId;
  if (id === null) {
    const created = (await navigator.credentials.create({
      publicKey: {
        challenge: randomBytes(32),
        rp: { name: 'IT Support Portal offline vault' },
        user: { id: randomBytes(16), name: user.username, displayName: `${user.username} (offline vault)` },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { userVerification: 'required', residentKey: 'discouraged' },
        extensions,
      },
    })) as PublicKeyCredential | null;
    if (!created) throw new Error('No passkey');
    id = toBase64url(new Uint8Array(created.rawId));
    const first = (created.getClientExtensionResults() as { prf?: PrfResults }).prf?.results?.first;
    if (first) return { credentialId: id, output: first };
  }
  const got = (await navigator.credentials.get({
    publicKey: { challenge: randomBytes(32), allowCredentials: [{ type: 'public-key', id: fromBase64url(id) }], userVerification: 'required', extensions },
  })) as PublicKeyCredential | null;
  const first = (got?.getClientExtensionResults() as { prf?: PrfResults } | undefined)?.prf?.results?.first;
  if (!first) throw new Error('This authenticator gives no PRF key');
  return { credentialId: id, output: first };
}

/**
 * Turns the offline vault on for this device (online): asks the server for a grant, wraps the bundle
 * key under the passphrase key (and a fingerprint key when `fingerprint`), stores the wrapped key,
 * unlocks and downloads the sealed secrets. The raw key is zeroed at once.
 * @throws Error with a user-facing message (passphrase rule) or ApiError / TypeError.
 */
export async function enableOfflineVault(input: { deviceName: string; passphrase: string; fingerprint: boolean; user: { id: string; username: string } }): Promise<void> {
  const problem = vaultPassphraseProblem(input.passphrase);
  if (problem) throw new Error(problem);
  const db = getOfflineDb();
  const salt = randomBytes(16);
  const kek = await derivePassphraseKey(input.passphrase, salt);
  const grant = await apiRequest<VaultDeviceGrant>('POST', '/api/vault-devices', { deviceName: input.deviceName });
  const deviceId = grant.device.id;
  const raw = fromBase64url(grant.bundleKey);
  try {
    const passphrase = await wrapBundleKey(raw, kek, deviceId, 'passphrase');
    let prf: OfflineVaultDevice['prf'] = null;
    if (input.fingerprint) {
      const prfSalt = randomBytes(32);
      const got = await prfOutput(prfSalt, null, input.user);
      prf = { ...(await wrapBundleKey(raw, await derivePrfKey(got.output, prfSalt), deviceId, 'prf')), credentialId: got.credentialId, salt: toBase64url(prfSalt) };
    }
    const device: OfflineVaultDevice = {
      format: 1,
      deviceId,
      deviceName: grant.device.deviceName,
      userId: input.user.id,
      grantedAt: grant.device.grantedAt,
      lastSyncAt: new Date().toISOString(),
      offlineDays: grant.offlineDays,
      cursor: '0',
      kdf: { ...KDF_PARAMS, salt: toBase64url(salt) },
      passphrase,
      prf,
      failedUnlocks: 0,
      pending: grant.device.status === 'pending',
    };
    await writeOfflineDevice(db, device);
    await clearWipeNotice(db);
    setUnlocked({ deviceId, key: await unwrapBundleKey(passphrase, kek, deviceId, 'passphrase') });
  } catch (err) {
    // Nothing usable was stored (e.g. the fingerprint was refused): give the grant back.
    await apiRequest('DELETE', `/api/vault-devices/${deviceId}`).catch(() => undefined);
    throw err;
  } finally {
    raw.fill(0);
  }
  await syncNow();
}

/** Result of an unlock attempt. */
export type UnlockResult = { ok: true } | { ok: false; attemptsLeft: number } | { ok: false; wiped: true };

/** The device's copy, wiped first when it is too old. */
async function currentDevice(): Promise<OfflineVaultDevice | null> {
  const db = getOfflineDb();
  const device = await readOfflineDevice(db);
  if (device && offlineVaultExpired(device)) {
    await wipeOfflineVault(db, 'expired');
    lockOfflineVault();
    return null;
  }
  return device;
}

/**
 * Unlocks with the offline passphrase. A wrong one counts; the last allowed failure wipes the copy.
 * @throws Error when this device has no offline vault.
 */
export async function unlockWithPassphrase(passphrase: string): Promise<UnlockResult> {
  const db = getOfflineDb();
  const device = await currentDevice();
  if (!device) return { ok: false, wiped: true };
  const kek = await derivePassphraseKey(passphrase, fromBase64url(device.kdf.salt), device.kdf);
  try {
    const key = await unwrapBundleKey(device.passphrase, kek, device.deviceId, 'passphrase');
    if (device.failedUnlocks > 0) await writeOfflineDevice(db, { ...device, failedUnlocks: 0 });
    setUnlocked({ deviceId: device.deviceId, key });
    return { ok: true };
  } catch {
    const failed = device.failedUnlocks + 1;
    if (failed >= VAULT_OFFLINE_MAX_FAILED_UNLOCKS) {
      await wipeOfflineVault(db, 'failed_unlocks');
      return { ok: false, wiped: true };
    }
    await writeOfflineDevice(db, { ...device, failedUnlocks: failed });
    return { ok: false, attemptsLeft: VAULT_OFFLINE_MAX_FAILED_UNLOCKS - failed };
  }
}

/** Unlocks with the fingerprint (PRF) key. @returns false when refused or not set up (no count: the platform limits tries). */
export async function unlockWithFingerprint(user: { id: string; username: string }): Promise<boolean> {
  const device = await currentDevice();
  if (!device?.prf) return false;
  try {
    const salt = fromBase64url(device.prf.salt);
    const got = await prfOutput(salt, device.prf.credentialId, user);
    setUnlocked({ deviceId: device.deviceId, key: await unwrapBundleKey(device.prf, await derivePrfKey(got.output, salt), device.deviceId, 'prf') });
    return true;
  } catch {
    return false;
  }
}

/** Thrown when an offline reveal cannot happen (locked, or this entry's secrets are not on the device). */
export class OfflineRevealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflineRevealError';
  }
}

/**
 * Reveals one secret from the encrypted copy: decrypts the entry's item (fails closed), QUEUES THE
 * AUDIT REPORT, and only then returns the value (plus the SSID for the Wi-Fi QR code).
 * @throws OfflineRevealError (locked, not on this device, value missing) or VaultCryptoError.
 */
export async function revealOffline(input: {
  entryId: string;
  businessName: string;
  field: VaultRevealField;
  endpointId?: string;
  endpointName?: string;
  label: string;
  user: { id: string; username: string };
}): Promise<{ value: string; wifiSsid: string | null }> {
  const db = getOfflineDb();
  const device = await currentDevice();
  if (!device || !unlocked || unlocked.deviceId !== device.deviceId) {
    lockOfflineVault();
    throw new OfflineRevealError('Unlock the offline vault first.');
  }
  const item = await readBundleItem(db, input.entryId);
  if (!item) throw new OfflineRevealError('This customer’s passwords are not on this device yet. They download at the next sync.');
  const payload = await openBundleItem(unlocked.key, device.deviceId, item);
  const secret = payload.secrets.find((s) => s.field === input.field && (s.endpointId ?? undefined) === input.endpointId);
  if (!secret) throw new OfflineRevealError('This value is not on this device yet. It downloads at the next sync.');
  const report = {
    entryId: input.entryId,
    field: input.field,
    revealedAt: new Date().toISOString(),
    businessName: input.businessName,
    ...(input.endpointId ? { endpointId: input.endpointId, endpointName: input.endpointName } : {}),
  };
  await enqueueOfflineReveal(db, { deviceId: device.deviceId, report }, `${input.businessName}: ${input.label} shown offline`, input.user);
  return { value: secret.value, wifiSsid: payload.wifiSsid };
}

/** Turns the offline vault off on this device (online): the server revokes the grant, then the copy is wiped. */
export async function turnOffOfflineVault(): Promise<void> {
  const db = getOfflineDb();
  const device = await readOfflineDevice(db);
  if (device) await apiRequest('DELETE', `/api/vault-devices/${device.deviceId}`);
  await wipeOfflineVault(db, 'turned_off');
  await clearWipeNotice(db);
  lockOfflineVault();
}
