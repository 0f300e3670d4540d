/**
 * Customer Vault presenters: rows -> the shared API types. Secrets leave only as `has...` flags;
 * `presentVaultEntry` reads a ciphertext column solely to test it for null.
 */
import { VAULT_SECRET_FIELDS, vaultSecretFlag } from '@portal/shared';
import type { VaultAuditEntry, VaultEntry, VaultIndexEntry, VaultRevealField, VaultSecretFlags } from '@portal/shared';
import type { VaultIndexRow, VaultRevealRow, VaultRow } from './repository';

/** Index row -> list / offline index entry. */
export function presentVaultIndexEntry(r: VaultIndexRow): VaultIndexEntry {
  return {
    id: r.id,
    businessName: r.businessName,
    clientId: r.clientId ?? null,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    address: r.address,
    ispProvider: r.ispProvider,
    endpoints: r.endpoints.map((e) => ({ id: e.id, name: e.name, url: e.url ?? null, hasPassword: Boolean(e.hasPassword) })),
    hasDomainPassword: r.hasDomainPassword,
    hasHostingPassword: r.hasHostingPassword,
    hasWifiPassword: r.hasWifiPassword,
    hasRouterPassword: r.hasRouterPassword,
    hasIspAccountNumber: r.hasIspAccountNumber,
    hasPhoneAccountNumber: r.hasPhoneAccountNumber,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** `has...` flags of a full row. */
function secretFlags(r: VaultRow): VaultSecretFlags {
  return Object.fromEntries(VAULT_SECRET_FIELDS.map((f) => [vaultSecretFlag(f), r[f] !== null])) as unknown as VaultSecretFlags;
}

/** Full row -> the View dialog's entry (every non-secret field; `names` maps user id -> username). */
export function presentVaultEntry(r: VaultRow, names: Map<string, string>): VaultEntry {
  return {
    id: r.id,
    businessName: r.businessName,
    clientId: r.clientId ?? null,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    address: r.address,
    domainRegistrar: r.domainRegistrar,
    domainUsername: r.domainUsername,
    hostingProvider: r.hostingProvider,
    hostingUsername: r.hostingUsername,
    wifiSsid: r.wifiSsid,
    routerUsername: r.routerUsername,
    staticIp: r.staticIp,
    ispProvider: r.ispProvider,
    phoneProvider: r.phoneProvider,
    notes: r.notes,
    ...secretFlags(r),
    endpoints: r.endpoints.map((e) => ({
      id: e.id,
      name: e.name,
      url: e.url ?? null,
      username: e.username ?? null,
      hasPassword: Boolean(e.password),
    })),
    version: r.version,
    createdBy: r.createdBy,
    createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    updatedBy: r.updatedBy,
    updatedByName: r.updatedBy ? (names.get(r.updatedBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Audit row -> API audit entry. */
export function presentVaultAuditEntry(r: VaultRevealRow): VaultAuditEntry {
  return {
    id: r.id,
    entryId: r.entryId,
    businessName: r.businessName,
    userId: r.userId,
    username: r.username,
    field: r.field as VaultRevealField | 'bundle',
    endpointId: r.endpointId,
    endpointName: r.endpointName,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    source: r.source === 'offline' || r.source === 'device' ? r.source : 'online',
    fieldCount: r.fieldCount,
    deviceName: r.deviceName,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    deviceRevoked: r.deviceRevoked,
  };
}
