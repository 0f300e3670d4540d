/**
 * Vault key rotation (`npm run vault:rotate-key`, scripts/vault-rotate-key.ts): re-encrypts every
 * stored secret under a new key. Resumable and loss-free when stopped at ANY point:
 *
 * 1. Key file mode (no VAULT_KEY): when the key file holds ONE key, a new random key is added as
 *    `current` and the old one is KEPT (atomic rewrite, 0600). Running API processes notice the
 *    rewritten file and encrypt new values with the new key from then on. When the file already
 *    holds several keys, an earlier run stopped half-way: it is resumed, no new key is made.
 *    Env mode (VAULT_KEY set): the operator already made VAULT_KEY the new key and listed the old
 *    one(s) in VAULT_PREVIOUS_KEYS (or they are in an old key file); only steps 2-3 run.
 * 2. Entries are walked in id order in small batches; each entry with a secret under an old key
 *    or in the old `v1:` form (no version binding, crypto.ts) is locked, and every such secret is
 *    decrypted and re-encrypted with the current key as `v2:` bound to the entry's version
 *    (sealing.ts `resealRow`) in ITS OWN transaction. A stop between two entries leaves every entry readable (old or new key, both in
 *    the keyring). Passes repeat until one finds nothing left (a process that encrypted with the
 *    old key just before it saw the new file is caught by the next pass).
 * 3. Only when a full pass finds no secret under an old key and no failure are the old keys
 *    dropped from the key file. A secret that fails its integrity check cannot be re-encrypted: it
 *    is reported (entry, field, reason; never a value) and the old keys stay, exit code 1.
 *
 * Other tables holding values under the vault keyring (the offline devices' bundle keys) are passed
 * as `stores` ({@link KeyedStore}) and re-encrypted in the same passes; the old keys are dropped
 * only when, right before, no secret and no store value still uses one (never while anything
 * does: a value under a dropped key could never be read again).
 *
 * Plaintext is unchanged, so version, sync_seq and updatedAt are not touched (values stay bound to
 * the version they were read at). After a finished rotation no `v1:` value is left under a key
 * of the keyring, so an older v1 ciphertext put back (from a backup) fails with 'unknown_key'.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { isCurrentFormat, type VaultIntegrityError, type SecretSlot } from './crypto';
import {
  VAULT_KEY_BYTES,
  keyCreatedAt,
  keyFilePath,
  readKeyFile,
  replaceKeyFile,
  serializeKeyFile,
  staticKeyring,
  vaultKey,
  createKeyFileOnce,
  type VaultKeyConfig,
  type VaultKeyring,
} from '../../lib/vault-keys';
import { listSecretRows, lockSecretRow, writeSecretColumns, type VaultSecretRow } from './repository';
import { resealRow, slotsOf } from './sealing';

/** Another table's values under the vault keyring (e.g. device bundle keys), rotated with the secrets. */
export interface KeyedStore {
  name: string;
  /** Re-encrypts every value not under the keyring's current key (each in its own transaction). */
  pass(db: Database, keys: VaultKeyring): Promise<{ rewritten: number; failures: string[] }>;
  /** How many values still use another key than `currentId`. */
  countOld(db: Database, currentId: string): Promise<number>;
}

/** A secret that could not be re-encrypted. */
export interface RotationFailure {
  entryId: string;
  field: SecretSlot['field'];
  endpointId: string | null;
  reason: VaultIntegrityError['reason'];
}

export interface RotationReport {
  /** Id of the key every secret is now (or will be, after a resume) encrypted with. */
  keyId: string;
  mode: 'file' | 'env';
  /** True when this run created the new key (false: resumed, or env mode). */
  startedNewRotation: boolean;
  /** Entries rewritten and secrets re-encrypted by this run. */
  entriesRewritten: number;
  secretsReencrypted: number;
  failures: RotationFailure[];
  /** Values of `stores` that could not be re-encrypted (old keys kept). */
  storeFailures: string[];
  /** True when the old keys were dropped from the key file (file mode, clean finish). */
  oldKeysRemoved: boolean;
  /** Old key ids still in the keyring after this run. */
  oldKeyIds: string[];
}

