/**
 * One page's offline-vault session (docs/vault.md "Customer Vault offline"): turning it on, unlocking, locking,
 * revealing from the encrypted copy, turning it off. The unwrapped bundle key exists only in this
 * object's memory, as a NON-EXTRACTABLE CryptoKey, while unlocked; nothing of it is ever written.
 * A provider owns the session (OfflineVaultProvider), so no state lives in a module.
 *
 * Locked: when created, by the lock policy (idle for VAULT_OFFLINE_IDLE_MS, page hidden), on `lock`,
 * and when the copy disappears (sign-out, wipe). Wiped (offline/device.ts): after
 * VAULT_OFFLINE_MAX_FAILED_UNLOCKS wrong passphrases in a row, after `offlineDays` without a sync,
 * when the server ends the device's access, and on sign-out.
 */
import { VAULT_BUNDLE_CONTENT, VAULT_OFFLINE_IDLE_MS, VAULT_OFFLINE_MAX_FAILED_UNLOCKS, vaultPassphraseProblem, type VaultBundleDetails, type VaultDeviceGrant, type VaultRevealField } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { getOfflineDb, syncNow, whenCacheOwnerSet, type OfflineDb } from '../../../offline';
import { fromBase64url } from '../offline/crypto';
import {
  clearWipeNotice,
  enqueueOfflineReveal,
  offlineVaultExpired,
  readBundleItem,
  readOfflineDevice,
  wipeOfflineVault,
  writeOfflineDevice,
  type OfflineVaultDevice,
} from '../offline';
import { openDetails, openSecret, unwrapWithPasskey, unwrapWithPassphrase, wrapDeviceKeys } from './deviceKeys';
import { createLockPolicy, type Clock, type LockPolicy } from './lockPolicy';
import type { PasskeyUser } from './passkey';

/** Result of an unlock attempt. */
export type UnlockResult = { ok: true } | { ok: false; attemptsLeft: number } | { ok: false; wiped: true };

/**
 * Thrown by `enable` when the passphrase breaks the rule: `problem` is the shared rule's own text
 * (vaultPassphraseProblem, e.g. 'A number alone is too easy to guess. Use words.'), written for a person.
 */
export class OfflinePassphraseError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'OfflinePassphraseError';
  }
}

/** Thrown when an offline reveal cannot happen (locked, or this entry's secrets are not on the device). */
export class OfflineRevealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflineRevealError';
  }
}

/** What a session uses from outside (defaults: the app's database, HTTP client, sync and clock). */
export interface SessionDeps {
  db(): OfflineDb;
  request: typeof apiRequest;
  syncNow(): Promise<unknown>;
  /** Settles once the offline database belongs to the signed-in user (the engine's change of owner has run). */
  whenCacheOwnerSet(userId?: string): Promise<void>;
  clock?: Clock;
  idleMs?: number;
}

const DEFAULT_DEPS: SessionDeps = { db: getOfflineDb, request: apiRequest, syncNow, whenCacheOwnerSet };

/** The unlocked state: the device and its bundle key. */
interface Unlocked {
  deviceId: string;
  key: CryptoKey;
}

/** The session: `subscribe`/`unlockedDeviceId` for useSyncExternalStore, and the vault's actions. */
export class OfflineVaultSession {
  private unlocked: Unlocked | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly policy: LockPolicy;
  private readonly deps: SessionDeps;

  constructor(deps: Partial<SessionDeps> = {}) {
    this.deps = { ...DEFAULT_DEPS, ...deps };
    this.policy = createLockPolicy({ idleMs: this.deps.idleMs ?? VAULT_OFFLINE_IDLE_MS, onLock: () => this.lock(), clock: this.deps.clock });
  }

  /** Calls `listener` whenever the vault locks or unlocks. @returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The unlocked device id, or null when locked. */
  readonly unlockedDeviceId = (): string | null => this.unlocked?.deviceId ?? null;

  /** Drops the bundle key from memory and stops the lock policy (nothing to do when locked). */
  readonly lock = (): void => {
    this.policy.stop();
    if (this.unlocked === null) return;
    this.unlocked = null;
    this.emit();
  };

  private emit(): void {
    this.listeners.forEach((l) => l());
  }

  private setUnlocked(next: Unlocked): void {
    this.unlocked = next;
    this.policy.start();
    this.emit();
  }

  /** The device's copy, wiped first when it is too old. */
  private async currentDevice(): Promise<OfflineVaultDevice | null> {
    const db = this.deps.db();
    const device = await readOfflineDevice(db);
    if (device && offlineVaultExpired(device)) {
      await wipeOfflineVault(db, 'expired');
      this.lock();
      return null;
    }
    return device;
  }

