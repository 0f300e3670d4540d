/**
 * The `file.upload` outbox kind (README "Attachments"): a photo or file stored in IndexedDB with
 * its queued item and sent with tus (`tus-js-client`) to `/api/uploads`, resumable: the upload URL
 * is written into the item as soon as the server made it (`payload.uploadUrl`), so an upload cut at
 * 60% resumes at 60% after a reload, a killed browser or a server restart (tus asks the server for
 * its offset). Progress is kept in `payload.sent` for the screens.
 *
 * Generic (it names no feature): a write that needs files enqueues them first in ITS OWN stream
 * ({@link enqueueFileUploads}) and refers to each by a placeholder string (`upload:<ref>`) anywhere
 * in its payload. The stream is sent in order, so the files go before the write; when a file is
 * uploaded, every later item of the stream gets the placeholder replaced by the upload id (one
 * settling transaction). A file the server refuses (4xx: type, size) is dropped from those payloads
 * and reported, so the write itself is never held back by it. Sent by the open app only (the
 * service worker has no XMLHttpRequest): there it waits like an item without network.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { NetworkError, type HttpResponse } from '../lib/http';
import type { OfflineDb, OutboxItem } from './db';
import { isItemOf, type OutboxKind } from './kinds';
import { enqueue } from './outbox';

/** Name of the kind (stored on queued items: never rename). */
export const FILE_UPLOAD = 'file.upload';
/** The tus endpoint. */
export const UPLOAD_ENDPOINT = '/api/uploads';
/**
 * Bytes per PATCH (bodies stay under common proxy limits; the server keeps the bytes of a cut PATCH
 * anyway). 1 MiB PATCHes measured about half the throughput of one streaming request, 8 MiB close
 * to it (README "Attachments"); a phone's compressed photo fits in one.
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export interface FileUploadPayload {
  /** Random id the placeholder names. */
  ref: string;
  file: Blob;
  fileName: string;
  size: number;
  /** The tus upload URL once created (resume point). */
  uploadUrl: string | null;
  /** Bytes the server has confirmed. */
  sent: number;
}

/** What a sent file becomes: its upload id, or null with the server's reason when refused. */
export interface FileUploadResult {
  uploadId: string | null;
  error?: string;
}

export type FileUploadItem = OutboxItem<FileUploadPayload, never, FileUploadResult>;

/** The placeholder a payload uses for a file not uploaded yet. */
export const uploadPlaceholder = (ref: string): string => `upload:${ref}`;

/** Replaces (or, with null, removes) `from` in every array inside `value`, deeply; returns a copy. */
function replaceDeep(value: unknown, from: string, to: string | null): unknown {
  if (Array.isArray(value)) return value.flatMap((v) => (v === from ? (to === null ? [] : [to]) : [replaceDeep(v, from, to)]));
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, from, to)]));
  }
  return value;
}

function refusal(err: Error): string {
  const text = (err as DetailedError).originalResponse?.getBody() ?? '';
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text || err.message;
  }
}

/** Runs (or resumes) the tus upload of `item`; see the module doc. */
function sendFile(item: OutboxItem<FileUploadPayload, never, FileUploadResult>, db: OfflineDb): Promise<HttpResponse> {
  if (typeof XMLHttpRequest === 'undefined') return Promise.reject(new NetworkError('Files are sent by the open app'));
  const { file, fileName, uploadUrl } = item.payload;
  return new Promise((resolve, reject) => {
    let lastWrite = 0;
    const upload: Upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      uploadUrl: uploadUrl ?? null,
      metadata: { filename: fileName, filetype: file.type || 'application/octet-stream' },
      chunkSize: UPLOAD_CHUNK_BYTES,
      // The outbox owns retries (backoff, connectivity triggers); tus only resumes.
      retryDelays: [],
      storeFingerprintForResuming: false,
      onUploadUrlAvailable() {
        void db.outbox.update(item.seq, (i) => {
          (i.payload as FileUploadPayload).uploadUrl = upload.url;
        });
      },
      onProgress(sent) {
        const now = Date.now();
        if (now - lastWrite < 250 && sent < file.size) return;
        lastWrite = now;
        void db.outbox.update(item.seq, (i) => {
          (i.payload as FileUploadPayload).sent = sent;
        });
      },
      onSuccess() {
        resolve({ status: 201, retryAfterMs: null, body: { uploadId: upload.url?.split('/').pop() ?? null } satisfies FileUploadResult });
      },
      onError(err) {
        const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
        if (!status) reject(new NetworkError());
        else if (status >= 500 || status === 429 || status === 423 || status === 408) resolve({ status, retryAfterMs: null, body: undefined });
        else resolve({ status: 200, retryAfterMs: null, body: { uploadId: null, error: refusal(err) } satisfies FileUploadResult });
      },
    });
    upload.start();
  });
}

/** The kind (see the module doc). */
export const fileUploadKind: OutboxKind<FileUploadPayload, never, FileUploadResult> = {
  kind: FILE_UPLOAD,
  auth: 'anonymous',
  request: () => ({ method: 'POST', url: UPLOAD_ENDPOINT }),
  send: (item, { db }) => sendFile(item, db),
  async onSuccess({ db, item, body }) {
    const result = body as FileUploadResult;
    const from = uploadPlaceholder(item.payload.ref);
    const later = (await db.outbox.where('stream').equals(item.stream).toArray()).filter((i) => i.seq > item.seq);
    for (const other of later) {
      const payload = replaceDeep(other.payload, from, result.uploadId);
      await db.outbox.update(other.seq, { payload });
    }
    return result;
  },
  notices: {
    sent: () => null,
  },
};

/** True for items of {@link fileUploadKind}. */
export const isFileUpload = (item: OutboxItem): item is FileUploadItem => isItemOf(fileUploadKind, item);

/**
 * Queues `files` in `stream` (before the write that refers to them) and returns their placeholders,
 * in order, to put into that write's payload.
 */
export async function enqueueFileUploads(db: OfflineDb, stream: string, files: readonly { file: Blob; name: string }[], label: string): Promise<string[]> {
  const out: string[] = [];
  for (const { file, name } of files) {
    const ref = crypto.randomUUID();
    await enqueue<FileUploadPayload>(db, {
      kind: FILE_UPLOAD,
      stream,
      label: `${label}: ${name}`,
      user: null,
      payload: { ref, file, fileName: name, size: file.size, uploadUrl: null, sent: 0 },
    });
    out.push(uploadPlaceholder(ref));
  }
  return out;
}

/** Progress of one queued file, for the screens. */
export interface FileUploadView {
  seq: number;
  fileName: string;
  size: number;
  sent: number;
  /** True while it waits for a connection (it failed to reach the server, or the app is offline). */
  waiting: boolean;
}

/** The views of the stream's queued files. */
export function fileUploadViews(items: readonly OutboxItem[]): FileUploadView[] {
  return items.filter(isFileUpload).map((i) => ({
    seq: i.seq,
    fileName: i.payload.fileName,
    size: i.payload.size,
    sent: i.payload.sent,
    waiting: i.state === 'pending' && (i.lastError !== null || i.attempts === 0),
  }));
}
