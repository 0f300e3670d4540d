/**
 * Restoring a backup (docs/backup.md). Nothing in the target changes until the archive's header is
 * read, its migration list matches this version's, the passphrase opens its secrets and the target
 * is empty (or `force`). Then, with the target's database open (migrated to this version): one
 * transaction empties every table and loads the rows (database.ts) while the files are written to
 * their stores; it commits only when the archive's `end` record arrives, so a truncated or damaged
 * archive leaves the database as it was and removes the files it wrote. The secrets (vault keyring,
 * link keys) are written into DATA_DIR last; an existing keyring is kept beside the restored one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Database } from '../../db/client';
import { KEY_FILE_NAME, keyCreatedAt, parseKeyFile, readKeyFile, replaceKeyFile, serializeKeyFile } from '../../lib/vault-keys';
import { ArchiveError, checkHeader, openSecrets, type EndRecord, type HeaderRecord, type ArchiveRecord, type Secrets } from './archive';
import type { NamedStore } from './backup';
import { migrationTags, startLoading } from './database';
import { readArchive } from './stream';

/** The target holds data and `force` was not given. */
export class TargetNotEmptyError extends Error {
  constructor(readonly found: string[]) {
    super(`The target is not empty (${found.join(', ')}): restore refuses to overwrite it. Use an empty DATA_DIR or database, or add --force to replace its contents.`);
    this.name = 'TargetNotEmptyError';
  }
}

/** An opened restore target. */
export interface RestoreTarget {
  db: Database;
  stores: NamedStore[];
  close(): Promise<void>;
}

export interface RestoreOptions {
  file: string;
  passphrase: string;
  dataDir: string;
  force: boolean;
  /** What the target already holds (empty list: nothing); checked after the passphrase. */
  contents(): Promise<string[]>;
  /** Opens the target's database (running this version's migrations) and stores. */
  open(): Promise<RestoreTarget>;
  now: Date;
}

/** Reads the header and opens the secrets. @throws ArchiveError, WrongPassphraseError */
export async function readHeader(file: string, passphrase: string): Promise<{ header: HeaderRecord; secrets: Secrets }> {
  if (!fs.existsSync(file)) throw new ArchiveError(`No backup file at ${file}.`);
  const records = readArchive(file);
  const first = await records.next();
  await records.return(undefined);
  const header = checkHeader(first.done ? null : first.value);
  const ours = migrationTags();
  if (header.migrations.join('\n') !== ours.join('\n')) {
    throw new ArchiveError(
      `This backup was made by another version of the portal (${header.migrations.length} migrations, last ${header.migrations.at(-1)}; this version has ${ours.length}, last ${ours.at(-1)}). Restore it with the version that made it, then upgrade.`,
    );
  }
  return { header, secrets: await openSecrets(header.secrets, passphrase) };
}

/** Loads records into the transaction and the stores; returns the `end` record. */
async function load(tx: Database, records: AsyncGenerator<ArchiveRecord>, stores: NamedStore[], written: { store: NamedStore; name: string }[]): Promise<EndRecord> {
  const loader = await startLoading(tx);
  let file: { body: PassThrough; put: Promise<unknown>; hash: ReturnType<typeof createHash>; bytes: number } | null = null;
  for await (const r of records) {
    switch (r.kind) {
      case 'header':
        break;
      case 'table':
        await loader.table(r);
        break;
      case 'rows':
        await loader.rows(r.rows);
        break;
      case 'sequence':
        await loader.sequence(r);
        break;
      case 'file': {
        const store = stores.find((s) => s.name === r.store);
        if (!store) throw new ArchiveError(`The backup has files of an unknown store ${r.store}.`);
        const body = new PassThrough();
        body.on('error', () => undefined); // a checksum mismatch destroys it; the put's rejection reports it
        written.push({ store, name: r.name });
        file = { body, put: store.storage.put(r.name, body, { contentType: 'application/octet-stream' }), hash: createHash('sha256'), bytes: 0 };
        file.put.catch(() => undefined);
        break;
      }
      case 'chunk': {
        if (!file) throw new ArchiveError('The backup has file data outside a file.');
        const data = Buffer.from(r.data, 'base64');
        file.hash.update(data);
        file.bytes += data.length;
        if (!file.body.write(data)) await Promise.race([once(file.body, 'drain'), file.put]);
        break;
      }
      case 'fileEnd': {
        if (!file) throw new ArchiveError('The backup has a file end outside a file.');
        const ok = file.hash.digest('hex') === r.sha256 && file.bytes === r.bytes;
        if (!ok) file.body.destroy(new Error('checksum mismatch'));
        else file.body.end();
        await file.put.catch((err: unknown) => {
          throw ok ? err : new ArchiveError('The backup file is damaged (a stored file does not match its checksum).');
        });
        file = null;
        break;
      }
      case 'end':
        return r;
    }
  }
  throw new ArchiveError('The backup file is truncated (no end record): nothing was restored.');
}

function writeSecrets(dataDir: string, secrets: Secrets, now: Date): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(secrets)) {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) continue;
    const file = path.join(dataDir, name);
    if (name !== KEY_FILE_NAME) {
      fs.writeFileSync(file, text, { mode: 0o600 });
      continue;
    }
    const restored = parseKeyFile(file, text);
    const existing = readKeyFile(file);
    const merged = serializeKeyFile(restored.current, [...restored.keys, ...(existing?.keys ?? [])], now, new Map([...keyCreatedAt(existing?.text ?? ''), ...keyCreatedAt(text)]));
    if (existing) replaceKeyFile(file, merged);
    else fs.writeFileSync(file, merged, { mode: 0o600, flag: 'wx' });
  }
}

/**
 * Restores `opts.file` (see module doc).
 * @throws ArchiveError, WrongPassphraseError, TargetNotEmptyError (each before anything changed).
 */
export async function restoreBackup(opts: RestoreOptions): Promise<EndRecord> {
  const { secrets } = await readHeader(opts.file, opts.passphrase);
  const found = await opts.contents();
  if (found.length > 0 && !opts.force) throw new TargetNotEmptyError(found);
  const target = await opts.open();
  const written: { store: NamedStore; name: string }[] = [];
  try {
    const end = await target.db.transaction((tx) => load(tx, readArchive(opts.file), target.stores, written));
    writeSecrets(opts.dataDir, secrets, opts.now);
    return end;
  } catch (err) {
    if (!opts.force) for (const w of written) await w.store.storage.delete(w.name).catch(() => false);
    throw err;
  } finally {
    await target.close();
  }
}
