/**
 * The file storage contract (DESIGN.md 7 "Files are stored behind a small storage
 * interface"): uploaded files live on the local disk (default) or in any S3-compatible store. The
 * API's features only see this interface; createApp receives an implementation through its deps.
 *
 * Guarantees every implementation keeps (checked by contract.test.ts on disk and on a local S3):
 * - `put` streams: it never holds the whole body in memory (at most one multipart part on S3).
 * - `put` is atomic: the file becomes visible under its name only once the whole body was written;
 *   if the body stream fails (client aborted, too large, wrong type) nothing is left behind and a
 *   file previously stored under that name is untouched.
 * - Names are flat, validated by the shared `fileNameProblem` rule; anything else is refused.
 */
import type { Readable } from 'node:stream';
import { fileNameProblem } from '@portal/shared';

/** What storage knows about one stored file. */
export interface StoredObject {
  name: string;
  /** Bytes. */
  size: number;
  /** Time of the last completed upload under this name. */
  modified: Date;
  /** Strong HTTP validator, quoted (`"..."`); changes whenever the content may have changed. */
  etag: string;
}

/** Inclusive byte range, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Content type recorded with the object (S3 metadata). */
  contentType: string;
}

export interface ReadOptions {
  range?: ByteRange;
  /** Read only if the file still has this ETag; otherwise StorageChangedError. */
  etag?: string;
}

/** A place to keep uploaded files. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Where files go, for the start log (a folder, or `s3://bucket/prefix`). */
  describe(): string;
  /** Streams `body` to a temporary object and publishes it under `name` when complete (see module doc). */
  put(name: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** The file's metadata, or null when there is no file of that name. */
  stat(name: string): Promise<StoredObject | null>;
  /** A stream of the file (or of `range`), or null when missing. */
  read(name: string, options?: ReadOptions): Promise<Readable | null>;
  /** Every stored file, by name. */
  list(): Promise<StoredObject[]>;
  /** Removes the file; false when there was none. */
  delete(name: string): Promise<boolean>;
  /** Releases connections (S3 client). */
  close(): Promise<void>;
}

/** The file changed between `stat` and `read` (another upload replaced it). */
export class StorageChangedError extends Error {
  constructor(name: string) {
    super(`${name} changed while it was being read`);
    this.name = 'StorageChangedError';
  }
}

/**
 * Defence in depth: storage refuses any name the upload route would refuse (path traversal,
 * hidden files, unknown extensions), whatever the caller checked before.
 * @throws Error naming the problem.
 */
export function assertStorableName(name: string): void {
  const problem = fileNameProblem(name);
  if (problem) throw new Error(`Refusing to store ${JSON.stringify(name)}: ${problem}`);
}

/** True when `name` is a name storage could hold (used to skip foreign objects when listing). */
export function isStorableName(name: string): boolean {
  return fileNameProblem(name) === null;
}
