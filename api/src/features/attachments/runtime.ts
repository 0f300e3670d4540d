/**
 * The attachments feature's moving parts for one app (docs/attachments.md), built once per
 * Services object and shared by its routes and its port:
 * - `uploads`: the tus data store of unfinished and finished uploads. Disk (`FILE_STORAGE=disk`):
 *   `@tus/file-store` in `DATA_DIR/tus`; S3: `@tus/s3-store` in the same bucket (S3 multipart
 *   uploads, one part of at least 5 MiB at a time).
 * - `storage`: where attached files and thumbnails live, a FileStorage of its own so attachments
 *   never appear in the admin's file list or the downloads: `DATA_DIR/attachments`, or the bucket's
 *   `S3_PREFIX` + `attachments/`.
 * - `limits`: ATTACHMENT_MAX_MB, ATTACHMENT_TICKET_MAX_FILES, ATTACHMENT_TICKET_MAX_MB, ATTACHMENT_PENDING_IP_MB, ATTACHMENT_PENDING_TOTAL_MB.
 * - `pending`: the anonymous upload bytes not yet attached (quota.ts).
 * - `images`: the image processes (imagePool.ts), started on first use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { Config } from '../../config';
import type { Services } from '../../services';
import { createStorage, type FileStorage, type StorageSettings } from '../../storage';
import { createImagePool, type ImagePool } from './imagePool';
import { PendingLedger } from './quota';

/** A day: unfinished uploads, and finished ones never attached, are removed after it. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The tus data stores used here (both can read a finished upload back). */
export type UploadStore = FileStore | S3Store;

export interface AttachmentRuntime {
  uploads: UploadStore;
  storage: FileStorage;
  limits: Config['attachments'];
  /** `Date.now()` of the last clean-up pass in this process (sweep.ts). */
  lastSweep: number;
  /** Anonymous upload bytes not yet attached (quota.ts). */
  pending: PendingLedger;
  /** The image processes that decode and re-encode images (imagePool.ts). */
  images: ImagePool;
}

const runtimes = new WeakMap<object, AttachmentRuntime>();

/** Where finished attachments are stored: `DATA_DIR/attachments`, or `attachments/` under the S3 prefix. */
export function attachmentStorageSettings(config: Pick<Config, 'dataDir' | 'storage'>): StorageSettings {
  const settings = config.storage;
  return settings.kind === 'disk' ? { kind: 'disk', dir: path.join(config.dataDir, 'attachments') } : { ...settings, prefix: `${settings.prefix}attachments/` };
}

/**
 * `@tus/file-store` whose constructor leaves the upload folder to its caller. The library's
 * constructor starts an unawaited `mkdir` (its own "TODO: this async call can not happen in the
 * constructor"), whose callback throws on failure: an uncaught exception at some later moment
 * instead of an error at start-up, and a write into DATA_DIR still pending after the app is up (a
 * test's clean-up removing DATA_DIR met ENOTEMPTY). The hook is a private method of @tus/file-store
 * 2.x; should a later version rename it, the library's own mkdir runs again, which runtime.test.ts
 * catches (it removes the folder right after start).
 */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/**
 * Builds the tus data store and the attachment storage named by `config`. On disk the upload folder
 * is created here, synchronously, mode 0700 (unfinished uploads are customer files); throws the `fs`
 * error (EACCES, ENOTDIR, ...) of a folder that cannot be made.
 */
export function createAttachmentRuntime(config: Config): AttachmentRuntime {
  const settings = config.storage;
  if (settings.kind === 'disk') {
    const directory = path.join(config.dataDir, 'tus');
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    return {
      uploads: new PreparedFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
      storage: createStorage(attachmentStorageSettings(config)),
      limits: config.attachments,
      lastSweep: 0,
      pending: new PendingLedger(),
      images: createImagePool(config.attachments),
    };
  }
  const uploads = new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Object tags are not supported by every S3-compatible service (s3rver, some MinIO setups).
    useTags: false,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    uploads,
    storage: createStorage(attachmentStorageSettings(config)),
    limits: config.attachments,
    lastSweep: 0,
    pending: new PendingLedger(),
    images: createImagePool(config.attachments),
  };
}

/** The runtime of `s`'s configuration (made on first use; the app's routes and its inbound mail share it). */
export function attachmentsFor(s: Pick<Services, 'config'>): AttachmentRuntime {
  let rt = runtimes.get(s.config);
  if (!rt) {
    rt = createAttachmentRuntime(s.config);
    runtimes.set(s.config, rt);
  }
  return rt;
}
