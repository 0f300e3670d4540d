/**
 * The folder a development log transport writes into (`DATA_DIR/outbox-log` and its `mail/`, mode
 * 0700; email.ts, sms.ts). It is created by the first write instead of before every message (one
 * thread-pool call less per send), and created again when a write finds it gone (ENOENT:
 * someone cleared the log), so no message is lost to a deleted folder.
 */
import fs from 'node:fs/promises';

/** Runs writes into `dir` (see module doc); a write is retried once after re-creating the folder. */
export type LogFolderWrite = <T>(write: () => Promise<T>) => Promise<T>;

export function logFolder(dir: string): LogFolderWrite {
  let ready: Promise<unknown> | null = null;
  const ensure = () =>
    (ready ??= fs.mkdir(dir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      ready = null;
      throw err;
    }));
  return async (write) => {
    await ensure();
    try {
      return await write();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      ready = null;
      await ensure();
      return write();
    }
  };
}
