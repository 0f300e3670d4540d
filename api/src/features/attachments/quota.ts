/**
 * Quota of anonymous upload bytes not yet attached to a ticket (issue 55 defect 6; docs/attachments.md
 * "Limits"): two addresses had stored 606 MiB in under 30 s, kept a day. An anonymous upload counts
 * with its declared `Upload-Length` from its creation until it is attached (processed: its original
 * leaves the tus store), refused, abandoned (DELETE) or swept. Creating one beyond
 * ATTACHMENT_PENDING_IP_MB for the client's IP answers 429, beyond ATTACHMENT_PENDING_TOTAL_MB for
 * every anonymous client together 507, each with a clear message; staff uploads do not count.
 *
 * The ledger is this process's memory, loaded from the tus store on first use and rebuilt by each
 * clean-up pass (sweep.ts `enforcePendingQuota`), which also removes the newest uploads of an IP, or
 * of everyone, over the quota: uploads that other processes took are cut back there.
 */
import { ApiError } from '../../http/errors';

/** Tus metadata key the server sets on each upload: `anon:<ip>` or `staff:<user id>` (tus.ts; never the client's value). */
export const UPLOADER_KEY = 'portal_by';

/** Whether an upload's server-set uploader tag names an anonymous client (a missing tag counts as anonymous). */
export const isAnonymousTag = (tag: string | null | undefined) => !tag?.startsWith('staff:');

/** One anonymous upload the quota counts. */
export interface PendingUpload {
  ip: string;
  bytes: number;
  /** ms since the epoch. */
  created: number;
}

const MB = 1024 * 1024;

/** 429 message: the client's own unattached uploads fill its share. */
export const pendingIpMessage = (limit: number) =>
  `Too many unsent files from your connection: at most ${Math.round(limit / MB)} MB of files may wait to be attached. Send or remove them, or try again later.`;
/** 507 message: the server takes no more anonymous uploads for now. */
export const PENDING_TOTAL_MESSAGE = 'The server is not taking more file uploads right now. Please try again later or send your request without files.';

/** The anonymous uploads of one process (module doc). */
export class PendingLedger {
  private readonly uploads = new Map<string, PendingUpload>();
  private readonly holds = new Map<number, PendingUpload>();
  private nextHold = 0;
  /** Whether the store was read once (`load`). */
  loaded = false;

  bytesOf(ip: string): number {
    let sum = 0;
    for (const u of this.all()) if (u.ip === ip) sum += u.bytes;
    return sum;
  }

  total(): number {
    let sum = 0;
    for (const u of this.all()) sum += u.bytes;
    return sum;
  }

  private *all(): Iterable<PendingUpload> {
    yield* this.uploads.values();
    yield* this.holds.values();
  }

  /**
   * Checks and holds `bytes` for `ip` before the upload exists (synchronously: no concurrent
   * creation can pass the same check); release the hold when the creation request ended.
   * @throws 429 pendingIpMessage, 507 PENDING_TOTAL_MESSAGE.
   */
  reserve(ip: string, bytes: number, limits: { pendingPerIpBytes: number; pendingTotalBytes: number }, now: number): number {
    if (this.bytesOf(ip) + bytes > limits.pendingPerIpBytes) throw new ApiError(429, 'rate_limited', pendingIpMessage(limits.pendingPerIpBytes));
    if (this.total() + bytes > limits.pendingTotalBytes) throw new ApiError(507, 'insufficient_storage', PENDING_TOTAL_MESSAGE);
    const id = this.nextHold++;
    this.holds.set(id, { ip, bytes, created: now });
    return id;
  }

  release(hold: number): void {
    this.holds.delete(hold);
  }

  add(uploadId: string, upload: PendingUpload): void {
    this.uploads.set(uploadId, upload);
  }

  remove(uploadId: string): void {
    this.uploads.delete(uploadId);
  }

  /** The counted uploads, newest first. */
  newestFirst(): [string, PendingUpload][] {
    return [...this.uploads.entries()].sort((a, b) => b[1].created - a[1].created);
  }

  /** Replaces the counted uploads (a clean-up pass read the store). */
  replace(entries: Iterable<[string, PendingUpload]>): void {
    this.uploads.clear();
    for (const [id, u] of entries) this.uploads.set(id, u);
    this.loaded = true;
  }
}
