/**
 * The backup archive format (docs/backup.md): one gzip stream of JSON lines, each a {@link ArchiveRecord}.
 * Order: `header` (format, engine, migrations, the secrets sealed under the operator's passphrase),
 * then per table `table` + `rows` batches, the `sequence` values, per stored file `file` + `chunk`s
 * (base64) + `fileEnd` (size, SHA-256), and last `end` (counts). A file without `end` is truncated
 * and is refused by restore.
 *
 * Secrets (the vault keyring, the public and survey link keys) are never in clear: they are one JSON
 * object encrypted with AES-256-GCM under a key derived from the passphrase with scrypt
 * (N=2^17, r=8, p=1, 16-byte random salt; node:crypto), the header's format line as associated data.
 * A wrong passphrase fails GCM's tag check: {@link WrongPassphraseError}.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

/** Value of `header.format`. */
export const ARCHIVE_FORMAT = 'it-support-portal-backup';
/** Version of the format this code writes and reads. */
export const ARCHIVE_VERSION = 1;
/** Raw bytes per `chunk` record of a file. */
export const CHUNK_BYTES = 192 * 1024;
/** Rows per `rows` record. */
export const ROWS_PER_RECORD = 500;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

/** scrypt parameters (OWASP's recommended N=2^17, r=8, p=1: 128 MiB, about half a second). */
export interface KdfParams {
  name: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
}

/** The sealed secrets in the header. */
export interface SealedSecrets {
  kdf: KdfParams;
  nonce: string;
  data: string;
  tag: string;
}

/** What the sealed secrets hold: file name in DATA_DIR -> its text (vault-keys.json, public-link.key, survey-link.key). */
export type Secrets = Record<string, string>;

export interface HeaderRecord {
  kind: 'header';
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'pg';
  /** Tags of the migrations the database had (api/drizzle/meta/_journal.json). */
  migrations: string[];
  secrets: SealedSecrets;
}
export interface TableRecord {
  kind: 'table';
  schema: string;
  name: string;
  columns: string[];
}
export interface RowsRecord {
  kind: 'rows';
  rows: unknown[];
}
export interface SequenceRecord {
  kind: 'sequence';
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}
export interface FileRecord {
  kind: 'file';
  /** `files` (FILE_STORAGE) or `attachments`. */
  store: string;
  name: string;
}
export interface ChunkRecord {
  kind: 'chunk';
  data: string;
}
export interface FileEndRecord {
  kind: 'fileEnd';
  bytes: number;
  sha256: string;
}
export interface EndRecord {
  kind: 'end';
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}
export type ArchiveRecord = HeaderRecord | TableRecord | RowsRecord | SequenceRecord | FileRecord | ChunkRecord | FileEndRecord | EndRecord;

/** The passphrase did not open the archive's secrets. Changes nothing; says so. */
export class WrongPassphraseError extends Error {
  constructor() {
    super('Wrong passphrase: the backup\'s keys could not be decrypted. Nothing was restored or changed.');
    this.name = 'WrongPassphraseError';
  }
}

/** The archive is not a backup of this app, or is damaged or truncated. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const DEFAULT_KDF = { N: 2 ** 17, r: 8, p: 1 };
const AAD = Buffer.from(`${ARCHIVE_FORMAT}/${ARCHIVE_VERSION}/secrets`, 'utf8');

async function deriveKey(passphrase: string, kdf: KdfParams): Promise<Buffer> {
  if (kdf.name !== 'scrypt' || kdf.N > 2 ** 20 || kdf.r > 32 || kdf.p > 16) throw new ArchiveError('The backup names an unknown key derivation.');
  return scryptAsync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 64 * 1024 * 1024 });
}

/** Encrypts `secrets` under `passphrase` (see module doc). `cost` lowers scrypt's N in tests only. */
export async function sealSecrets(secrets: Secrets, passphrase: string, cost: Partial<typeof DEFAULT_KDF> = {}): Promise<SealedSecrets> {
  const kdf: KdfParams = { name: 'scrypt', ...DEFAULT_KDF, ...cost, salt: randomBytes(16).toString('base64') };
  const key = await deriveKey(passphrase, kdf);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(AAD);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return { kdf, nonce: nonce.toString('base64'), data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Decrypts the header's secrets. @throws WrongPassphraseError when the passphrase (or the data) does not match. */
export async function openSecrets(sealed: SealedSecrets, passphrase: string): Promise<Secrets> {
  const key = await deriveKey(passphrase, sealed.kdf);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.nonce, 'base64'));
    decipher.setAAD(AAD);
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Secrets;
  } catch {
    throw new WrongPassphraseError();
  }
}

/** Checks the first record of an archive. @throws ArchiveError */
export function checkHeader(first: unknown): HeaderRecord {
  const h = first as Partial<HeaderRecord> | null;
  if (!h || h.kind !== 'header' || h.format !== ARCHIVE_FORMAT) throw new ArchiveError('This file is not a backup of the IT support portal.');
  if (h.version !== ARCHIVE_VERSION) throw new ArchiveError(`This backup has format version ${String(h.version)}; this version of the portal reads version ${ARCHIVE_VERSION}.`);
  return h as HeaderRecord;
}
