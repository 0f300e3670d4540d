/**
 * A real local S3 server for tests (the npm `s3rver` package; DESIGN.md 2 "Known traps": works with
 * @aws-sdk/client-s3 on Node 20 with path-style URLs). Each call starts its own server on a free
 * port of 127.0.0.1 with a fresh folder and bucket.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageSettings } from '../storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** s3rver is a Koa app: its middleware list, and its filesystem store. */
  middleware: ((ctx: ShimContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
}
interface ShimContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface LocalS3 {
  /** Settings for createS3Storage (or the S3_* variables). */
  settings: S3StorageSettings;
  endpoint: string;
  /** The server's data folder (objects and in-progress multipart parts). */
  directory: string;
  close(): Promise<void>;
}

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver with one bucket; `partSize` small enough to exercise multipart uploads with small files. */
export async function startLocalS3(options: { bucket?: string; prefix?: string; partSize?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'portal-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartShim(server));
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      prefix: options.prefix ?? '',
      credentials: S3RVER_CREDENTIALS,
      partSize: options.partSize,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * What s3rver lacks of multipart uploads and `@tus/s3-store` needs: ListParts (`GET key?uploadId=`)
 * and AbortMultipartUpload (`DELETE key?uploadId=`), answered from s3rver's own upload folder
 * (`<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` plus `.md5`).
 */
function multipartShim(server: S3rverInstance) {
  return async (ctx: ShimContext, next: () => Promise<void>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const [, bucket, ...key] = ctx.path.split('/');
    if (!uploadId || !bucket || key.length === 0 || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const dir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const size = fs.statSync(path.join(dir, String(n))).size;
        const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      });
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}
