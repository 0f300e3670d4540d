/**
 * SHA-256 checksums of the downloads (docs/api.md "GET /api/downloads/checksums"), computed once and stored,
 * never per request:
 * - uploaded files: hashed while they stream into storage (routes.ts, recordDigest) and kept in
 *   download_digests with the storage version (etag) they belong to; a file without a row for its
 *   current version (uploaded before checksums existed, or replaced by hand) is hashed once, from
 *   storage, the first time the checksums are asked for, and stored;
 * - built-in files: hashed once per process when first rendered (downloads/builtins.ts).
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { downloadDigests } from '../../db/schema';
import type { FileStorage } from '../../storage';

/** One stored checksum: the file, the storage version it was computed from, the hex SHA-256. */
export interface DigestRecord {
  fileName: string;
  etag: string;
  sha256: string;
}

/** Stores (or replaces) the checksum of a file's version. */
export async function recordDigest(db: Database, d: DigestRecord, now: Date): Promise<void> {
  await db
    .insert(downloadDigests)
    .values({ ...d, computedAt: now })
    .onConflictDoUpdate({ target: downloadDigests.fileName, set: { etag: sql`excluded.etag`, sha256: sql`excluded.sha256`, computedAt: sql`excluded.computed_at` } });
}

/** Hex SHA-256 of a stored file's version `etag`, or null when it is gone or changed meanwhile. */
async function hashStored(storage: FileStorage, name: string, etag: string): Promise<string | null> {
  try {
    const stream = await storage.read(name, { etag });
    if (!stream) return null;
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null; // changed or removed while reading: asked again next time
  }
}

/**
 * The checksum of every uploaded file, by name: stored rows for their current version, and the
 * missing ones computed once (one at a time) and stored.
 */
export async function uploadedDigests(db: Database, storage: FileStorage, now: Date): Promise<Record<string, string>> {
  const files = await storage.list();
  if (files.length === 0) return {};
  const rows = await db
    .select()
    .from(downloadDigests)
    .where(inArray(downloadDigests.fileName, files.map((f) => f.name)));
  const known = new Map(rows.map((r) => [r.fileName, r]));
  const out: Record<string, string> = {};
  for (const f of files) {
    const row = known.get(f.name);
    if (row && row.etag === f.etag) {
      out[f.name] = row.sha256;
      continue;
    }
    const sha256 = await hashStored(storage, f.name, f.etag);
    if (!sha256) continue;
    await recordDigest(db, { fileName: f.name, etag: f.etag, sha256 }, now);
    out[f.name] = sha256;
  }
  return out;
}
