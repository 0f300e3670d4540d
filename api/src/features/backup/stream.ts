/**
 * Reading and writing the archive's records (archive.ts): gzip over JSON lines. The writer goes to
 * `FILE.partial` (0600) and renames it to FILE only when the `end` record is written and flushed, so
 * a failed or interrupted backup never leaves a file that looks complete.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { ArchiveError, type ArchiveRecord } from './archive';

/** A record sink on a file. */
export interface ArchiveWriter {
  write(record: ArchiveRecord): Promise<void>;
  /** Flushes, fsyncs and renames the partial file to its name. @returns the archive's size in bytes. */
  finish(): Promise<number>;
  /** Removes the partial file (after a failure). */
  abort(): Promise<void>;
}

/** Opens `file` for writing (see module doc). */
export function createArchiveWriter(file: string): ArchiveWriter {
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600, flags: 'w' });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  let failed: Error | null = null;
  const onError = (err: Error) => {
    failed ??= err;
  };
  out.on('error', onError);
  gzip.on('error', onError);
  return {
    async write(record) {
      if (failed) throw failed;
      if (!gzip.write(`${JSON.stringify(record)}\n`)) await Promise.race([once(gzip, 'drain'), once(out, 'error')]);
      if (failed) throw failed;
    },
    async finish() {
      gzip.end();
      await once(out, 'finish');
      if (failed) throw failed;
      const fd = fs.openSync(partial, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(partial, file);
      return fs.statSync(file).size;
    },
    async abort() {
      gzip.destroy();
      out.destroy();
      await fs.promises.rm(partial, { force: true });
    },
  };
}

/** The records of an archive, in order. @throws ArchiveError on a damaged file. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveRecord> {
  const input = fs.createReadStream(file).pipe(createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (!line) continue;
      let record: ArchiveRecord;
      try {
        record = JSON.parse(line) as ArchiveRecord;
      } catch {
        throw new ArchiveError('The backup file is damaged (a record is not valid JSON).');
      }
      yield record;
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`The backup file cannot be read: ${(err as Error).message}.`);
  } finally {
    lines.close();
    input.destroy();
  }
}
