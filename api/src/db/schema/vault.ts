/** The Customer Vault: entries, tombstones for delta sync, the reveal audit, offline devices (SPEC.md 3, DESIGN.md 7). Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, syncSeqColumn } from './columns';
import { users } from './accounts';
import { clients } from './clients';

/**
 * One endpoint of a vault entry (SPEC.md 3), stored in the `endpoints` jsonb list. `id` is stable
 * across edits (it is part of the password's associated data and lets an edit keep the stored
 * password); `password` is the encrypted value (api/src/features/vault/crypto.ts), never plaintext.
 */
export interface VaultEndpoint {
  id: string;
  name: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
}

/** Secret columns of customer_vault (AES-256-GCM ciphertext, `v2:<keyId>:<version>:...` or the older `v1:<keyId>:...`; DESIGN.md 7). */
const VAULT_SECRET_COLUMNS = [
  'domain_password',
  'hosting_password',
  'wifi_password',
  'router_password',
  'isp_account_number',
  'phone_account_number',
] as const;

/**
 * SPEC.md 3 customer_vault. Secret columns hold AES-256-GCM ciphertext (DESIGN.md 7); a CHECK refuses
 * anything that does not look like the ciphertext format, so a bug can never store a plaintext
 * secret. `version` grows with every change; `sync_seq` feeds the offline index's delta sync.
 */
export const customerVault = pgTable(
  'customer_vault',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    domainRegistrar: text('domain_registrar'),
    domainUsername: text('domain_username'),
    domainPassword: text('domain_password'),
    hostingProvider: text('hosting_provider'),
    hostingUsername: text('hosting_username'),
    hostingPassword: text('hosting_password'),
    wifiSsid: text('wifi_ssid'),
    wifiPassword: text('wifi_password'),
    routerUsername: text('router_username'),
    routerPassword: text('router_password'),
    staticIp: text('static_ip'),
    ispProvider: text('isp_provider'),
    ispAccountNumber: text('isp_account_number'),
    phoneProvider: text('phone_provider'),
    phoneAccountNumber: text('phone_account_number'),
    notes: text('notes'),
    /** The client this entry belongs to (docs/clients.md); one client may have several entries. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    endpoints: jsonb('endpoints').$type<VaultEndpoint[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    syncSeq: syncSeqColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_vault_business_name_idx').on(t.businessName),
    index('customer_vault_sort_idx').on(sql`lower(${t.businessName})`, t.id),
    index('customer_vault_sync_seq_idx').on(t.syncSeq),
    index('customer_vault_client_idx').on(t.clientId),
    ...VAULT_SECRET_COLUMNS.map((c) =>
      check(
        `customer_vault_${c}_encrypted`,
        sql`${sql.identifier(c)} is null or ${sql.identifier(c)} ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$'`,
      ),
    ),
  ],
);

/**
 * Deleted vault entries, so the offline index's delta sync can remove them from devices
 * (`GET /api/vault?since=` lists their ids in `deleted`). Only the id is kept; nothing of the entry.
 */
export const vaultTombstones = pgTable(
  'vault_tombstones',
  {
    entryId: uuid('entry_id').primaryKey(),
    syncSeq: syncSeqColumn(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('vault_tombstones_sync_seq_idx').on(t.syncSeq)],
);

/**
 * The reveal audit: one row per secret revealed, with who, which entry and field, when
 * and from which IP. Append-only: the app never updates or deletes a row, and there are no foreign
 * keys, so deleting the entry or the user cannot change or remove the evidence (names are copied).
 */
export const vaultReveals = pgTable(
  'vault_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id').notNull(),
    businessName: text('business_name').notNull(),
    userId: uuid('user_id'),
    username: text('username').notNull(),
    field: text('field').notNull(),
    endpointId: uuid('endpoint_id'),
    endpointName: text('endpoint_name'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    /** When the value was shown; for an offline reveal the device's time of the reveal. */
    createdAt: createdAt(),
    /** 'online' (reveal API) or 'offline' (reported later by a device). */
    source: text('source').notNull().default('online'),
    /** Offline reveals: the device (no foreign key: evidence outlives the device row), its name, when reported. */
    deviceId: uuid('device_id'),
    deviceName: text('device_name'),
    receivedAt: ts('received_at'),
    /** Offline reveal reported after the device's access ended (revoked or expired); the reveal was before. */
    deviceRevoked: boolean('device_revoked').notNull().default(false),
    /** source 'device' (an entry's secrets sent to a device, field 'bundle'): how many secrets it carried. */
    fieldCount: integer('field_count'),
    /** Online reveals: the step-up that allowed it (README "Two-factor authentication": method and when). */
    stepUpMethod: text('step_up_method'),
    stepUpAt: ts('step_up_at'),
  },
  (t) => [
    check('vault_reveals_source_check', sql`${t.source} in ('online', 'offline', 'device')`),
    index('vault_reveals_created_at_idx').on(t.createdAt),
    index('vault_reveals_entry_id_idx').on(t.entryId, t.createdAt),
    index('vault_reveals_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Devices with offline vault access: one row per grant ("Keep vault available offline"
 * on a device). `bundle_key` is the device's random 256-bit bundle key encrypted under the vault
 * keyring (same `v1:<keyId>:` format as the secrets; the server needs it to re-encrypt deltas).
 * A revoked row stays (the admin list and the audit know which device had access until when); its
 * bundle key is erased. Reveals reported by a device refer to it by id without a foreign key.
 */
export const vaultDevices = pgTable(
  'vault_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the user is deleted: the row stays as evidence of who had access (`username` keeps the name). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull().default(''),
    deviceName: text('device_name').notNull(),
    bundleKey: text('bundle_key'),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    lastSyncAt: ts('last_sync_at'),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the grant was approved (null: waiting for an administrator; the feed sends nothing). */
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** How: 'admin' (an administrator approved), 'self_admin' (granted by an admin), 'step_up' (fresh second factor), 'not_required', 'legacy'. */
    approvalMethod: text('approval_method'),
    /** The step-up that allowed the grant (an export of the vault: README "Two-factor authentication"). */
    stepUpMethod: text('step_up_method'),
    stepUpAt: ts('step_up_at'),
  },
  (t) => [
    index('vault_devices_user_id_idx').on(t.userId),
    index('vault_devices_granted_at_idx').on(t.grantedAt),
    check('vault_devices_bundle_key_encrypted', sql`${t.bundleKey} is null or ${t.bundleKey} ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$'`),
    check('vault_devices_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null) and (${t.revokedAt} is null or ${t.bundleKey} is null)`),
  ],
);

/**
 * One page of a device feed that carried secrets (an export, docs/vault.md "Customer Vault offline"): who
 * asked, from where, which entries and how many secrets. The per-entry audit rows are in
 * vault_reveals (source 'device'). No foreign keys: the evidence outlives devices and users.
 */
export const vaultDeviceDeliveries = pgTable(
  'vault_device_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id').notNull(),
    userId: uuid('user_id'),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    entryIds: jsonb('entry_ids').$type<string[]>().notNull(),
    secretCount: integer('secret_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vault_device_deliveries_device_idx').on(t.deviceId, t.createdAt)],
);
