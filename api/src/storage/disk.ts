/**
 * Local-disk file storage (the default): files live flat in one folder (`DATA_DIR/files`).
 * Uploads are written to `.uploads/<uuid>.part` in the same folder (same file system, so the final
 * `rename` is atomic), flushed with fsync, then renamed over the final name. A failed upload removes
 * its part file; part files older than a day (a crash mid-upload) are swept on the first upload of a
 * process. Files are created 0640 in a 0750 folder.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { FileReadStream } from './file-read-stream';
import { StorageChangedError, assertStorableName, isStorableName, type FileStorage, type ReadOptions, type StoredObject } from './types';

/** Folder of in-progress uploads inside the storage folder (hidden, so never listed or served). */
export const PARTIAL_DIR = '.uploads';
/** Part files older than this are leftovers of a crash and are removed. */
const STALE_PART_MS = 24 * 3_600_000;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Strong ETag from size and nanosecond mtime (like nginx's, but without its one-second blind spot). */
function etagOf(stat: { size: bigint; mtimeNs: bigint }): string {
  return `"${stat.size.toString(16)}-${stat.mtimeNs.toString(16)}"`;
}

function toObject(name: string, stat: import('node:fs').BigIntStats): StoredObject {
  return { name, size: Number(stat.size), modified: new Date(Number(stat.mtimeMs)), etag: etagOf(stat) };
}

/**
 * Bytes read per chunk of a stored file (1 MiB; fs streams default to 64 KiB): a 100 MB download is
 * 100 reads and socket writes instead of 1,600. Memory: two chunks per download being sent
 * (file-read-stream.ts reuses them), one per chunk when the file is read any other way.
 */
export const READ_CHUNK_BYTES = 1024 * 1024;

/** Creates disk storage in `dir` (created on first upload). */
export function createDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const partials = path.join(root, PARTIAL_DIR);
  let swept = false;

  /** Absolute path of `name`, checked to stay inside the root folder. */
  const pathOf = (name: string) => {
    assertStorableName(name);
    const full = path.join(root, name);
    if (path.dirname(full) !== root) throw new Error(`Refusing path outside the storage folder: ${name}`);
    return full;
  };

  async function sweepStaleParts(): Promise<void> {
    if (swept) return;
    swept = true;
    const now = Date.now();
    for (const entry of await fs.readdir(partials).catch(() => [] as string[])) {
      const file = path.join(partials, entry);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_PART_MS) await fs.rm(file, { force: true });
    }
  }

  async function stat(name: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(pathOf(name), { bigint: true });
      return s.isFile() ? toObject(name, s) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 'disk',
    describe: () => root,

    async put(name: string, body: Readable): Promise<StoredObject> {
      const target = pathOf(name);
      await fs.mkdir(partials, { recursive: true, mode: 0o750 });
      await sweepStaleParts();
      const part = path.join(partials, `${randomUUID()}.part`);
      try {
        await pipeline(body, createWriteStream(part, { flags: 'wx', mode: 0o640 }));
        // Flush to disk before publishing, so a crash never leaves a published but truncated file.
        const handle = await fs.open(part, 'r+');
        await handle.sync().finally(() => handle.close());
        await fs.rename(part, target);
      } catch (err) {
        await fs.rm(part, { force: true });
        throw err;
      }
      const stored = await stat(name);
      if (!stored) throw new Error(`${name} vanished right after it was stored`);
      return stored;
    },

    stat,

    async read(name: string, options: ReadOptions = {}): Promise<Readable | null> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(name), 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const s = await handle.stat({ bigint: true });
        if (!s.isFile()) {
          await handle.close();
          return null;
        }
        // The open handle keeps reading the file we checked, even if an upload renames a new one over it.
        if (options.etag && options.etag !== etagOf(s)) throw new StorageChangedError(name);
        return new FileReadStream(handle, options.range ?? { start: 0, end: Number(s.size) - 1 }, READ_CHUNK_BYTES);
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    },

    async list(): Promise<StoredObject[]> {
      const entries = await fs.readdir(root, { withFileTypes: true }).catch((err: unknown) => {
        if (isMissing(err)) return [];
        throw err;
      });
      const names = entries.filter((e) => e.isFile() && isStorableName(e.name)).map((e) => e.name);
      const objects = await Promise.all(names.map((n) => stat(n)));
      return objects.filter((o): o is StoredObject => o !== null).sort((a, b) => a.name.localeCompare(b.name));
    },

    async delete(name: string): Promise<boolean> {
      try {
        await fs.unlink(pathOf(name));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    close: async () => undefined,
  };
}
