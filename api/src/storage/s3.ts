/**
 * S3-compatible file storage (`FILE_STORAGE=s3`): AWS S3, MinIO, Ceph, Wasabi, R2 and the like,
 * through `@aws-sdk/client-s3`. Objects are stored flat under an optional key prefix.
 *
 * Uploads read the body in parts of `partSize` bytes (default 8 MiB, so memory stays flat): a body
 * smaller than one part is sent with one PutObject; larger bodies use a multipart upload, which S3
 * makes visible under the key only when CompleteMultipartUpload succeeds (the S3 equivalent of
 * "temporary name, then rename"). A failed body aborts the multipart upload; nothing is published.
 * Reads pass `Range` and `If-Match` through, so a file replaced mid-download is noticed.
 * Checksums are only sent when the service requires them (`WHEN_REQUIRED`): S3-compatible stores
 * differ in which of the newer checksum headers they accept.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { StorageChangedError, assertStorableName, isStorableName, type FileStorage, type ReadOptions, type StoredObject } from './types';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** Endpoint URL of an S3-compatible service; unset for AWS. */
  endpoint?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), which most self-hosted services need. */
  forcePathStyle: boolean;
  /** Key prefix such as `portal/files/` ('' for none). */
  prefix: string;
  /** Static credentials; unset -> the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Multipart part size in bytes (default 8 MiB; S3 needs at least 5 MiB except for the last part). */
  partSize?: number;
}

/** Default multipart part size: 8 MiB (S3's minimum is 5 MiB for all but the last part). */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isNotFound = (err: unknown) =>
  statusOf(err) === 404 || (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey'));

/**
 * Streams `body` to `key`: one PutObject when it fits in one part, else a multipart upload sent
 * part by part as the stream fills them (backpressure); a failed multipart upload is aborted.
 */
async function putMultipart(target: { client: S3Client; bucket: string; partSize: number }, key: string, body: Readable, contentType: string): Promise<void> {
  const { client, bucket, partSize } = target;
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const sendPart = async (data: Buffer) => {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))).UploadId;
    const partNumber = parts.length + 1;
    const res = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: data, ContentLength: data.length }),
    );
    parts.push({ ETag: res.ETag, PartNumber: partNumber });
  };

  try {
    // Async iteration pauses the source while a part is being sent (backpressure).
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= partSize) {
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await sendPart(data);
      }
    }
    const rest = Buffer.concat(pending, pendingBytes);
    pending = [];
    if (uploadId === undefined) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: rest, ContentLength: rest.length, ContentType: contentType }));
      return;
    }
    if (rest.length > 0) await sendPart(rest);
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
  } catch (err) {
    if (uploadId !== undefined) {
      // Best effort: a bucket lifecycle rule (AbortIncompleteMultipartUpload) cleans up what this misses.
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
    }
    body.destroy();
    throw err;
  }
}

/** Creates S3 storage; nothing is contacted until the first call. */
export function createS3Storage(settings: S3StorageSettings): FileStorage {
  const { bucket, prefix } = settings;
  const partSize = settings.partSize ?? DEFAULT_PART_SIZE;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (name: string) => {
    assertStorableName(name);
    return `${prefix}${name}`;
  };

  async function stat(name: string): Promise<StoredObject | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return { name, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0), etag: head.ETag ?? '""' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    describe: () => `s3://${bucket}/${prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,

    async put(name, body, options): Promise<StoredObject> {
      await putMultipart({ client, bucket, partSize }, keyOf(name), body, options.contentType);
      const stored = await stat(name);
      if (!stored) throw new Error(`${name} is missing right after it was stored`);
      return stored;
    },

    stat,

    async read(name: string, options: ReadOptions = {}): Promise<Readable | null> {
      const { range, etag } = options;
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
            IfMatch: etag,
          }),
        );
        const body = res.Body as Readable;
        // Stores that ignore If-Match still send the ETag of what they return: check it here too.
        if (etag && res.ETag && res.ETag !== etag) {
          body.destroy();
          throw new StorageChangedError(name);
        }
        return body;
      } catch (err) {
        if (err instanceof StorageChangedError) throw err;
        if (isNotFound(err)) return null;
        if (statusOf(err) === 412) throw new StorageChangedError(name);
        throw err;
      }
    },

    async list(): Promise<StoredObject[]> {
      const out: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(prefix.length);
          if (!isStorableName(name)) continue; // "folders" and foreign objects
          out.push({ name, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0), etag: o.ETag ?? '""' });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => a.name.localeCompare(b.name));
    },

    async delete(name: string): Promise<boolean> {
      // S3 deletes are idempotent and say nothing about existence: ask first.
      if (!(await stat(name))) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return true;
    },

    async close() {
      client.destroy();
    },
  };
}