  /**
   * Turns the offline vault on for this device (online): asks the server for a grant, wraps the
   * bundle key under the passphrase (and a fingerprint key when `fingerprint`), stores the wrapped
   * key, unlocks and downloads the sealed secrets. The raw key is zeroed at once; when nothing usable
   * was stored (e.g. the fingerprint was refused) the grant is given back. Nothing is asked or stored
   * before the database belongs to this user: on a first sign-in on a device the engine starts after
   * the first screen, and its change of owner clears every record, this device state included
   * (seen in Chromium: "Offline vault unlocked", then the copy gone and the grant orphaned).
   * @throws OfflinePassphraseError (its `problem` is for the user), ApiError, or another Error (no signal, no passkey).
   */
  async enable(input: { deviceName: string; passphrase: string; fingerprint: boolean; user: PasskeyUser }): Promise<void> {
    const problem = vaultPassphraseProblem(input.passphrase);
    if (problem) throw new OfflinePassphraseError(problem);
    const { request } = this.deps;
    await this.deps.whenCacheOwnerSet(input.user.id);
    const grant = await request<VaultDeviceGrant>('POST', '/api/vault-devices', { deviceName: input.deviceName });
    const deviceId = grant.device.id;
    const raw = fromBase64url(grant.bundleKey);
    try {
      const { keys, key } = await wrapDeviceKeys(raw, deviceId, input);
      const device: OfflineVaultDevice = {
        format: 1,
        deviceId,
        deviceName: grant.device.deviceName,
        userId: input.user.id,
        grantedAt: grant.device.grantedAt,
        lastSyncAt: new Date().toISOString(),
        offlineDays: grant.offlineDays,
        cursor: '0',
        content: VAULT_BUNDLE_CONTENT,
        ...keys,
        failedUnlocks: 0,
        pending: grant.device.status === 'pending',
      };
      const db = this.deps.db();
      await writeOfflineDevice(db, device);
      await clearWipeNotice(db);
      this.setUnlocked({ deviceId, key });
    } catch (err) {
      await request('DELETE', `/api/vault-devices/${deviceId}`).catch(() => undefined);
      throw err;
    } finally {
      raw.fill(0);
    }
    await this.deps.syncNow();
  }

  /** Unlocks with the offline passphrase. A wrong one counts; the last allowed failure wipes the copy. */
  async unlockWithPassphrase(passphrase: string): Promise<UnlockResult> {
    const db = this.deps.db();
    const device = await this.currentDevice();
    if (!device) return { ok: false, wiped: true };
    try {
      const key = await unwrapWithPassphrase(device, passphrase);
      if (device.failedUnlocks > 0) await writeOfflineDevice(db, { ...device, failedUnlocks: 0 });
      this.setUnlocked({ deviceId: device.deviceId, key });
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
  async unlockWithFingerprint(user: PasskeyUser): Promise<boolean> {
    const device = await this.currentDevice();
    if (!device?.prf) return false;
    try {
      this.setUnlocked({ deviceId: device.deviceId, key: await unwrapWithPasskey(device, user) });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Reveals one secret from the encrypted copy: decrypts the entry's item (fails closed), QUEUES THE
   * AUDIT REPORT, and only then returns the value (plus the SSID for the Wi-Fi QR code).
   * @throws OfflineRevealError (locked, not on this device, value missing) or VaultCryptoError.
   */
  async reveal(input: {
    entryId: string;
    businessName: string;
    field: VaultRevealField;
    endpointId?: string;
    endpointName?: string;
    label: string;
    user: PasskeyUser;
  }): Promise<{ value: string; wifiSsid: string | null }> {
    const db = this.deps.db();
    const device = await this.currentDevice();
    const unlocked = this.unlocked;
    if (!device || !unlocked || unlocked.deviceId !== device.deviceId) {
      this.lock();
      throw new OfflineRevealError('Unlock the offline vault first.');
    }
    const item = await readBundleItem(db, input.entryId);
    if (!item) throw new OfflineRevealError('This customer’s passwords are not on this device yet. They download at the next sync.');
    const found = await openSecret(unlocked.key, device.deviceId, item, input.field, input.endpointId);
    if (!found) throw new OfflineRevealError('This value is not on this device yet. It downloads at the next sync.');
    const report = {
      entryId: input.entryId,
      field: input.field,
      revealedAt: new Date().toISOString(),
      businessName: input.businessName,
      ...(input.endpointId ? { endpointId: input.endpointId, endpointName: input.endpointName } : {}),
    };
    await enqueueOfflineReveal(db, { deviceId: device.deviceId, report }, `${input.businessName}: ${input.label} shown offline`, input.user);
    return found;
  }

  /**
   * The site details of one entry from the encrypted copy (usernames, SSID, registrar, providers,
   * static IP, notes: not secrets, so no audit report, like the online View). Needs the vault unlocked.
   * @returns null when locked or this entry (or its details) is not on the device yet.
   * @throws VaultCryptoError when the item does not open.
   */
  async details(entryId: string): Promise<VaultBundleDetails | null> {
    const unlocked = this.unlocked;
    if (!unlocked) return null;
    const item = await readBundleItem(this.deps.db(), entryId);
    return item ? openDetails(unlocked.key, unlocked.deviceId, item) : null;
  }

  /** Turns the offline vault off on this device (online): the server revokes the grant, then the copy is wiped. */
  async turnOff(): Promise<void> {
    const db = this.deps.db();
    const device = await readOfflineDevice(db);
    if (device) await this.deps.request('DELETE', `/api/vault-devices/${device.deviceId}`);
    await wipeOfflineVault(db, 'turned_off');
    await clearWipeNotice(db);
    this.lock();
  }
}
