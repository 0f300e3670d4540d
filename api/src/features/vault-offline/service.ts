/**
 * Offline vault rules (docs/vault.md "Customer Vault offline"). Write functions take the route's
 * transaction first; no SQL here (repository.ts). Vault entries are read only through the vault's
 * port (entrySecrets, listEntriesSince, recordOfflineReveal).
 *
 * - A grant creates a device with a random id and a random bundle key, returned ONCE (TLS) and
 *   stored encrypted under the vault keyring, so deltas can be re-encrypted for the device.
 * - The device feed is the vault's delta feed with each changed entry's secrets sealed under the
 *   bundle key; deleted entries come as ids. Each call is the device's "last sync".
 * - A grant is an export of every secret: limited per user per day (VAULT_DEVICE_GRANTS_PER_DAY) and,
 *   by default, pending until an administrator approves it (approval.ts); a pending device's feed
 *   sends nothing (`pending: true`). Each feed page that carries secrets is audited before it is
 *   answered: one vault_reveals row per entry (through the vault's port) and one delivery row.
 * - Offline reveal reports are accepted only for entries the feed sent to that device (else 400,
 *   logged).
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
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import type { VaultKeyring } from '../../lib/vault-keys';
import type { Logger } from '../../logger';
import { VaultIntegrityError, entrySecrets, integrityFailed, listEntriesSince, recordDeviceDelivery, recordOfflineReveal } from '../vault/port';
import { grantApproval } from './approval';
import { BundleKeyError, newBundleKey, openBundleKey, sealBundleItem, sealBundleKey } from './crypto';
import { presentVaultDevice } from './presenter';
import {
  approveDeviceRow,
  countActiveDevices,
  countGrantsSince,
  deviceReceivedEntry,
  findDevice,
  insertDelivery,
  insertDevice,
  listDevices,
  lockUserGrants,
  revokeDeviceRow,
  revokeUserDeviceRows,
  touchDeviceSync,
  type VaultDeviceRow,
} from './repository';

/** What the service needs besides the transaction. */
export interface VaultOfflineDeps {
  keys: VaultKeyring;
  logger: Logger;
  /** VAULT_OFFLINE_DAYS. */
  offlineDays: number;
  /** VAULT_DEVICE_GRANTS_PER_DAY. */
  grantsPerDay: number;
  /** VAULT_DEVICE_APPROVAL. */
  approval: 'admin' | 'none';
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
 * POST /api/vault-devices: grants offline access to a new device of `user`, active at once or
 * pending an administrator's approval (approval.ts; `stepUp` = the session's step-up: a second factor
 * within STEP_UP_MINUTES approves it, a password confirmation does not). The bundle key is returned either way: without the feed it opens nothing.
 * @throws 429 after VAULT_DEVICE_GRANTS_PER_DAY grants in 24 hours; 409 when the user already has
 *   {@link MAX_ACTIVE_DEVICES} active devices.
 */
export async function grantDevice(
  tx: Database,
  deps: VaultOfflineDeps,
  user: AuthUser,
  deviceName: string,
  now: Date,
  stepUp: { method: string; at: Date } | null = null,
): Promise<VaultDeviceGrant> {
  await lockUserGrants(tx, user.id);
  if ((await countGrantsSince(tx, user.id, new Date(now.getTime() - DAY_MS))) >= deps.grantsPerDay) {
    deps.logger.warn('offline vault grant limit reached', { userId: user.id, username: user.username });
    throw new ApiError(429, 'rate_limited', `You can turn on the offline vault at most ${deps.grantsPerDay} times a day. Please try again tomorrow.`);
  }
  if ((await countActiveDevices(tx, user.id)) >= MAX_ACTIVE_DEVICES) {
    throw conflict(`You already keep the vault offline on ${MAX_ACTIVE_DEVICES} devices. Turn it off on one first.`);
  }
  // A password confirmation (users without a second factor) is a step-up, not a second factor: such
  // a grant still waits for an administrator.
  const stepUpAt = stepUp && stepUp.method !== 'password' ? stepUp.at : null;
  const approval = grantApproval({ policy: deps.approval, role: user.role, stepUpAt, now });
  const approved = approval !== 'pending';
  const id = randomUUID();
  const key = newBundleKey();
  await insertDevice(tx, {
    id,
    userId: user.id,
    username: user.username,
    deviceName,
    bundleKey: sealBundleKey(deps.keys, id, key),
    grantedAt: now,
    lastSyncAt: now,
    approvedAt: approved ? now : null,
    approvedBy: approval === 'self_admin' ? user.id : null,
    approvalMethod: approved ? approval : null,
    stepUpMethod: stepUp?.method ?? null,
    stepUpAt: stepUp?.at ?? null,
  });
  deps.logger.info('offline vault device granted', { deviceId: id, userId: user.id, username: user.username, approval });
  return { device: await present(tx, id), bundleKey: key.toString('base64url'), offlineDays: deps.offlineDays };
}

