/**
 * File storage (infrastructure; imports no feature): `createStorage(settings)` builds the disk or
 * S3 implementation from the configuration (README "Configuration": FILE_STORAGE, S3_*).
 * createApp receives it through `AppDeps.storage` / `Services.storage`.
 */
import { createDiskStorage } from './disk';
import { createS3Storage, type S3StorageSettings } from './s3';
import type { FileStorage } from './types';

export type { ByteRange, FileStorage, PutOptions, ReadOptions, StoredObject } from './types';
export { StorageChangedError } from './types';
export { createDiskStorage } from './disk';
export { createS3Storage, type S3StorageSettings } from './s3';

/** Where uploaded files go (Config.storage). */
export type StorageSettings = { kind: 'disk'; dir: string } | ({ kind: 's3' } & S3StorageSettings);

/** Builds the storage named by `settings`. */
export function createStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 'disk' ? createDiskStorage(settings.dir) : createS3Storage(settings);
}
