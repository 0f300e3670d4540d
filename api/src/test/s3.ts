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
