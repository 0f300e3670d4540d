/**
 * Turns a finished tus upload into a stored attachment (docs/attachments.md), before the ticket
 * write that references it:
 * 1. the upload must exist and be complete, with an accepted name and type (shared ATTACHMENT_TYPES)
 *    and at most ATTACHMENT_MAX_MB;
 * 2. its first bytes are sniffed as every upload is (files feature `checkContent`);
 * 3. images are decoded and re-encoded with sharp in an image process (imagePool.ts, killed at
 *    IMAGE_TIMEOUT_MS): turned upright, at most IMAGE_MAX_SIDE px, and written WITHOUT any
 *    metadata (EXIF, GPS location, XMP, ICC comments are dropped; sharp keeps none unless asked),
 *    plus a THUMB_MAX_SIDE px WebP thumbnail (imageEncode.ts); other files are stored as sent;
 * 4. the result goes to the attachment storage under names derived from the upload id, so doing it
 *    again (a retried request) overwrites the same objects and never makes a second copy.
 */
import { Readable } from 'node:stream';
import { UPLOADER_KEY, isAnonymousTag } from './quota';
import { attachmentTooLargeMessage, attachmentTypeMessage, attachmentTypeOf, fileExtension, isSafeText } from '@portal/shared';
import { ApiError, RateLimitedError, badRequest, tooLarge } from '../../http/errors';
import { checkContent } from '../files/port';
import type { EncodedImage } from './imageEncode';
import type { ImagePool } from './imagePool';
import type { AttachmentRuntime, UploadStore } from './runtime';

/** An upload processed and stored, ready to be recorded with a ticket write (port.ts `recordAttachments`). */
export interface PreparedAttachment {
  uploadId: string;
  fileName: string;
  contentType: string;
  /** Stored bytes. */
  size: number;
  storageName: string;
  thumbName: string | null;
}

/** Bytes `checkContent` looks at. */
const SNIFF_BYTES = 64 * 1024;
/** Longest file name kept (longer ones are cut, keeping the extension). */
const MAX_NAME = 150;

/** Bidirectional formatting characters (LRM, RLM, ALM, LRE..RLO, LRI..PDI): never kept in a file name. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Largest decoded image of an anonymous upload (issue 55: a 311 KB 9999x9999 PNG took seconds of CPU). */
export const ANON_MAX_PIXELS = 40_000_000;
/** Largest decoded image of a staff upload or an e-mail's file. */
export const MAX_PIXELS = 100_000_000;
const fieldError = (message: string) => badRequest(message, { attachments: [message] });

/**
 * The file name a client sent in the tus `filename` metadata (or an e-mail's), made presentable: NFC,
 * no control characters, no bidirectional controls (U+202E would show `gpj.exe` as `exe.jpg`; issue
 * 55) or path parts, at most 150 characters.
 * @throws 400 when missing or unsafe text.
 */
export function cleanFileName(raw: string | null | undefined): string {
  if (!raw || !isSafeText(raw)) throw fieldError('Every upload needs a file name (tus metadata "filename").');
  const base = raw.normalize('NFC').split(/[/\\]/).pop()!.replace(/\p{Cc}/gu, '').replace(BIDI_CONTROLS, '').trim();
  if (!base || base.startsWith('.')) throw fieldError('Every upload needs a file name (tus metadata "filename").');
  if (base.length <= MAX_NAME) return base;
  const ext = fileExtension(base);
  return `${base.slice(0, MAX_NAME - ext.length - 1)}.${ext}`;
}

/**
 * Checks a file name and declared size before any byte is accepted (tus upload creation).
 * @throws 400 attachmentTypeMessage; 413 attachmentTooLargeMessage.
 */
export function checkDeclared(fileName: string, size: number | undefined, maxBytes: number): void {
  if (!attachmentTypeOf(fileName)) throw fieldError(attachmentTypeMessage(fileName));
  if (size !== undefined && size > maxBytes) throw tooLarge(attachmentTooLargeMessage(maxBytes));
}

