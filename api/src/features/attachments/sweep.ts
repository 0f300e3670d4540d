/**
 * Clean-up of abandoned uploads (README "Attachments"): uploads older than a day (UPLOAD_EXPIRY_MS),
 * finished or not, leave the tus store (an attached upload was copied to the attachment storage,
 * so its tus copy is no longer needed either), and stored files older than a day whose upload was
 * never recorded on a ticket (a ticket write that failed after its files were processed) leave the
 * attachment storage. On S3 the tus store removes its unfinished multipart uploads; finished but
 * never attached tus objects are left to the bucket's lifecycle rule (README).
 *
 * Runs at most once an hour per process, started by a new upload (no timer of its own), and never
 * fails a request: errors are logged.
 */
import { FileStore } from '@tus/file-store';
import type { Services } from '../../services';
import { recordedUploads } from './repository';
import { UPLOAD_EXPIRY_MS, attachmentsFor } from './runtime';

/** Minimum time between two passes of one process. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Upload ids looked up per query. */
const ID_BATCH = 500;

/** Removes what the module doc says; returns how many tus uploads and stored files went. */
export async function sweepAttachments(s: Pick<Services, 'config' | 'db'>, now: Date): Promise<{ uploads: number; files: number }> {
  const rt = attachmentsFor(s);
  const cutoff = now.getTime() - UPLOAD_EXPIRY_MS;
  let uploads = 0;
  if (rt.uploads instanceof FileStore) {
    const ids = (await rt.uploads.configstore.list?.()) ?? [];
    for (const id of ids) {
      const info = await rt.uploads.configstore.get(id);
      if (info?.creation_date && Date.parse(info.creation_date) < cutoff) {
        await rt.uploads.remove(id).catch(() => {});
        uploads += 1;
      }
    }
  } else {
    // Needs ListMultipartUploads; a store without it (s3rver) still gets its stored files swept.
    uploads = await rt.uploads.deleteExpired().catch(() => 0);
  }
  const old = (await rt.storage.list()).filter((o) => o.modified.getTime() < cutoff);
  const idOf = (name: string) => name.slice(0, 32);
  const ids = [...new Set(old.map((o) => idOf(o.name)))];
  const kept = new Set<string>();
  for (let i = 0; i < ids.length; i += ID_BATCH) for (const id of await recordedUploads(s.db, ids.slice(i, i + ID_BATCH))) kept.add(id);
  let files = 0;
  for (const o of old) {
    if (kept.has(idOf(o.name))) continue;
    if (await rt.storage.delete(o.name)) files += 1;
  }
  return { uploads, files };
}

/** Starts {@link sweepAttachments} when the last pass of this process is over an hour old. */
export function maybeSweep(s: Services): void {
  const rt = attachmentsFor(s);
  const now = s.clock();
  if (now.getTime() - rt.lastSweep < SWEEP_EVERY_MS) return;
  rt.lastSweep = now.getTime();
  sweepAttachments(s, now).then(
    (r) => {
      if (r.uploads || r.files) s.logger.info('attachments: abandoned uploads removed', r);
    },
    (err: unknown) => s.logger.warn('attachments: clean-up failed', { error: err instanceof Error ? err.name : 'unknown' }),
  );
}
