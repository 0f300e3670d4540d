/**
 * Customer Vault rules (SPEC.md 2, 3, 7; DESIGN.md 7): create, edit, delete, list and the delta
 * feed. Write functions take the route's transaction first; no SQL here (repository.ts). Reveals,
 * the audit and the per-device export are in reveal.ts.
 *
 * - Secrets are encrypted before they reach SQL, bound to the entry's `version` (crypto.ts).
 * - A PATCH changes only the fields it carries (field-level last writer wins); an absent secret
 *   keeps its value, re-sealed for the new version with every other secret of the entry
 *   (sealing.ts), so an older ciphertext put back with SQL no longer opens.
 * - Every write takes the delta-sync lock and a new sync_seq (offline index), deletes leave a tombstone.
 */
import { randomUUID } from 'node:crypto';
import { CLIENT_MSG, MSG, VAULT_SECRET_FIELDS, VAULT_TEXT_FIELDS } from '@portal/shared';
import type { VaultCreate, VaultDeltaPage, VaultEndpointValue, VaultEntry, VaultIndexEntry, VaultPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import type { VaultEndpoint } from '../../db/schema';
import { lockSync } from '../../db/sync';
import { badRequest, notFound } from '../../http/errors';
import { getClientCard } from '../clients/port';
import type { AuthUser } from '../../http/state';
import type { Logger } from '../../logger';
import { encryptSecret, type SecretSlot } from './crypto';
import type { VaultKeyring } from '../../lib/vault-keys';
import { presentVaultEntry, presentVaultIndexEntry } from './presenter';
import {
  deleteEntry as deleteEntryRow,
  findEntry,
  insertEntry,
  listIndex,
  listIndexSince,
  listTombstonesSince,
  updateEntry as updateEntryRow,
  usernamesOf,
  type NewVaultRow,
  type VaultRow,
} from './repository';
import { integrityFailed, logIntegrityFailure, resealRow } from './sealing';

export { integrityFailed } from './sealing';

/** What the vault service needs besides the transaction. */
export interface VaultDeps {
  keys: VaultKeyring;
  logger: Logger;
}

/** Largest list page without `limit`, and the delta page size. */
export const VAULT_LIST_LIMIT = 500;
export const VAULT_DELTA_LIMIT = 500;

async function present(db: Database, row: VaultRow): Promise<VaultEntry> {
  return presentVaultEntry(row, await usernamesOf(db, [row.createdBy, row.updatedBy]));
}

/** Encrypts values for one write of an entry (bound to `version`) and remembers what it sealed. */
function sealer(keys: VaultKeyring, entryId: string, version: number) {
  const fresh = new Set<string>();
  const seal = (slot: Omit<SecretSlot, 'entryId' | 'version'>, plaintext: string) => {
    const stored = encryptSecret(keys, { ...slot, entryId, version }, plaintext);
    fresh.add(stored);
    return stored;
  };
  return { seal, fresh };
}

/**
 * Endpoints of a create/update body -> stored endpoints (new passwords sealed by `seal`). A row whose
 * `id` names a stored endpoint keeps that endpoint's url, username and stored password for every key
 * it does not send (an offline edit knows only names and URLs); null or '' clears; new rows get a fresh id.
 */
function storeEndpoints(seal: ReturnType<typeof sealer>['seal'], input: VaultEndpointValue[], previous: VaultEndpoint[]): VaultEndpoint[] {
  const byId = new Map(previous.map((e) => [e.id, e]));
  return input.map((e) => {
    const old = e.id ? byId.get(e.id) : undefined;
    const id = old?.id ?? randomUUID();
    const password = e.password === undefined ? (old?.password ?? null) : e.password === null ? null : seal({ field: 'endpointPassword', endpointId: id }, e.password);
    const url = e.url === undefined ? (old?.url ?? null) : e.url;
    const username = e.username === undefined ? (old?.username ?? null) : e.username;
    return { id, name: e.name, url, username, password };
  });
}

/** A client id an entry may belong to (null: none). @throws 400 under `clientId` for an unknown client. */
async function checkClient(tx: Database, clientId: string | null | undefined): Promise<void> {
  if (clientId && !(await getClientCard(tx, clientId))) throw badRequest(CLIENT_MSG.notFound, { clientId: [CLIENT_MSG.notFound] });
}

/** Creates an entry (POST /api/vault) at version 1. */
export async function createEntry(tx: Database, deps: VaultDeps, input: VaultCreate, actor: AuthUser, now: Date): Promise<VaultEntry> {
  await checkClient(tx, input.clientId);
  await lockSync(tx);
  const id = randomUUID();
  const { seal } = sealer(deps.keys, id, 1);
  const values: NewVaultRow = { id, businessName: input.businessName, clientId: input.clientId ?? null, version: 1, createdBy: actor.id, updatedBy: actor.id, createdAt: now, updatedAt: now };
  for (const f of VAULT_TEXT_FIELDS) values[f] = input[f] ?? null;
  for (const f of VAULT_SECRET_FIELDS) {
    const plain = input[f];
    values[f] = plain ? seal({ field: f }, plain) : null;
  }
  values.endpoints = storeEndpoints(seal, input.endpoints, []);
  return present(tx, await insertEntry(tx, values));
}

/** Non-secret view of stored endpoints, to tell whether a sent list changes anything. */
function endpointShape(list: VaultEndpoint[]): string {
  return JSON.stringify(list.map((e) => [e.id, e.name, e.url ?? null, e.username ?? null, e.password ?? null]));
}

/**
 * Applies a PATCH (SPEC.md 7). Only sent fields change; sending nothing new changes nothing (no
 * version bump). A change bumps the version and re-seals every secret for it (sealing.ts); a
 * stored secret that fails its check is kept as it is (it keeps failing) and logged, except when
 * its key is missing: then the edit is refused, so a misconfigured keyring cannot make a value
 * unreadable for good. @throws 404 MSG.vaultEntryNotFound; 500 integrity_failed (unknown key).
 */
export async function updateEntry(tx: Database, deps: VaultDeps, id: string, patch: VaultPatch, actor: AuthUser, now: Date): Promise<VaultEntry> {
  await lockSync(tx);
  const current = await findEntry(tx, id, true);
  if (!current) throw notFound(MSG.vaultEntryNotFound);
  const version = current.version + 1;
  const { seal, fresh } = sealer(deps.keys, id, version);
  const set: Partial<NewVaultRow> = {};
  if (patch.businessName !== undefined && patch.businessName !== current.businessName) set.businessName = patch.businessName;
  if (patch.clientId !== undefined && patch.clientId !== current.clientId) {
    await checkClient(tx, patch.clientId);
    set.clientId = patch.clientId;
  }
  for (const f of VAULT_TEXT_FIELDS) {
    const v = patch[f];
    if (v !== undefined && v !== current[f]) set[f] = v;
  }
  for (const f of VAULT_SECRET_FIELDS) {
    const v = patch[f];
    if (v === undefined) continue;
    if (v === null) {
      if (current[f] !== null) set[f] = null;
    } else set[f] = seal({ field: f }, v);
  }
  if (patch.endpoints !== undefined) {
    const next = storeEndpoints(seal, patch.endpoints, current.endpoints);
    if (endpointShape(next) !== endpointShape(current.endpoints)) set.endpoints = next;
  }
  if (Object.keys(set).length === 0) return present(tx, current);
  const resealed = resealRow(deps.keys, { ...current, ...set, version: current.version } as VaultRow, version, fresh);
  for (const err of resealed.failures) logIntegrityFailure(deps.logger, err, { during: 'update', userId: actor.id });
  if (resealed.failures.some((err) => err.reason === 'unknown_key')) throw integrityFailed();
  return present(tx, await updateEntryRow(tx, id, { ...set, ...resealed.set, updatedBy: actor.id, updatedAt: now }, version));
}

/** Deletes an entry for good and leaves a tombstone for offline devices. @throws 404. */
export async function deleteEntry(tx: Database, id: string, now: Date): Promise<void> {
  await lockSync(tx);
  if (!(await deleteEntryRow(tx, id, now))) throw notFound(MSG.vaultEntryNotFound);
}

/** One entry for the View dialog (no secret values). @throws 404. */
export async function getEntry(db: Database, id: string): Promise<VaultEntry> {
  const row = await findEntry(db, id);
  if (!row) throw notFound(MSG.vaultEntryNotFound);
  return present(db, row);
}

/** GET /api/vault: the index sorted by business name, optionally searched (never a secret). */
export async function listEntries(db: Database, q: string | undefined, limit = VAULT_LIST_LIMIT, clientId?: string): Promise<VaultIndexEntry[]> {
  return (await listIndex(db, q, limit, clientId)).map(presentVaultIndexEntry);
}

/**
 * GET /api/vault?since=CURSOR: entries changed and ids deleted after the cursor, in sync_seq order,
 * at most `limit` changes; `more` says another page waits (call again with `cursor`).
 */
export async function listEntriesSince(db: Database, since: string, limit = VAULT_DELTA_LIMIT): Promise<VaultDeltaPage> {
  const from = Number(since);
  const [rows, tombs] = await Promise.all([listIndexSince(db, from, limit + 1), listTombstonesSince(db, from, limit + 1)]);
  const changes = [
    ...rows.map((r) => ({ seq: r.syncSeq, row: r, deleted: null })),
    ...tombs.map((t) => ({ seq: t.syncSeq, row: null, deleted: t.entryId })),
  ].sort((a, b) => a.seq - b.seq);
  const page = changes.slice(0, limit);
  const cursor = String(page.reduce((max, c) => Math.max(max, c.seq), from));
  return {
    items: page.flatMap((c) => (c.row ? [presentVaultIndexEntry(c.row)] : [])),
    deleted: page.flatMap((c) => (c.deleted ? [c.deleted] : [])),
    cursor,
    more: changes.length > limit,
  };
}

