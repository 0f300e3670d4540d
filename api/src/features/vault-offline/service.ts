/**
 * Offline vault rules (issue 14; README "Customer Vault offline"). Write functions take the route's
 * transaction first; no SQL here (repository.ts). Vault entries are read only through the vault's
 * port (entrySecrets, listEntriesSince, recordOfflineReveal).
 *
 * - A grant creates a device with a random id and a random bundle key, returned ONCE (TLS) and
 *   stored encrypted under the vault keyring, so deltas can be re-encrypted for the device.
 * - The device feed is the vault's delta feed with each changed entry's secrets sealed under the
 *   bundle key; deleted entries come as ids. Each call is the device's "last sync".
 * - A revoked device (admin, the user turning it off, a password change) or one that has not synced
 *   for VAULT_OFFLINE_DAYS gets 410 on its feed: the device wipes its copy. Its reveal reports are
 *   still accepted for reveals made while it had access, marked `deviceRevoked`.
 */
import { randomUUID } from 'node:crypto';
import {
  VAULT_BUNDLE_FORMAT,
  VAULT_OFFLINE_CLOCK_SKEW_MS,
  type VaultAuditEntry,
  type VaultBundleItem,
  type VaultBundlePage,
  type VaultBundlePayload,
  type VaultDevice,
  type VaultDeviceFeedQuery,
  type VaultDeviceGrant,
  type VaultDeviceRevokeReason,
  type VaultOfflineReveal,
} from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import type { VaultKeyring } from '../../lib/vault-keys';
import type { Logger } from '../../logger';
import { VaultIntegrityError, entrySecrets, integrityFailed, listEntriesSince, recordOfflineReveal } from '../vault/port';
import { BundleKeyError, newBundleKey, openBundleKey, sealBundleItem, sealBundleKey } from './crypto';
import { presentVaultDevice } from './presenter';
import { countActiveDevices, findDevice, insertDevice, listDevices, revokeDeviceRow, revokeUserDeviceRows, touchDeviceSync, type VaultDeviceRow } from './repository';

/** What the service needs besides the transaction. */
export interface VaultOfflineDeps {
  keys: VaultKeyring;
  logger: Logger;
  /** VAULT_OFFLINE_DAYS. */
  offlineDays: number;
}

/** Entries per feed page (each is decrypted and re-encrypted). */
export const DEVICE_FEED_LIMIT = 100;
/** Active offline devices one user may have. */
export const MAX_ACTIVE_DEVICES = 10;
/** Devices the admin list shows. */
export const DEVICE_LIST_LIMIT = 500;

export const DEVICE_NOT_FOUND = 'Offline vault device not found';
const DAY_MS = 86_400_000;

const gone = (message: string) => new ApiError(410, 'device_revoked', message);

async function present(db: Database, id: string): Promise<VaultDevice> {
  const [row] = await listDevices(db, 1, id);
  return presentVaultDevice(row!);
}

/** The caller's own device. @throws 404 for another user's or an unknown device. */
async function ownDevice(db: Database, user: AuthUser, id: string, forUpdate = false): Promise<VaultDeviceRow> {
  const device = await findDevice(db, id, forUpdate);
  if (!device || device.userId !== user.id) throw notFound(DEVICE_NOT_FOUND);
  return device;
}

/**
 * POST /api/vault-devices: grants offline access to a new device of `user`.
 * @throws 409 when the user already has {@link MAX_ACTIVE_DEVICES} active devices.
 */
export async function grantDevice(
  tx: Database,
  deps: VaultOfflineDeps,
  user: AuthUser,
  deviceName: string,
  now: Date,
  stepUp?: { method: string; at: Date },
): Promise<VaultDeviceGrant> {
  if ((await countActiveDevices(tx, user.id)) >= MAX_ACTIVE_DEVICES) {
    throw conflict( `You already keep the vault offline on ${MAX_ACTIVE_DEVICES} devices. Turn it off on one first.`);
  }
  const id = randomUUID();
  const key = newBundleKey();
  await insertDevice(tx, {
    id,
    userId: user.id,
    deviceName,
    bundleKey: sealBundleKey(deps.keys, id, key),
    grantedAt: now,
    lastSyncAt: now,
    stepUpMethod: stepUp?.method ?? null,
    stepUpAt: stepUp?.at ?? null,
  });
  return { device: await present(tx, id), bundleKey: key.toString('base64url'), offlineDays: deps.offlineDays };
}

/** True when the device has not synced for longer than VAULT_OFFLINE_DAYS. */
function expired(device: VaultDeviceRow, deps: VaultOfflineDeps, now: Date): boolean {
  const last = device.lastSyncAt ?? device.grantedAt;
  return now.getTime() - last.getTime() > deps.offlineDays * DAY_MS;
}

/**
 * GET /api/vault-devices/:id/secrets?since=: the device's delta (see the module doc).
 * @throws 404 not the caller's device; 410 `device_revoked` / `device_expired` (the device wipes);
 *   500 integrity_failed when a stored secret or the bundle key fails its check.
 */
