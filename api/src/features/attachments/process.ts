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
import sharp from 'sharp';
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

const fieldError = (message: string) => badRequest(message, { attachments: [message] });

/**
 * The file name a client sent in the tus `filename` metadata, made presentable: NFC, no control
 * characters or path parts, at most 150 characters.
 * @throws 400 when missing or unsafe text.
 */
export function cleanFileName(raw: string | null | undefined): string {
  if (!raw || !isSafeText(raw)) throw fieldError('Every upload needs a file name (tus metadata "filename").');
  const base = raw.normalize('NFC').split(/[/\\]/).pop()!.replace(/\p{Cc}/gu, '').trim();
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

/**
 * Re-encodes an image without metadata, upright and at most IMAGE_MAX_SIDE px, and makes its
 * thumbnail. @throws 400 when sharp cannot decode it.
 */
export async function reencodeImage(bytes: Buffer, fileName: string): Promise<{ data: Buffer; thumb: Buffer; ext: string; contentType: string }> {
  try {
    const source = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 });
    const meta = await source.metadata();
    const out = OUTPUT[meta.format ?? ''];
    if (!out) throw new Error(`unsupported ${meta.format}`);
    let pipeline = sharp(bytes, { failOn: 'error' }).rotate().resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    pipeline = out.ext === 'jpg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : out.ext === 'png' ? pipeline.png() : pipeline.webp({ quality: 85 });
    const data = await pipeline.toBuffer();
    const thumb = await sharp(data).resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return { data, thumb, ...out };
  } catch {
    throw fieldError(`${fileName} could not be read as an image.`);
  }
}

/** Name without its extension, with the extension of what was stored. */
const withExt = (fileName: string, ext: string) => (fileExtension(fileName) === ext ? fileName : `${fileName.replace(/\.[^.]*$/, '')}.${ext}`);

/**
 * Steps 1-4 of the module doc for one upload.
 * @throws 400 (unknown or unfinished upload, type, content), 413 (size).
 */
export async function prepareUpload(rt: AttachmentRuntime, uploadId: string): Promise<PreparedAttachment> {
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
  return processBytes(rt, uploadId, fileName, bytes);
}

/**
 * Steps 2-4 of the module doc for the whole bytes of a file already checked by name and size
 * (an upload, or a file that came with an e-mail: mail.ts). `uploadId` (32 hex digits) names what
 * is stored (the clean-up keeps files whose first 32 characters are a recorded upload id).
 * @throws 400 (content does not match the name, image not decodable).
 */
export async function processBytes(rt: AttachmentRuntime, uploadId: string, fileName: string, bytes: Buffer): Promise<PreparedAttachment> {
  await checkContent(fileName, bytes.subarray(0, SNIFF_BYTES));
  const type = attachmentTypeOf(fileName)!;
  if (!type.image) {
    const stored = await rt.storage.put(`${uploadId}.${fileExtension(fileName)}`, Readable.from([bytes]), {
      contentType: type.contentType,
    });
    return { uploadId, fileName, contentType: type.contentType, size: stored.size, storageName: stored.name, thumbName: null };
  }
  const image = await reencodeImage(bytes, fileName);
  const thumbName = `${uploadId}-thumb.webp`;
  await rt.storage.put(thumbName, Readable.from([image.thumb]), { contentType: 'image/webp' });
  const stored = await rt.storage.put(`${uploadId}.${image.ext}`, Readable.from([image.data]), { contentType: image.contentType });
  return { uploadId, fileName: withExt(fileName, image.ext), contentType: image.contentType, size: stored.size, storageName: stored.name, thumbName };
}