/** Reads a stream whole, refusing more than `max` bytes. */
async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > max) {
      stream.destroy();
      throw tooLarge(attachmentTooLargeMessage(max));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

/** Waits before each new read of a finished upload that came back shorter than it is (ms). */
export const SNIFF_REREAD_DELAYS_MS = [50, 200, 800];

/** Up to {@link SNIFF_BYTES} of the start of an upload, as the store gives it now. */
async function readHead(uploads: UploadStore, uploadId: string): Promise<Buffer> {
  const stream = await uploads.read(uploadId);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= SNIFF_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks, total).subarray(0, SNIFF_BYTES);
}

/**
 * Sniffs the start of a finished upload against its name (files feature's rule). `size` is the
 * upload's length in bytes (tus `Upload-Length`). An object store can answer a read right after the
 * upload's completion with fewer bytes than were stored (seen once in CI with the local S3 peer:
 * a 60-byte PDF read back empty, refused as 'The file is empty'); a short head is read again after
 * each of {@link SNIFF_REREAD_DELAYS_MS} before it is judged, so a person's file is never refused
 * for what the store had not yet made readable.
 * @throws 400 (empty, or content that contradicts the name).
 */
export async function sniffUpload(uploads: UploadStore, uploadId: string, fileName: string, size: number): Promise<void> {
  const want = Math.min(size, SNIFF_BYTES);
  let head = await readHead(uploads, uploadId);
  for (const delay of SNIFF_REREAD_DELAYS_MS) {
    if (head.length >= want) break;
    await new Promise((done) => setTimeout(done, delay));
    head = await readHead(uploads, uploadId);
  }
  await checkContent(fileName, head);
}

/** The message of an image over `maxPixels` decoded pixels. */
export const tooManyPixelsMessage = (fileName: string, maxPixels: number) =>
  `${fileName} is too large to process: at most ${Math.round(maxPixels / 1_000_000)} megapixels.`;

/** The message of an image that took longer than the image time limit. */
export const tooSlowMessage = (fileName: string) => `${fileName} took too long to process; send a smaller or simpler image.`;

/** The message when the image processes are full (anonymous uploads only). */
export const IMAGES_BUSY_MESSAGE = 'Too many images are being processed right now; please try again in a minute.';

/**
 * Re-encodes an image (imageEncode.ts: upright, at most IMAGE_MAX_SIDE px, no metadata, plus a
 * thumbnail) in one of the image processes (imagePool.ts), at most `maxPixels` decoded pixels and
 * IMAGE_TIMEOUT_MS; `anonymous` jobs are refused when IMAGE_QUEUE_MAX of them already wait.
 * @throws 400 when it cannot be decoded or has too many pixels; 422 image_too_slow when its process
 * was killed at the time limit; 429 when the queue is full.
 */
export async function reencodeImage(images: ImagePool, bytes: Buffer, fileName: string, maxPixels: number, anonymous = false): Promise<EncodedImage> {
  const result = await images.run(bytes, maxPixels, { bounded: anonymous });
  if (!('refused' in result)) return result;
  switch (result.refused) {
    case 'pixels':
      throw fieldError(tooManyPixelsMessage(fileName, maxPixels));
    case 'timeout':
      throw new ApiError(422, 'image_too_slow', tooSlowMessage(fileName), { attachments: [tooSlowMessage(fileName)] });
    case 'busy':
      throw new RateLimitedError(60, IMAGES_BUSY_MESSAGE);
    default:
      throw fieldError(`${fileName} could not be read as an image.`);
  }
}

/** Name without its extension, with the extension of what was stored. */
const withExt = (fileName: string, ext: string) => (fileExtension(fileName) === ext ? fileName : `${fileName.replace(/\.[^.]*$/, '')}.${ext}`);

/** Name of the record of a processed upload in the attachment storage (the clean-up keeps it with its files). */
const preparedName = (uploadId: string) => `${uploadId}.prepared.json`;