export async function deviceFeed(db: Database, deps: VaultOfflineDeps, user: AuthUser, id: string, query: VaultDeviceFeedQuery, now: Date): Promise<VaultBundlePage> {
  const device = await ownDevice(db, user, id);
  if (!device.revokedAt && expired(device, deps, now)) await revokeDeviceRow(db, id, now, 'expired', null);
  if (device.revokedAt || !device.bundleKey || expired(device, deps, now)) {
    throw gone('Offline access for this device has ended. The offline vault is removed from it.');
  }
  let key: Buffer;
  try {
    key = openBundleKey(deps.keys, id, device.bundleKey);
  } catch (err) {
    if (!(err instanceof BundleKeyError)) throw err;
    deps.logger.error('offline vault bundle key failed its integrity check', { deviceId: id, userId: user.id });
    throw integrityFailed();
  }
  const page = await listEntriesSince(db, query.since, query.limit ?? DEVICE_FEED_LIMIT);
  const items: VaultBundleItem[] = [];
  const deleted = [...page.deleted];
  for (const entry of page.items) {
    let secrets;
    try {
      secrets = await entrySecrets(db, deps.keys, entry.id);
    } catch (err) {
      if (!(err instanceof VaultIntegrityError)) throw err;
      deps.logger.error('vault secret failed its integrity check (offline feed)', { entryId: entry.id, field: err.slot.field, keyId: err.keyId, reason: err.reason, deviceId: id });
      throw integrityFailed();
    }
    if (!secrets) {
      deleted.push(entry.id);
      continue;
    }
    const payload: VaultBundlePayload = { format: VAULT_BUNDLE_FORMAT, entryId: entry.id, version: secrets.version, wifiSsid: secrets.wifiSsid, secrets: secrets.secrets.map((s) => ({ ...s })) };
    items.push({ entryId: entry.id, version: secrets.version, blob: sealBundleItem(key, id, payload) });
  }
  key.fill(0);
  await touchDeviceSync(db, id, now);
  return { items, deleted, cursor: page.cursor, more: page.more, offlineDays: deps.offlineDays };
}

/** Who reports an offline reveal and from where. */
export interface Reporter {
  user: AuthUser;
  ip: string;
  userAgent: string | null;
}

/**
 * POST /api/vault-devices/:id/reveals: records a reveal made offline on the caller's device, if
 * the device had access at `revealedAt` (granted before it, not revoked before it, not in the
 * future; {@link VAULT_OFFLINE_CLOCK_SKEW_MS} of clock difference tolerated around the grant and now).
 * @throws 404 not the caller's device; 409 `reveal_outside_access`.
 */
export async function reportOfflineReveal(tx: Database, id: string, body: VaultOfflineReveal, who: Reporter, now: Date): Promise<VaultAuditEntry> {
  const device = await ownDevice(tx, who.user, id);
  const at = new Date(body.revealedAt);
  const from = device.grantedAt.getTime() - VAULT_OFFLINE_CLOCK_SKEW_MS;
  const until = device.revokedAt ? device.revokedAt.getTime() : now.getTime() + VAULT_OFFLINE_CLOCK_SKEW_MS;
  if (at.getTime() < from || at.getTime() > until) {
    throw conflict('This device had no offline vault access at the time of this reveal.');
  }
  return recordOfflineReveal(tx, {
    entryId: body.entryId,
    field: body.field,
    endpointId: body.endpointId ?? null,
    businessName: body.businessName,
    endpointName: body.endpointName ?? null,
    user: who.user,
    device: { id, name: device.deviceName, revoked: device.revokedAt !== null },
    ip: who.ip,
    userAgent: who.userAgent,
    revealedAt: at,
    receivedAt: now,
  });
}

/** GET /api/vault-devices (admin): every device grant, newest first. */
export async function listVaultDevices(db: Database): Promise<VaultDevice[]> {
  return (await listDevices(db, DEVICE_LIST_LIMIT)).map(presentVaultDevice);
}

/**
 * DELETE /api/vault-devices/:id: an admin revokes any device, a technician turns off their own
 * (reason 'admin' / 'user'). Revoking a revoked device changes nothing. @throws 404.
 */
export async function revokeDevice(tx: Database, actor: AuthUser, id: string, now: Date): Promise<VaultDevice> {
  const device = actor.role === 'admin' ? await findDevice(tx, id, true) : await ownDevice(tx, actor, id, true);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  const reason: VaultDeviceRevokeReason = device.userId === actor.id ? 'user' : 'admin';
  await revokeDeviceRow(tx, id, now, reason, actor.id);
  return present(tx, id);
}

/** Revokes every active device of a user (port: the auth feature on a password change). @returns how many. */
export async function revokeUserDevices(tx: Database, userId: string, now: Date, reason: VaultDeviceRevokeReason): Promise<number> {
  return revokeUserDeviceRows(tx, userId, now, reason, null);
}