export interface RotationOptions {
  db: Database;
  /**
   * Other features' values sealed under the vault keyring (scripts/vault-rotate-key.ts passes the
   * two-factor secrets): re-sealed under the current key after the passes; a failure keeps the old keys.
   */
  alsoReseal?: { name: string; reseal(keyring: VaultKeyring): Promise<{ resealed: number; failed: number }> }[];
  config: VaultKeyConfig;
  now?: () => Date;
  /** Entries per page (default 100). */
  batchSize?: number;
  /** Wait after switching keys, so requests that loaded the old key finish first (default 2000 ms). */
  graceMs?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** The new key (tests); default 32 random bytes. */
  newKey?: Buffer;
  /** Test hook: throw after this many entries were rewritten (simulates a crash half-way). */
  crashAfterEntries?: number;
  /** Other tables under the vault keyring, rotated in the same passes (default none). */
  stores?: KeyedStore[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prepares the keyring of this run (see the module doc, step 1). */
function prepareKeyring(opts: RotationOptions, log: (l: string) => void): { keyring: VaultKeyring; started: boolean; file: string | null } {
  const now = opts.now ?? (() => new Date());
  const file = keyFilePath(opts.config);
  const fromFile = readKeyFile(file);
  if (opts.config.vaultKey) {
    const keyring = staticKeyring([opts.config.vaultKey, ...opts.config.vaultPreviousKeys, ...(fromFile?.keys.map((k) => k.key) ?? [])], 'env');
    log(`VAULT_KEY mode: re-encrypting under key ${keyring.current().id}; old keys: ${keyring.ids().slice(1).join(', ') || 'none'}`);
    return { keyring, started: false, file: null };
  }
  if (!fromFile) {
    const key = vaultKey(opts.newKey ?? randomBytes(VAULT_KEY_BYTES));
    createKeyFileOnce(file, serializeKeyFile(key, [], now()));
    const created = readKeyFile(file)!;
    log(`No key file existed: created ${file} with key ${created.current.id}`);
    return { keyring: staticKeyring(created.keys.map((k) => k.key), 'file'), started: true, file };
  }
  if (fromFile.keys.length > 1) {
    log(`Resuming the rotation to key ${fromFile.current.id}; old keys kept until done: ${fromFile.keys.slice(1).map((k) => k.id).join(', ')}`);
    return { keyring: staticKeyring(fromFile.keys.map((k) => k.key), 'file'), started: false, file };
  }
  const next = vaultKey(opts.newKey ?? randomBytes(VAULT_KEY_BYTES));
  replaceKeyFile(file, serializeKeyFile(next, fromFile.keys, now(), keyCreatedAt(fromFile.text)));
  log(`New key ${next.id} is current; old key ${fromFile.current.id} is kept in ${file} until every secret is re-encrypted`);
  return { keyring: staticKeyring([next.key, ...fromFile.keys.map((k) => k.key)], 'file'), started: true, file };
}

const needsRotation = (row: VaultSecretRow, currentId: string) => slotsOf(row).some((s) => !isCurrentFormat(s.stored, currentId));

/** Re-seals one locked row at its own version under the current key (sealing.ts); failures keep their value. */
function rotateRow(keyring: VaultKeyring, row: VaultSecretRow) {
  const r = resealRow(keyring, row, row.version);
  const failures: RotationFailure[] = r.failures.map((e) => ({ entryId: e.slot.entryId, field: e.slot.field, endpointId: e.slot.endpointId ?? null, reason: e.reason }));
  return { set: r.set, count: r.count, failures };
}

/** One pass over every entry; see the module doc, step 2. */
async function pass(opts: RotationOptions, keyring: VaultKeyring, counters: { entries: number; secrets: number }): Promise<{ rewritten: number; failures: RotationFailure[] }> {
  const currentId = keyring.current().id;
  const batchSize = opts.batchSize ?? 100;
  const failures: RotationFailure[] = [];
  let rewritten = 0;
  let after: string | null = null;
  for (;;) {
    const page = await listSecretRows(opts.db, after, batchSize);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const candidate of page) {
      if (!needsRotation(candidate, currentId)) continue;
      const result = await opts.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Database;
        const row = await lockSecretRow(tx, candidate.id);
        if (!row) return null; // deleted meanwhile
        const r = rotateRow(keyring, row);
        if (Object.keys(r.set).length > 0) await writeSecretColumns(tx, row.id, r.set);
        return r;
      });
      if (!result) continue;
      failures.push(...result.failures);
      if (Object.keys(result.set).length > 0) {
        rewritten += 1;
        counters.entries += 1;
        counters.secrets += result.count;
        if (opts.crashAfterEntries !== undefined && counters.entries >= opts.crashAfterEntries) throw new Error('rotation interrupted (test)');
      }
    }
  }
  return { rewritten, failures };
}

