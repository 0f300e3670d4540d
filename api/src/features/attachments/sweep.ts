/**
 * Clean-up of abandoned uploads (docs/attachments.md): uploads older than a day (UPLOAD_EXPIRY_MS),
 * finished or not, leave the tus store (an attached upload was copied to the attachment storage,
 * so its tus copy is no longer needed either), and stored files older than a day whose upload was
 * never recorded on a ticket (a ticket write that failed after its files were processed) leave the
 * attachment storage. On S3 the tus store removes its unfinished multipart uploads; finished but
 * never attached tus objects are left to the bucket's lifecycle rule (README).
 *
 * Then the quota of anonymous uploads not yet attached (quota.ts) is enforced on what the store
 * holds: the ledger is rebuilt from it, and the newest uploads of an IP over ATTACHMENT_PENDING_IP_MB,
 * then of everyone over ATTACHMENT_PENDING_TOTAL_MB, are removed.
 *
 * Runs at most once an hour per process, started by a new upload (no timer of its own), and never
 * fails a request: errors are logged.
 */
import { FileStore } from '@tus/file-store';
import type { Services } from '../../services';
import { UPLOADER_KEY, type PendingLedger, type PendingUpload } from './quota';
import { recordedUploads } from './repository';
import { UPLOAD_EXPIRY_MS, attachmentsFor, type AttachmentRuntime } from './runtime';

/** Minimum time between two passes of one process. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Upload ids looked up per query. */
const ID_BATCH = 500;

/** The anonymous uploads of the tus store (disk: its info files; S3: none, the ledger starts empty). */
export async function readPendingUploads(rt: AttachmentRuntime): Promise<[string, PendingUpload][]> {
  if (!(rt.uploads instanceof FileStore)) return [];
  const out: [string, PendingUpload][] = [];
  for (const id of (await rt.uploads.configstore.list?.()) ?? []) {
    const info = await rt.uploads.configstore.get(id).catch(() => undefined);
    const tag = info?.metadata?.[UPLOADER_KEY];
    if (!info || !tag?.startsWith('anon:')) continue;
    out.push([id, { ip: tag.slice(5), bytes: info.size ?? 0, created: info.creation_date ? Date.parse(info.creation_date) : 0 }]);
  }
  return out;
}

/** Loads the ledger from the store on first use in this process. */
export async function loadPending(rt: AttachmentRuntime): Promise<PendingLedger> {
  if (!rt.pending.loaded) rt.pending.replace(await readPendingUploads(rt));
  return rt.pending;
}

/**
 * Rebuilds the ledger from the store and removes the newest anonymous uploads over the quota (per IP,
 * then in total). @returns how many uploads were removed.
 */
export async function enforcePendingQuota(rt: AttachmentRuntime): Promise<number> {
  rt.pending.replace(await readPendingUploads(rt));
  const { pendingPerIpBytes, pendingTotalBytes } = rt.limits;
  const perIp = new Map<string, number>();
  const over: string[] = [];
  let total = 0;
  // Oldest first: the first bytes of each IP (and of everyone) are kept, the newest beyond the quota go.
  for (const [id, u] of rt.pending.newestFirst().reverse()) {
    const ip = (perIp.get(u.ip) ?? 0) + u.bytes;
    if (ip > pendingPerIpBytes || total + u.bytes > pendingTotalBytes) over.push(id);
    else {
      perIp.set(u.ip, ip);
      total += u.bytes;
    }
  }
  for (const id of over) {
    await rt.uploads.remove(id).catch(() => {});
    rt.pending.remove(id);
  }
  return over.length;
}

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
  uploads += await enforcePendingQuota(rt);
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