/** The record of an upload processed earlier (its original is gone), or null. */
async function readPrepared(rt: AttachmentRuntime, uploadId: string): Promise<PreparedAttachment | null> {
  if (!(await rt.storage.stat(preparedName(uploadId)))) return null;
  const stream = await rt.storage.read(preparedName(uploadId));
  if (!stream) return null;
  try {
    return JSON.parse((await readAll(stream, 64 * 1024)).toString('utf8')) as PreparedAttachment;
  } catch {
    return null;
  }
}

/**
 * Steps 1-4 of the module doc for one upload. Once its files are stored, the original leaves the
 * tus store at once (issue 55: a photo's GPS original must not wait a day for the clean-up), and a
 * small record lets a retried request reuse the stored result. Anonymous uploads decode at most
 * ANON_MAX_PIXELS.
 * @throws 400 (unknown or unfinished upload, type, content, pixels), 413 (size).
 */
export async function prepareUpload(rt: AttachmentRuntime, uploadId: string): Promise<PreparedAttachment> {
  const earlier = await readPrepared(rt, uploadId);
  if (earlier) return earlier;
  let upload;
  try {
    upload = await rt.uploads.getUpload(uploadId);
  } catch {
    throw fieldError('An attached file was not found or has expired; add it again.');
  }
  if (upload.size === undefined || upload.offset < upload.size) throw fieldError('An attached file has not finished uploading.');
  const fileName = cleanFileName(upload.metadata?.filename);
  checkDeclared(fileName, upload.size, rt.limits.maxFileBytes);
  const bytes = await readAll(await rt.uploads.read(uploadId), rt.limits.maxFileBytes);
  const prepared = await processBytes(rt, uploadId, fileName, bytes, isAnonymousTag(upload.metadata?.[UPLOADER_KEY]));
  await rt.storage.put(preparedName(uploadId), Readable.from([Buffer.from(JSON.stringify(prepared))]), { contentType: 'application/json' });
  await rt.uploads.remove(uploadId).catch(() => {});
  rt.pending.remove(uploadId);
  return prepared;
}

/**
 * Steps 2-4 of the module doc for the whole bytes of a file already checked by name and size
 * (an upload, or a file that came with an e-mail: mail.ts). `uploadId` (32 hex digits) names what
 * is stored (the clean-up keeps files whose first 32 characters are a recorded upload id).
 * `anonymous` (an anonymous upload): at most ANON_MAX_PIXELS, else MAX_PIXELS, and a full image
 * queue refuses it.
 * @throws 400 (content does not match the name, image not decodable or too many pixels), 422 (image
 * over the time limit), 429 (image queue full).
 */
export async function processBytes(rt: AttachmentRuntime, uploadId: string, fileName: string, bytes: Buffer, anonymous = false): Promise<PreparedAttachment> {
  await checkContent(fileName, bytes.subarray(0, SNIFF_BYTES));
  const type = attachmentTypeOf(fileName)!;
  if (!type.image) {
    const stored = await rt.storage.put(`${uploadId}.${fileExtension(fileName)}`, Readable.from([bytes]), {
      contentType: type.contentType,
    });
    return { uploadId, fileName, contentType: type.contentType, size: stored.size, storageName: stored.name, thumbName: null };
  }
  const image = await reencodeImage(rt.images, bytes, fileName, anonymous ? ANON_MAX_PIXELS : MAX_PIXELS, anonymous);
  const thumbName = `${uploadId}-thumb.webp`;
  await rt.storage.put(thumbName, Readable.from([image.thumb]), { contentType: 'image/webp' });
  const stored = await rt.storage.put(`${uploadId}.${image.ext}`, Readable.from([image.data]), { contentType: image.contentType });
  return { uploadId, fileName: withExt(fileName, image.ext), contentType: image.contentType, size: stored.size, storageName: stored.name, thumbName };
}