/**
 * POST /api/vault-devices/:id/approve (admin): activates a pending grant; its next sync receives
 * the vault. @throws 404 unknown; 409 revoked or already approved.
 */
export async function approveDevice(tx: Database, actor: AuthUser, id: string, now: Date): Promise<VaultDevice> {
  const device = await findDevice(tx, id, true);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  if (!(await approveDeviceRow(tx, id, now, actor.id))) {
    throw conflict(device.revokedAt ? 'This device no longer has offline access.' : 'This device is already approved.');
  }
  return present(tx, id);
}

/** True when the device has not synced for longer than VAULT_OFFLINE_DAYS. */
function expired(device: VaultDeviceRow, deps: VaultOfflineDeps, now: Date): boolean {
  const last = device.lastSyncAt ?? device.grantedAt;
  return now.getTime() - last.getTime() > deps.offlineDays * DAY_MS;
}

/** Who asks (the feed, a reveal report) and from where: the audit rows' facts. */
export interface Reporter {
  user: AuthUser;
  ip: string;
  userAgent: string | null;
}

/**
 * GET /api/vault-devices/:id/secrets?since=: the device's delta (see the module doc). A pending
 * device gets `pending: true` and nothing else; a page carrying secrets is audited first.
 * @throws 404 not the caller's device; 410 `device_revoked` / `device_expired` (the device wipes);
 *   500 integrity_failed when a stored secret or the bundle key fails its check.
 */
export async function deviceFeed(db: Database, deps: VaultOfflineDeps, who: Reporter, id: string, query: VaultDeviceFeedQuery, now: Date): Promise<VaultBundlePage> {
  const user = who.user;
  const device = await ownDevice(db, user, id);
  // Not staff any more (demoted before demotion revoked devices): end its access now.
  if (!device.revokedAt && user.role === 'user') await revokeDeviceRow(db, id, now, 'role_changed', null);
  else if (!device.revokedAt && expired(device, deps, now)) await revokeDeviceRow(db, id, now, 'expired', null);
  if (device.revokedAt || !device.bundleKey || user.role === 'user' || expired(device, deps, now)) {
    throw gone('Offline access for this device has ended. The offline vault is removed from it.');
  }
  if (!device.approvedAt) {
    await touchDeviceSync(db, id, now);
    return { pending: true, items: [], deleted: [], cursor: query.since, more: false, offlineDays: deps.offlineDays };
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
  const sent: { entryId: string; businessName: string; fieldCount: number }[] = [];
  const deleted = [...page.deleted];
  try {
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
      const payload: VaultBundlePayload = { format: VAULT_BUNDLE_FORMAT, entryId: entry.id, version: secrets.version, wifiSsid: secrets.wifiSsid, secrets: secrets.secrets.map((s) => ({ ...s })), details: secrets.details };
      items.push({ entryId: entry.id, version: secrets.version, blob: sealBundleItem(key, id, payload) });
      if (secrets.secrets.length > 0) sent.push({ entryId: entry.id, businessName: entry.businessName, fieldCount: secrets.secrets.length });
    }
  } finally {
    key.fill(0);
  }
  if (sent.length > 0) {
    // Audited before it is answered: no row, no page.
    await db.transaction(async (tx) => {
      await recordDeviceDelivery(tx, { user, device: { id, name: device.deviceName }, ip: who.ip, userAgent: who.userAgent, at: now, entries: sent });
      await insertDelivery(tx, {
        deviceId: id,
        userId: user.id,
        username: user.username,
        ip: who.ip,
        userAgent: who.userAgent,
        entryIds: sent.map((e) => e.entryId),
        secretCount: sent.reduce((n, e) => n + e.fieldCount, 0),
        createdAt: now,
      });
    });
  }
  await touchDeviceSync(db, id, now);
  return { pending: false, items, deleted, cursor: page.cursor, more: page.more, offlineDays: deps.offlineDays };
}

/**
 * POST /api/vault-devices/:id/reveals: records a reveal made offline on the caller's device, if
 * the device had access at `revealedAt` (granted before it, not revoked before it, not in the
 * future; {@link VAULT_OFFLINE_CLOCK_SKEW_MS} of clock difference tolerated around the grant and now).
 * Only entries the feed sent to this device can be reported: another id is 400 and logged (a
 * device cannot have revealed what it never received).
 * @throws 404 not the caller's device; 400 (entry never sent to it); 409 `reveal_outside_access`.
 */
export async function reportOfflineReveal(tx: Database, logger: Logger, id: string, body: VaultOfflineReveal, who: Reporter, now: Date): Promise<VaultAuditEntry> {
  const device = await ownDevice(tx, who.user, id);
  // Grants from before deliveries were recorded ('legacy') received every entry unrecorded.
  if (device.approvalMethod !== 'legacy' && !(await deviceReceivedEntry(tx, id, body.entryId))) {
    logger.warn('offline reveal report for an entry the device never received', { deviceId: id, entryId: body.entryId, userId: who.user.id, ip: who.ip });
    throw badRequest('This entry was never sent to this device.');
  }
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