/** Secrets and store values still under another key than `currentId` (checked right before old keys are dropped). */
async function countOldValues(opts: RotationOptions, currentId: string): Promise<number> {
  let n = 0;
  let after: string | null = null;
  for (;;) {
    const page = await listSecretRows(opts.db, after, 500);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    n += page.filter((row) => needsRotation(row, currentId)).length;
  }
  for (const store of opts.stores ?? []) n += await store.countOld(opts.db, currentId);
  return n;
}

/**
 * Runs (or resumes) a key rotation; see the module doc.
 * @returns the report; `failures` non-empty means the old keys were kept and it must be run again
 *   after the reported secrets are fixed (re-entered or cleared).
 */
export async function rotateVaultKey(opts: RotationOptions): Promise<RotationReport> {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? (() => new Date());
  const { keyring, started, file } = prepareKeyring(opts, log);
  if (started && (opts.graceMs ?? 2000) > 0) await sleep(opts.graceMs ?? 2000);
  const counters = { entries: 0, secrets: 0 };
  let failures: RotationFailure[] = [];
  let lastRewritten = 0;
  let storeFailures: string[] = [];
  for (let round = 1; round <= 5; round += 1) {
    const r = await pass(opts, keyring, counters);
    failures = r.failures;
    lastRewritten = r.rewritten;
    storeFailures = [];
    for (const store of opts.stores ?? []) {
      const s = await store.pass(opts.db, keyring);
      lastRewritten += s.rewritten;
      storeFailures.push(...s.failures);
      if (s.rewritten > 0) log(`Pass ${round}: ${s.rewritten} ${store.name} re-encrypted`);
    }
    log(`Pass ${round}: ${r.rewritten} entries re-encrypted${r.failures.length ? `, ${r.failures.length} secrets failed` : ''}`);
    if (lastRewritten === 0 || failures.length > 0 || storeFailures.length > 0) break;
  }
  for (const f of storeFailures) log(`FAILED ${f}`);
  // Other values sealed under the same keyring (two-factor secrets) move too, before old keys go.
  let otherFailed = 0;
  for (const other of opts.alsoReseal ?? []) {
    const r = await other.reseal(keyring);
    otherFailed += r.failed;
    if (r.resealed > 0 || r.failed > 0) log(`${other.name}: ${r.resealed} re-encrypted${r.failed ? `, ${r.failed} failed (old keys kept)` : ''}`);
  }
  // Clean only when the last pass found nothing left under an old key, and nothing uses one now.
  let leftover = failures.length === 0 && storeFailures.length === 0 && otherFailed === 0 ? lastRewritten : 1;
  if (leftover === 0) leftover = await countOldValues(opts, keyring.current().id);
  let oldKeysRemoved = false;
  const oldKeyIds = keyring.ids().slice(1);
  if (failures.length === 0 && leftover === 0 && file && oldKeyIds.length > 0) {
    const current = readKeyFile(file)!;
    if (current.current.id !== keyring.current().id) throw new Error(`the key file changed during the rotation (current is now ${current.current.id}); run again`);
    replaceKeyFile(file, serializeKeyFile(keyring.current(), [], now(), keyCreatedAt(current.text)));
    oldKeysRemoved = true;
    log(`Every secret uses key ${keyring.current().id}; old keys removed from ${file}`);
  } else if (failures.length === 0 && leftover === 0 && !file && oldKeyIds.length > 0) {
    log(`Every secret uses VAULT_KEY (${keyring.current().id}). Remove VAULT_PREVIOUS_KEYS${readKeyFile(keyFilePath(opts.config)) ? ' and the old key file' : ''} and restart.`);
  }
  for (const f of failures) log(`FAILED entry ${f.entryId} ${f.field}${f.endpointId ? ` (endpoint ${f.endpointId})` : ''}: ${f.reason}`);
  return {
    keyId: keyring.current().id,
    mode: file ? 'file' : 'env',
    startedNewRotation: started,
    entriesRewritten: counters.entries,
    secretsReencrypted: counters.secrets,
    failures,
    storeFailures,
    oldKeysRemoved,
    oldKeyIds: oldKeysRemoved ? [] : oldKeyIds,
  };
}
