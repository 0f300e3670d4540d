/**
 * Writing a backup (docs/backup.md): header with the sealed secrets, the database snapshot
 * (database.ts), then every stored file, then `end`. The database comes first: a file referenced by
 * a row of the snapshot was stored before that row committed, so it is still there when the files
 * are copied (unless it was deleted since: such a name is counted in `missing`, the row then points
 * at nothing, exactly as it would a moment later in the running app).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { PUBLIC_LINK_KEY_FILE } from '../../lib/public-tokens';
import { KEY_FILE_NAME, serializeKeyFile, type VaultKeyring } from '../../lib/vault-keys';
import type { FileStorage } from '../../storage';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, CHUNK_BYTES, sealSecrets, type ArchiveRecord, type Secrets } from './archive';
import { dumpDatabase, migrationTags } from './database';
import { createArchiveWriter } from './stream';

/** The survey link key file (features/surveys/links.ts SURVEY_KEY_FILE; named here to avoid importing a feature). */
const SURVEY_KEY_FILE = 'survey-link.key';

/** A named file store of the app: `files` (FILE_STORAGE) and `attachments`. */
export interface NamedStore {
  name: string;
  storage: FileStorage;
}

/** What a backup reads. */
export interface BackupSources {
  db: Database;
  engine: 'pglite' | 'pg';
  stores: NamedStore[];
  secrets: Secrets;
}

/** What a finished backup holds. */
export interface BackupReport {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files listed but deleted before they were copied. */
  missing: string[];
}

/**
 * The secrets a restore needs, as file name -> text: the whole vault keyring (every key, current
 * first; from VAULT_KEY too, so a restore works without the old environment) and the public and
 * survey link keys when they are files in DATA_DIR.
 */
export function collectSecrets(dataDir: string, keyring: VaultKeyring, now: Date): Secrets {
  const keys = keyring.ids().map((id) => keyring.get(id)!);
  const secrets: Secrets = { [KEY_FILE_NAME]: serializeKeyFile(keyring.current(), keys, now) };
  for (const name of [PUBLIC_LINK_KEY_FILE, SURVEY_KEY_FILE]) {
    try {
      secrets[name] = fs.readFileSync(path.join(dataDir, name), 'utf8');
    } catch {
      // Not created yet (or given by the environment): nothing to keep.
    }
  }
  return secrets;
}

async function copyFiles(stores: NamedStore[], emit: (r: ArchiveRecord) => Promise<void>): Promise<{ files: number; bytes: number; missing: string[] }> {
  let files = 0;
  let bytes = 0;
  const missing: string[] = [];
  for (const { name: store, storage } of stores) {
    for (const obj of await storage.list()) {
      const stream = await storage.read(obj.name);
      if (!stream) {
        missing.push(`${store}/${obj.name}`);
        continue;
      }
      await emit({ kind: 'file', store, name: obj.name });
      const hash = createHash('sha256');
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        await emit({ kind: 'chunk', data: Buffer.concat(pending).toString('base64') });
        pending = [];
        pendingBytes = 0;
      };
      for await (const part of stream as AsyncIterable<Buffer>) {
        hash.update(part);
        size += part.length;
        pending.push(part);
        pendingBytes += part.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      }
      await flush();
      await emit({ kind: 'fileEnd', bytes: size, sha256: hash.digest('hex') });
      files++;
      bytes += size;
    }
  }
  return { files, bytes, missing };
}

/**
 * Writes one archive of `sources` to `file` (atomically: stream.ts), the secrets sealed under
 * `passphrase`. `kdfCost` lowers scrypt's cost in tests only.
 */
export async function writeBackup(
  sources: BackupSources,
  opts: { file: string; passphrase: string; now: Date; kdfCost?: { N: number } },
): Promise<BackupReport> {
  if (!opts.passphrase) throw new Error('A backup needs a passphrase (BACKUP_PASSPHRASE).');
  const secrets = await sealSecrets(sources.secrets, opts.passphrase, opts.kdfCost);
  fs.mkdirSync(path.dirname(path.resolve(opts.file)), { recursive: true });
  const writer = createArchiveWriter(opts.file);
  try {
    await writer.write({
      kind: 'header',
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: opts.now.toISOString(),
      engine: sources.engine,
      migrations: migrationTags(),
      secrets,
    });
    const emit = (r: ArchiveRecord) => writer.write(r);
    const db = await dumpDatabase(sources.db, emit);
    const files = await copyFiles(sources.stores, emit);
    await writer.write({ kind: 'end', tables: db.tables, rows: db.rows, files: files.files, fileBytes: files.bytes });
    const bytes = await writer.finish();
    return { file: path.resolve(opts.file), bytes, ...db, files: files.files, fileBytes: files.bytes, missing: files.missing };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}
