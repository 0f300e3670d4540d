/**
 * Private permissions for DATA_DIR (README "Configuration"): the embedded database (WAL included),
 * uploaded files, keys and the e-mail/SMS logs hold customer data, so nobody but the app's OS user
 * may read or write them. {@link secureDataDir} runs at start, before anything opens the folder:
 *
 * - sets the process umask to 0o077, so every file and folder created from then on (by PGlite's
 *   file system too: the umask is process-wide) is 0600/0700 at most;
 * - creates DATA_DIR 0700 when missing;
 * - fixes an existing install: every file or folder under DATA_DIR with any group/other permission
 *   bit loses them (files keep the owner's bits, so 0666 becomes 0600 and 0777 becomes 0700).
 * Symbolic links are not followed. Returns how many entries were changed, for one log line.
 * PGlite writes its initial cluster with explicit 0666/0777 modes whatever the umask (measured:
 * 970 entries), so db/client.ts runs {@link tightenTree} on `pgdata` once PGlite has opened it;
 * the files it creates later (WAL segments, relations) follow the umask. DATA_DIR itself being
 * 0700 already keeps other users out of everything inside.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The umask of the process: no group or other permissions on anything it creates. */
export const PRIVATE_UMASK = 0o077;

function tighten(p: string, st: fs.Stats): number {
  if ((st.mode & 0o077) === 0) return 0;
  fs.chmodSync(p, st.mode & 0o700);
  return 1;
}

/** Removes group/other permissions from `root` and everything under it. @returns how many entries changed. */
export function tightenTree(root: string): number {
  if (!fs.existsSync(root)) return 0;
  let fixed = tighten(root, fs.lstatSync(root));
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const p = path.join(dir, entry.name);
      fixed += tighten(p, fs.lstatSync(p));
      if (entry.isDirectory()) stack.push(p);
    }
  }
  return fixed;
}

/** See the module doc. @returns entries whose permissions were tightened (0 on a fresh or correct install). */
export function secureDataDir(dataDir: string): number {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return tightenTree(dataDir);
}
