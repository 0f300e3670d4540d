/**
 * Where a download comes from (SPEC.md 2 "Downloads"): a built-in catalogue file first (their names
 * are reserved, so no upload can shadow them), else the uploaded file in storage.
 */
import { Readable } from 'node:stream';
import { StorageChangedError, type ByteRange, type FileStorage } from '../../storage';
import type { createBuiltIns } from './builtins';

/** One downloadable file: its validators and a way to stream it (or a byte range of it). */
export interface DownloadSource {
  size: number;
  modified: Date;
  etag: string;
  /** Streams the file; StorageChangedError when it changed since these validators were read. */
  open(range?: ByteRange): Promise<Readable>;
}

/** The download called `fileName`, or null when there is none. */
export async function findDownload(
  storage: FileStorage,
  builtIns: ReturnType<typeof createBuiltIns>,
  fileName: string,
): Promise<DownloadSource | null> {
  const builtIn = builtIns.get(fileName);
  if (builtIn) {
    const file = await builtIn;
    return {
      size: file.data.length,
      modified: file.modified,
      etag: file.etag,
      open: async (range) => Readable.from([range ? file.data.subarray(range.start, range.end + 1) : file.data]),
    };
  }
  const stored = await storage.stat(fileName);
  if (!stored) return null;
  return {
    size: stored.size,
    modified: stored.modified,
    etag: stored.etag,
    open: async (range) => {
      const stream = await storage.read(fileName, { range, etag: stored.etag });
      // Deleted between stat and read: report it like a change, the route looks again.
      if (!stream) throw new StorageChangedError(fileName);
      return stream;
    },
  };
}
