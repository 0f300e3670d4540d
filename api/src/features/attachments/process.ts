/**
 * Turns a finished tus upload into a stored attachment (docs/attachments.md), before the ticket
 * write that references it:
 * 1. the upload must exist and be complete, with an accepted name and type (shared ATTACHMENT_TYPES)
 *    and at most ATTACHMENT_MAX_MB;
 * 2. its first bytes are sniffed as every upload is (files feature `checkContent`);
 * 3. images are decoded and re-encoded with sharp: turned upright, at most IMAGE_MAX_SIDE px, and
 *    written WITHOUT any metadata (EXIF, GPS location, XMP, ICC comments are dropped; sharp keeps
 *    none unless asked), plus a THUMB_MAX_SIDE px WebP thumbnail; other files are stored as sent;
 * 4. the result goes to the attachment storage under names derived from the upload id, so doing it
 *    again (a retried request) overwrites the same objects and never makes a second copy.
 */
import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { createGate } from '../../lib/concurrency';
import { UPLOADER_KEY, isAnonymousTag } from './quota';
import { IMAGE_MAX_SIDE, THUMB_MAX_SIDE, attachmentTooLargeMessage, attachmentTypeMessage, attachmentTypeOf, fileExtension, isSafeText } from '@portal/shared';
import { badRequest, tooLarge } from '../../http/errors';
import { checkContent } from '../files/port';
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
/** Seconds one image's decode and re-encode may take before sharp stops it. */
export const IMAGE_TIMEOUT_SECONDS = 20;
/**
 * One image is decoded at a time per process: sharp runs in libuv's worker threads, which also hash
 * passwords, so a burst of photos must not take them all (sign-in stays fast).
 */
const imageWork = createGate(1);

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

/** Sniffs the start of a finished upload against its name (files feature's rule). @throws 400 typeMismatch. */
export async function sniffUpload(uploads: UploadStore, uploadId: string, fileName: string): Promise<void> {
  const stream = await uploads.read(uploadId);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= SNIFF_BYTES) break;
  }
  stream.destroy();
  await checkContent(fileName, Buffer.concat(chunks, total).subarray(0, SNIFF_BYTES));
}

/** Output format of a re-encoded image: the same family, GIF becomes PNG (one frame). */
const OUTPUT: Record<string, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'png', contentType: 'image/png' },
};

/** The message of an image over `maxPixels` decoded pixels. */
export const tooManyPixelsMessage = (fileName: string, maxPixels: number) =>
  `${fileName} is too large to process: at most ${Math.round(maxPixels / 1_000_000)} megapixels.`;

/**
 * Re-encodes an image without metadata, upright and at most IMAGE_MAX_SIDE px, and makes its
 * thumbnail: one image at a time per process, at most `maxPixels` decoded pixels (sharp's
 * limitInputPixels, checked from the header before decoding), stopped after IMAGE_TIMEOUT_SECONDS.
 * @throws 400 when sharp cannot decode it, it has too many pixels or takes too long.
 */
export async function reencodeImage(
  bytes: Buffer,
  fileName: string,
  maxPixels = MAX_PIXELS,
): Promise<{ data: Buffer; thumb: Buffer; ext: string; contentType: string }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw fieldError(`${fileName} could not be read as an image.`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) throw fieldError(tooManyPixelsMessage(fileName, maxPixels));
  const out = OUTPUT[meta.format ?? ''];
  if (!out) throw fieldError(`${fileName} could not be read as an image.`);
  return imageWork.run(async () => {
    try {
      const timeout = { seconds: IMAGE_TIMEOUT_SECONDS };
      let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).timeout(timeout).rotate();
      pipeline = pipeline.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      pipeline = out.ext === 'jpg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : out.ext === 'png' ? pipeline.png() : pipeline.webp({ quality: 85 });
      const data = await pipeline.toBuffer();
      const thumb = await sharp(data).timeout(timeout).resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
      return { data, thumb, ...out };
    } catch {
      throw fieldError(`${fileName} could not be read as an image.`);
    }
  });
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
  const maxPixels = isAnonymousTag(upload.metadata?.[UPLOADER_KEY]) ? ANON_MAX_PIXELS : MAX_PIXELS;
  const prepared = await processBytes(rt, uploadId, fileName, bytes, maxPixels);
  await rt.storage.put(preparedName(uploadId), Readable.from([Buffer.from(JSON.stringify(prepared))]), { contentType: 'application/json' });
  await rt.uploads.remove(uploadId).catch(() => {});
  rt.pending.remove(uploadId);
  return prepared;
}

/**
 * Steps 2-4 of the module doc for the whole bytes of a file already checked by name and size
 * (an upload, or a file that came with an e-mail: mail.ts). `uploadId` (32 hex digits) names what
 * is stored (the clean-up keeps files whose first 32 characters are a recorded upload id).
 * @throws 400 (content does not match the name, image not decodable).
 */
export async function processBytes(rt: AttachmentRuntime, uploadId: string, fileName: string, bytes: Buffer, maxPixels = MAX_PIXELS): Promise<PreparedAttachment> {
  await checkContent(fileName, bytes.subarray(0, SNIFF_BYTES));
  const type = attachmentTypeOf(fileName)!;
  if (!type.image) {
    const stored = await rt.storage.put(`${uploadId}.${fileExtension(fileName)}`, Readable.from([bytes]), {
      contentType: type.contentType,
    });
    return { uploadId, fileName, contentType: type.contentType, size: stored.size, storageName: stored.name, thumbName: null };
  }
  const image = await reencodeImage(bytes, fileName, maxPixels);
  const thumbName = `${uploadId}-thumb.webp`;
  await rt.storage.put(thumbName, Readable.from([image.thumb]), { contentType: 'image/webp' });
  const stored = await rt.storage.put(`${uploadId}.${image.ext}`, Readable.from([image.data]), { contentType: image.contentType });
  return { uploadId, fileName: withExt(fileName, image.ext), contentType: image.contentType, size: stored.size, storageName: stored.name, thumbName };
}
